// `mesh reviews list|approve|reject|mark-fp` against the queue a front door wrote.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindingOf } from '../../../guard/review/call-binding.js';
import { ReviewQueue } from '../../../guard/review/review-queue.js';
import { runMesh } from '../../support/run-mesh.js';

let home: string;
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'mesh-reviews-cli-'));
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

const mesh = (args: string[]) => runMesh(args, { env: { MESH_HOME: home } });

describe('mesh reviews', () => {
  it('lists, approves, rejects and records false positives', async () => {
    const q = ReviewQueue.open(join(home, 'guard'));
    const mk = (tool: string) =>
      q.request({
        ...bindingOf({ tool, args: { a: 1 }, session: 's', rule: 'r.x' }),
        reason: 'needs a human',
        attributedTo: 'args.a',
        frontDoor: 'mcp',
        timeoutMs: 600_000,
      });
    const a = mk('One');
    const b = mk('Two');
    const list = await mesh(['reviews', 'list', '--status', 'pending', '--json']);
    expect(list.code).toBe(0);
    expect(
      (JSON.parse(list.stdout) as { reviews: { id: string }[] }).reviews.map((r) => r.id).sort(),
    ).toEqual([a.id, b.id].sort());
    expect((await mesh(['reviews', 'approve', a.id, '--by', 'alice', '--json'])).code).toBe(0);
    expect((await mesh(['reviews', 'reject', b.id, '--note', 'no'])).code).toBe(0);
    expect(q.get(a.id)?.status).toBe('approved');
    expect(q.get(b.id)?.status).toBe('rejected');
    const again = await mesh(['reviews', 'approve', b.id]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/review_already_decided/);
    expect((await mesh(['reviews', 'mark-fp', b.id, '--note', 'benign'])).code).toBe(0);
    expect(q.falsePositives().map((f) => f.rule)).toEqual(['r.x']);
    expect((await mesh(['reviews', 'list', '--status', 'bogus'])).code).toBe(2);
    expect((await mesh(['reviews', 'mark-fp', 'unknown-ref'])).code).toBe(2);
    q.close();
  });
});
