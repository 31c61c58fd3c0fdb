// A fleet survives its database restarting mid-run (docs/dap.md "Running a fleet"): two Leader and
// two Helper `mesh serve` processes over a real PostgreSQL server that is restarted (fast shutdown:
// every connection cut, in-flight transactions rolled back) and later stopped for a few seconds
// while reports upload and aggregate. The processes reconnect on their own, retry what was cut,
// and the collection counts every accepted report exactly once.
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, newTaskFiles } from '../../dap/index.js';
import { freePort } from '../support/ports.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { startUploader } from './fleet-uploader.js';
import { startFront } from './front.js';
import { PG_MISSING, startPrivateCluster, type PgCluster } from './pg-cluster.js';
import { taskParams, tempDir, writeTaskFiles, type Listening } from './support.js';

const dir = tempDir('fleet-db');
const running: ServeProcess[] = [];
const fronts: Listening[] = [];
let pg: PgCluster | undefined;
afterAll(async () => {
  for (const p of running) await p.stop();
  for (const f of fronts) await f.close();
  pg?.stop();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The sum of one counter over every series of a process's /metrics. */
async function metric(url: string, name: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(name))
    .reduce((s, l) => s + Number(l.split(' ').pop()), 0);
}

describe.skipIf(PG_MISSING !== undefined)('aggregator fleet when PostgreSQL restarts', () => {
  it('two Leaders and two Helpers: exact aggregate across a restart and an outage', async () => {
    pg = startPrivateCluster();
    const stores = { leader: await pg.createDatabase(), helper: await pg.createDatabase() };
    const ports = {
      leader: [await freePort(), await freePort()],
      helper: [await freePort(), await freePort()],
    };
    for (const r of ['leader', 'helper'] as const) fronts.push(await startFront(() => ports[r]));
    const [lf, hf] = fronts as [Listening, Listening];
    const files = newTaskFiles(
      taskParams(lf.url, hf.url, {
        min_batch_size: 1,
        vdaf: { type: 'Prio3Sum', max_measurement: 7 },
      }),
    );
    const paths = writeTaskFiles(dir, files);
    const config = `${dir}/config.json`;
    writeFileSync(
      config,
      JSON.stringify({
        dap: { minJobSize: 3, maxJobAgeMs: 30, tickMs: 10, peerTimeoutMs: 5000, leaseMs: 1500 },
      }),
    );
    const procs: ServeProcess[] = [];
    for (const r of ['leader', 'helper'] as const)
      for (const i of [0, 1]) {
        const p = await startServe([
          ...[
            '--role',
            `dap-${r}`,
            '--port',
            String(ports[r][i]),
            '--data',
            `${dir}/${r}${String(i)}`,
          ],
          ...['--store', stores[r], '--task', paths[r], '--config', config],
        ]);
        procs.push(p);
        running.push(p);
      }

    const t = Math.floor(Date.now() / 1000);
    const uploader = startUploader(files, t);
    await sleep(1500);
    // Fast shutdown and start: every connection of every process is cut mid-work.
    pg.restart();
    await sleep(1500);
    // An outage of a few seconds, shorter than the store's retries (about 20 s).
    pg.down();
    await sleep(3000);
    pg.up();
    await sleep(1500);
    const { accepted, expectedSum } = await uploader.stop();
    expect(accepted).toBeGreaterThan(0);
    // The outage was seen by the stores (clients may only have waited): they retried.
    // No process died of the outage (an unhandled lost connection would end it).
    for (const p of procs) expect(p.child.exitCode, p.stderr().slice(-3000)).toBeNull();
    let retries = 0;
    for (const p of procs)
      retries += await metric(p.url, 'mesh_dap_store_transaction_retries_total');
    expect(retries).toBeGreaterThan(0);

    const c = await collect(
      files.collector,
      { interval: { start: Math.floor(t / 60) - 1, duration: 3 } },
      { timeoutMs: 90_000 },
    );
    expect(c.reportCount).toBe(accepted);
    expect(c.aggregate).toBe(expectedSum);
    // Every process is ready again after the outage (its store probe runs every 2 s).
    for (const p of procs) {
      let res = await fetch(`${p.url}/healthz`);
      for (let i = 0; i < 100 && res.status !== 200; i++) {
        await sleep(100);
        res = await fetch(`${p.url}/healthz`);
      }
      expect(res.status, await res.text()).toBe(200);
    }
  }, 240_000);
});
