// `/healthz` of real `mesh serve` Leader and Helper processes over PostgreSQL checks their store
// (docs/dap.md "Metrics and health"): ready while the database answers, 503 failed with the store
// named once the server is down, and ready again once it is back, without a restart of the role.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { PG_MISSING, startPrivateCluster, type PgCluster } from '../dap/pg-cluster.js';
import { newTaskFiles, taskParams, tempDir, writeTaskFiles } from '../dap/support.js';

const running: ServeProcess[] = [];
let pg: PgCluster | undefined;
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  pg?.stop();
});

interface Health {
  state: Record<string, { state: string; detail?: string }>;
}

async function healthz(url: string): Promise<{ status: number; body: Health }> {
  const res = await fetch(`${url}/healthz`);
  return { status: res.status, body: (await res.json()) as Health };
}

/** Polls until `want` (the probe runs every 2 s; a loaded machine may take several rounds). */
async function until(url: string, want: number): Promise<Health> {
  for (let i = 0; i < 300; i++) {
    const h = await healthz(url);
    if (h.status === want) return h.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url}/healthz never answered ${String(want)}`);
}

describe.skipIf(PG_MISSING !== undefined)('/healthz checks the PostgreSQL store', () => {
  it('503 while the database is down, 200 again once it is back', async () => {
    pg = startPrivateCluster();
    const [lp, hp] = [await freePort(), await freePort()];
    const files = newTaskFiles(
      taskParams(`http://127.0.0.1:${String(lp)}`, `http://127.0.0.1:${String(hp)}`),
    );
    const paths = writeTaskFiles(tempDir('store-healthz-task'), files);
    const data = tempDir('store-healthz');
    const procs: Record<'leader' | 'helper', ServeProcess> = {} as Record<
      'leader' | 'helper',
      ServeProcess
    >;
    for (const [role, port] of [
      ['leader', lp],
      ['helper', hp],
    ] as const) {
      const store = await pg.createDatabase();
      const p = await startServe([
        ...['--role', `dap-${role}`, '--port', String(port), '--data', join(data, role)],
        ...['--store', store, '--task', paths[role]],
      ]);
      running.push(p);
      procs[role] = p;
    }
    for (const role of ['leader', 'helper'] as const) {
      const h = await until(procs[role].url, 200);
      expect(h.state[`dap-${role}`]).toMatchObject({ state: 'ready' });
    }
    pg.down();
    try {
      for (const role of ['leader', 'helper'] as const) {
        const h = await until(procs[role].url, 503);
        expect(h.state[`dap-${role}`]?.state).toBe('failed');
        // The store probe or the role's own background work, whichever notices first, names it.
        expect(h.state[`dap-${role}`]?.detail).toMatch(
          /postgres store does not answer|background work failing: connect/,
        );
      }
    } finally {
      pg.up();
    }
    for (const role of ['leader', 'helper'] as const) {
      const h = await until(procs[role].url, 200);
      expect(h.state[`dap-${role}`]).toMatchObject({ state: 'ready' });
    }
  }, 180_000);
});
