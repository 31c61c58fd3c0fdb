// Calls of the DAP interop test API (janus' DAP-18 dialect) for the interop suites: every answer is
// 200 with a JSON status, and a task is added to the collector, then to the Leader and the Helper.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';

export type Answer = Record<string, unknown>;

export const b64 = (n: number): string => randomBytes(n).toString('base64url');

export async function call(base: string, path: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${base}/internal/test/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Answer;
}

export async function ok(base: string, path: string, body: unknown): Promise<Answer> {
  const r = await call(base, path, body);
  expect(r, `${path}: ${String(r.error)}`).toMatchObject({ status: 'success' });
  return r;
}

/**
 * Adds `task` to the collector (played by the Helper's process), the Leader at `l` and the Helper
 * at `h`; returns the aggregator request and the collector token, to add them again.
 */
export async function addInteropTask(
  l: string,
  h: string,
  task: Answer,
): Promise<{ aggregator: Answer; collectorToken: string }> {
  const collectorToken = b64(16);
  const added = await ok(h, 'add_task', {
    ...task,
    collector_authentication_token: collectorToken,
  });
  const aggregator = {
    ...task,
    leader_authentication_token: b64(16),
    vdaf_verify_key: b64(32),
    collector_hpke_config: added.collector_hpke_config,
  };
  await ok(l, 'add_task', {
    ...aggregator,
    role: 'leader',
    collector_authentication_token: collectorToken,
  });
  await ok(h, 'add_task', { ...aggregator, role: 'helper' });
  return { aggregator, collectorToken };
}
