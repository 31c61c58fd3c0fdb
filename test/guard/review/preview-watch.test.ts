// docs/guard.md "Escalation and reviews" (previews), through the real CLI: an escalated call's review
// holds a masked preview of the exact call (a pattern secret masked, a tainted argument replaced
// whole); `mesh reviews list` and `show` print it, never the raw values; `mesh reviews watch`
// prints a pending review that appears while it runs.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Decision } from '../../../guard/decision.js';
import { resolveEscalation } from '../../../guard/review/escalate.js';
import { ReviewQueue } from '../../../guard/review/review-queue.js';
import { MESH_BIN } from '../../support/env.js';
import { runMesh } from '../../support/run-mesh.js';

const home = mkdtempSync(join(tmpdir(), 'mesh-review-preview-'));
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});
const AWS_KEY = 'AKIAZ7Q3XK2LMN4PWR5T';
const DB_PASSWORD = 'hunter2-but-long-enough-Zq81xk';
const HELD: Decision = {
  verdict: 'escalate',
  rule: 'r.pay',
  reason: 'payments need a human',
  attributed_to: 'args.memo',
  shadow: false,
};

/** Escalates one call through the library door; the review is left pending (nobody answers). */
function escalate(q: ReviewQueue, memo: string): Promise<Decision> {
  return resolveEscalation(
    HELD,
    { tool: 'mcp__bank__pay', args: { amount: 5000, memo, note: DB_PASSWORD }, session: 's' },
    {
      reviews: q,
      frontDoor: 'library',
      timeoutMs: 60_000,
      pollMs: 50,
      tainted: new Set(['args.note']),
    },
  );
}

describe('review previews and mesh reviews watch', () => {
  it('shows the masked call in list and show, never the raw values', async () => {
    const q = ReviewQueue.open(join(home, 'guard'));
    escalate(q, `key ${AWS_KEY}`).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    const [review] = q.list('pending');
    expect(review?.preview).toBe(
      '{"amount":5000,"memo":"key [aws_access_key_id]","note":"[taint]"}',
    );
    const list = await runMesh(['reviews', 'list', '--status', 'pending'], {
      env: { MESH_HOME: home },
    });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('"memo":"key [aws_access_key_id]"');
    const show = await runMesh(['reviews', 'show', review?.id ?? '', '--json'], {
      env: { MESH_HOME: home },
    });
    expect(show.code, show.stderr).toBe(0);
    expect((JSON.parse(show.stdout) as { review: { preview: string } }).review.preview).toBe(
      review?.preview,
    );
    for (const out of [list.stdout, show.stdout]) {
      expect(out).not.toContain(AWS_KEY);
      expect(out).not.toContain(DB_PASSWORD);
    }
    const missing = await runMesh(['reviews', 'show', 'nope'], { env: { MESH_HOME: home } });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/mesh reviews list/);
    q.close();
  }, 120_000);

  it('watch prints a review that appears while it runs, once', async () => {
    const child = spawn(
      process.execPath,
      [MESH_BIN, 'reviews', 'watch', '--json', '--interval', '100', '--for', '60'],
      { env: { ...process.env, MESH_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    try {
      const waitFor = async (f: () => boolean): Promise<void> => {
        for (let i = 0; i < 600 && !f(); i++) await new Promise((r) => setTimeout(r, 100));
      };
      await waitFor(() => err.includes('watching'));
      const q = ReviewQueue.open(join(home, 'guard'));
      escalate(q, 'new one').catch(() => undefined);
      await waitFor(() => out.includes('new one'));
      await new Promise((r) => setTimeout(r, 500));
      // The first look may print the earlier test's pending review after "watching": only the new
      // review's lines count.
      const fresh = out
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { preview: string; status: string })
        .filter((r) => r.preview.includes('new one'));
      expect(fresh.map((r) => [r.status, r.preview])).toEqual([
        ['pending', '{"amount":5000,"memo":"new one","note":"[taint]"}'],
      ]);
      q.close();
    } finally {
      child.kill('SIGTERM');
    }
  }, 120_000);
});
