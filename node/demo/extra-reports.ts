// `mesh demo`, the eager node: after its one report, node 0 tries EXTRA_TRIES more in the same window
// with the same organisation key. The issuer gives one token per organisation per window (docs/dap.md
// "Report tokens"), so each further try is refused before it reaches the Leader.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeError } from '../errors.js';
import { runMeshCommand } from './children.js';
import type { DemoMesh } from './mesh-setup.js';

/** How many more reports node 0 tries to send in its window with its organisation's key. */
export const EXTRA_TRIES = 5;

/** Why one try was not sent: `mesh dap submit`'s error code and the issuer's detail. */
export interface Refusal {
  error: string;
  detail: string;
}

/** `mesh dap submit` of EXTRA_TRIES copies of this window's report, with the same organisation key. */
/**
 * @throws NodeError io_failed when `mesh report build` fails or `mesh dap submit` prints no result.
 * @example const { accepted, refused } = await tryMore(home, demoMesh, 'orgs/acme.key', windowStart);
 */
export async function tryMore(
  home: string,
  m: DemoMesh,
  orgKey: string,
  windowStart: number,
): Promise<{ accepted: number; refused: Refusal[] }> {
  const env = { MESH_HOME: home };
  const b = await runMeshCommand(
    ['report', 'build', '--window', String(windowStart), '--org-key', orgKey, '--json'],
    { env, timeoutMs: 120_000 },
  );
  if (b.code !== 0)
    throw new NodeError(
      'io_failed',
      `node ${home}: mesh report build exit ${String(b.code)}: ${b.stderr.trim()}`,
    );
  const built = JSON.parse(b.stdout.trim().split('\n').pop() ?? '') as { vector: number[] };
  const file = join(home, 'extra-reports.jsonl');
  writeFileSync(file, `${JSON.stringify(built.vector)}\n`.repeat(EXTRA_TRIES));
  const r = await runMeshCommand(
    [
      'dap',
      'submit',
      '--task',
      m.clientTask,
      '--measurements',
      file,
      '--time',
      String(windowStart),
      '--org-key',
      orgKey,
      '--json',
    ],
    { env, timeoutMs: 120_000 },
  );
  let out: { accepted?: number; refused?: Refusal[] } = {};
  try {
    out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as typeof out;
  } catch {
    // no JSON: reported below
  }
  if (typeof out.accepted !== 'number' || !Array.isArray(out.refused))
    throw new NodeError(
      'io_failed',
      `node ${home}: mesh dap submit exit ${String(r.code)}: ${r.stdout.trim() || r.stderr.trim()}`,
    );
  return {
    accepted: out.accepted,
    refused: out.refused.map((x) => ({ error: x.error, detail: x.detail })),
  };
}
