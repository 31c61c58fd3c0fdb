// Test helper: NDJSON events through one real `mesh guard decide` process (one stdin stream, so they
// share in-process taint per session); one decision per event.
import { expect } from 'vitest';
import type { Decision } from '../../../guard/decision.js';
import { runMesh } from '../../support/run-mesh.js';

export async function decideEvents(
  home: string,
  events: unknown[],
  extra: string[] = [],
): Promise<Decision[]> {
  const r = await runMesh(
    ['guard', 'decide', '--pack', 'builtin:coding-agent', '--no-receipts', ...extra],
    { env: { MESH_HOME: home }, input: events.map((e) => JSON.stringify(e)).join('\n') + '\n' },
  );
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Decision);
}
