// docs/guard.md "Escalation and reviews" (quorum), through the real CLI: the quorum is declared in
// the node's config, two people approve, one approving twice counts once, a bad quorum is refused.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openReviews } from '../../node/guard/hook-service.js';
import { openStateDir } from '../../node/state/state-dir.js';
import { runMesh } from '../support/run-mesh.js';
import { ask, home, removeHomes, settles } from '../guard/review/quorum-support.js';

afterAll(removeHomes);

describe('review quorum through the CLI', () => {
  it('through the CLI: the config declares the quorum, two people approve', async () => {
    const h = home();
    writeFileSync(
      join(h, 'config.json'),
      JSON.stringify({ schema: 1, reviews: { quorum: { rules: { 'pay.*': 2 } } } }),
      { mode: 0o600 },
    );
    const init = await runMesh(['reviews', 'list', '--json'], { env: { MESH_HOME: h } });
    expect(init.code, init.stderr).toBe(0);
    // The review is requested as the door would: under the node's config.
    const q = openReviews({ stateRoot: h, state: () => openStateDir(h) });
    const held = ask(q, 'pay.large', 5000);
    const approve = (by: string): ReturnType<typeof runMesh> =>
      runMesh(['reviews', 'approve', held.id, '--by', by, '--json'], { env: { MESH_HOME: h } });
    const first = await approve('alice');
    expect(first.code, first.stderr).toBe(0);
    expect((JSON.parse(first.stdout) as { review: { status: string } }).review.status).toBe(
      'pending',
    );
    expect((await approve('Alice')).code).toBe(0);
    expect(await settles(q, held.id, held.binding)).toBe('waiting');
    const second = await approve('bob');
    expect((JSON.parse(second.stdout) as { review: { status: string } }).review.status).toBe(
      'approved',
    );
    expect(await q.wait(held.id, held.binding)).toBe('approved');
    q.close();
    writeFileSync(
      join(h, 'config.json'),
      JSON.stringify({ schema: 1, reviews: { quorum: { rules: { 'pay.*': 0 } } } }),
    );
    const bad = await runMesh(['reviews', 'list'], { env: { MESH_HOME: h } });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/reviews\.quorum\.rules\.pay\.\*/);
  }, 120_000);
});
