// Parallel tool calls are parallel hook processes (docs/guard.md "Receipts"): on a node's first use,
// six `mesh guard hook` processes at once create one node key between them, and every call is
// decided, none failed closed on a half-created key.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pre } from '../guard/hook/hook-driver.js';
import { runMesh } from '../support/run-mesh.js';

describe('first use by parallel hook processes', () => {
  it('creates one node key and decides every call', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mesh-first-use-'));
    const runs = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) =>
        runMesh(['guard', 'hook', 'claude-code', '--pack', 'builtin:coding-agent'], {
          input: JSON.stringify(pre('first-use', 'Read', { file_path: `/repo/README${i}.md` })),
          env: { MESH_HOME: home },
          timeoutMs: 60_000,
        }),
      ),
    );
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(home, 'keys'))).toEqual(['node.key']);
  });
});
