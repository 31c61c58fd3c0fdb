// `/healthz` reports the DAP roles' real state (docs/dap.md "Metrics and health"): 503 until a role is ready and
// once it has failed. A real `mesh serve` Leader and Helper report ready; a Leader whose store fails
// under its driver turns failed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../node/log/logger.js';
import { freePort } from '../../node/demo/ports.js';
import type { RoleDefinition } from '../../node/roles/index.js';
import { startServer } from '../../node/serve/server.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { harness } from '../dap/harness.js';
import { newTaskFiles, taskParams, tempDir, writeTaskFiles } from '../dap/support.js';

const running: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
});

interface Health {
  ok: boolean;
  state: Record<string, { state: string; detail?: string }>;
}

async function healthz(url: string): Promise<{ status: number; body: Health }> {
  const res = await fetch(`${url}/healthz`);
  return { status: res.status, body: (await res.json()) as Health };
}

describe('/healthz of the DAP roles', () => {
  it('a real Leader and Helper report ready once their work runs', async () => {
    const [lp, hp] = [await freePort(), await freePort()];
    const files = newTaskFiles(
      taskParams(`http://127.0.0.1:${lp}`, `http://127.0.0.1:${hp}`, { min_batch_size: 10 }),
    );
    const paths = writeTaskFiles(tempDir('healthz-task'), files);
    const data = tempDir('healthz');
    for (const [role, port] of [
      ['leader', lp],
      ['helper', hp],
    ] as const) {
      const p = await startServe([
        '--role',
        `dap-${role}`,
        '--port',
        String(port),
        '--data',
        join(data, role),
        '--task',
        paths[role],
      ]);
      running.push(p);
      let h = await healthz(p.url);
      for (let i = 0; i < 50 && h.status !== 200; i++) {
        expect(h.status).toBe(503);
        await new Promise((r) => setTimeout(r, 100));
        h = await healthz(p.url);
      }
      expect(h.status).toBe(200);
      expect(h.body.state[`dap-${role}`]).toMatchObject({ state: 'ready' });
    }
  }, 120_000);

  it('a Leader whose store fails under its driver answers 503 failed', async () => {
    const h = await harness({ min_batch_size: 10 });
    // The real Leader's driver behind `mesh serve`'s /healthz.
    const role: RoleDefinition = {
      name: 'dap-leader',
      mount: () =>
        Promise.resolve({ close: () => Promise.resolve(), health: () => h.driver.health() }),
    };
    const s = await startServer({
      roles: ['dap-leader'],
      host: '127.0.0.1',
      port: 0,
      dataDir: mkdtempSync(join(tmpdir(), 'mesh-healthz-')),
      tasks: [],
      interop: false,
      config: {},
      log: createLogger({ level: 'error' }),
      resolveRole: (n) => (n === 'dap-leader' ? role : undefined),
    });
    try {
      await h.driver.tick();
      expect((await healthz(s.url)).status).toBe(200);
      // The store fails under the driver; "waiting unknown" makes its next passes read it.
      await h.leader.store.close();
      for (let i = 0; i < 3; i++) {
        for (const lt of h.leader.tasks.values()) lt.waiting = undefined;
        await h.driver.tick();
      }
      const failed = await healthz(s.url);
      expect(failed.status).toBe(503);
      expect(failed.body.state['dap-leader']).toMatchObject({ state: 'failed' });
    } finally {
      await s.close();
      await h.close().catch(() => undefined);
    }
  }, 60_000);
});
