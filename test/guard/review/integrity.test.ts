// docs/guard.md "Escalation and reviews": reviews an agent cannot forge, on a real SQLite queue and through the real
// CLI. A row edited in the database, an approval copied onto another review, a database rolled back
// to an older copy, and an approval by the agent itself are each refused.
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bindingOf, type CallBinding } from '../../../guard/review/call-binding.js';
import { ReviewQueue } from '../../../guard/review/review-queue.js';
import { runMesh } from '../../support/run-mesh.js';

const homes: string[] = [];
afterAll(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

function setup(): { home: string; dir: string; q: ReviewQueue } {
  const home = mkdtempSync(join(tmpdir(), 'mesh-review-int-'));
  homes.push(home);
  const dir = join(home, 'guard');
  return { home, dir, q: ReviewQueue.open(dir) };
}

function ask(q: ReviewQueue, amount: number): { id: string; binding: CallBinding } {
  const binding = bindingOf({
    tool: 'mcp__bank__pay',
    args: { amount },
    session: 's',
    rule: 'r.pay',
  });
  const r = q.request({
    ...binding,
    reason: 'payments need a human',
    attributedTo: 'args.amount',
    frontDoor: 'mcp',
    timeoutMs: 600_000,
  });
  return { id: r.id, binding };
}

const sql = (dir: string, text: string, ...params: unknown[]): void => {
  const d = new Database(join(dir, 'reviews.db'));
  d.prepare(text).run(...params);
  d.close();
};

describe('reviews an agent cannot forge', () => {
  it('keeps its MAC key outside the database, 0600', () => {
    const { home, q } = setup();
    ask(q, 1);
    q.close();
    expect(statSync(join(home, 'keys', 'reviews.mac')).mode & 0o777).toBe(0o600);
  });

  it('refuses a review approved by an SQL UPDATE', async () => {
    const { dir, q } = setup();
    const held = ask(q, 5000);
    sql(
      dir,
      "UPDATE review SET status = 'approved', approver = 'alice', decided = 1 WHERE id = ?",
      held.id,
    );
    expect(q.get(held.id)?.tampered).toBe(true);
    expect(await q.wait(held.id, held.binding)).toBe('rejected');
    expect(() => q.decide(held.id, 'approved', 'alice')).toThrow(/changed outside mesh/);
    q.close();
  });

  it('refuses an approval copied from another review', async () => {
    const { dir, q } = setup();
    const small = ask(q, 5);
    const big = ask(q, 5000);
    q.decide(small.id, 'approved', 'alice');
    expect(await q.wait(small.id, small.binding)).toBe('approved');
    const d = new Database(join(dir, 'reviews.db'));
    const row = d
      .prepare('SELECT status, approver, decided, mac FROM review WHERE id = ?')
      .get(small.id) as Record<string, unknown>;
    d.prepare('UPDATE review SET status = ?, approver = ?, decided = ?, mac = ? WHERE id = ?').run(
      row.status,
      row.approver,
      row.decided,
      row.mac,
      big.id,
    );
    d.close();
    expect(await q.wait(big.id, big.binding)).toBe('rejected');
    q.close();
  });

  it('refuses a database rolled back to an older copy', () => {
    const { dir, q } = setup();
    ask(q, 1);
    q.close();
    const db = join(dir, 'reviews.db');
    const old = join(dir, 'old.db');
    copyFileSync(db, old);
    const q2 = ReviewQueue.open(dir);
    const later = ask(q2, 2);
    q2.decide(later.id, 'rejected', 'alice');
    q2.close();
    copyFileSync(old, db);
    rmSync(`${db}-wal`, { force: true });
    rmSync(`${db}-shm`, { force: true });
    expect(() => ReviewQueue.open(dir)).toThrow(/older than its high-water mark/);
  });

  it("refuses an approval by the requesting agent, or from inside an agent's tool call", async () => {
    const { home, q } = setup();
    const held = ask(q, 5000);
    expect(() => q.decide(held.id, 'approved', 'mcp-agent')).toThrow(/requesting agent/);
    const env = { MESH_HOME: home };
    for (const marker of [{ CLAUDECODE: '1' }, { MESH_GUARD_DOOR: 'mcp-proxy' }]) {
      const r = await runMesh(['reviews', 'approve', held.id, '--by', 'alice'], {
        env: { ...env, ...marker },
      });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/review_self_approval/);
    }
    expect(q.get(held.id)?.status).toBe('pending');
    const ok = await runMesh(['reviews', 'approve', held.id, '--by', 'alice'], { env });
    expect(ok.code, ok.stderr).toBe(0);
    expect(await q.wait(held.id, held.binding)).toBe('approved');
    q.close();
  }, 60_000);
});
