// A node home for the tests that run the real receipts CLI (docs/guard.md "Receipts"): the store's
// path, `mesh` with `--state` set to the home, and three calls (a destructive delete, a listing, a
// credential read) decided by `mesh guard decide` with a given node key.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runMesh, type MeshRun } from '../../support/run-mesh.js';

/** The three calls, as NDJSON (what `mesh guard decide` reads). */
export const EVENTS = [
  { phase: 'call', tool: 'Bash', args: { command: 'rm -rf ~' } },
  { phase: 'call', tool: 'Bash', args: { command: 'ls' } },
  { phase: 'call', tool: 'Read', args: { file_path: '/home/u/.ssh/id_ed25519' } },
]
  .map((e) => JSON.stringify(e))
  .join('\n');

export interface ReceiptsNode {
  home: string;
  /** The node key file `decide` signs with, below the home. */
  key: string;
  /** `<home>/guard/receipts.db` */
  db: string;
  mesh: (args: string[], input?: string) => Promise<MeshRun>;
  /** The three calls, decided and receipted (signed with KEY). */
  decide: () => Promise<void>;
}

/** A fresh home under the temp folder; KEYPATH (relative to it) is the node key file. */
export function receiptsNode(prefix: string, keyPath: string, timeoutMs: number): ReceiptsNode {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const key = join(home, keyPath);
  const mesh = (args: string[], input?: string): Promise<MeshRun> =>
    runMesh(['--state', home, ...args], { ...(input === undefined ? {} : { input }), timeoutMs });
  return {
    home,
    key,
    db: join(home, 'guard', 'receipts.db'),
    mesh,
    decide: async () => {
      const r = await mesh(
        ['guard', 'decide', '--pack', 'builtin:coding-agent', '--node-key', key],
        EVENTS,
      );
      expect(r.code, r.stderr).toBe(0);
    },
  };
}
