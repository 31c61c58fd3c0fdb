// A fleet survives its database restarting mid-run (docs/dap.md "Running a fleet"): two Leader and
// two Helper `mesh serve` processes over a real PostgreSQL server that is restarted (fast shutdown:
// every connection cut, in-flight transactions rolled back) and later stopped for a few seconds
// while reports upload and aggregate. The processes reconnect on their own, retry what was cut,
// and the collection counts every accepted report exactly once. First, reports uploaded to either
// Leader are made into jobs by the one that holds the creator lease.
import { afterAll, describe, expect, it } from 'vitest';
import { collect, DapClient } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { metric, startFleet, type Fleet } from './fleet-setup.js';
import { startUploader } from './fleet-uploader.js';
import { PG_MISSING, startPrivateCluster, type PgCluster } from './pg-cluster.js';
import { postUpload, tempDir } from './support.js';

const dir = tempDir('fleet-db');
let fleet: Fleet | undefined;
let pg: PgCluster | undefined;
afterAll(async () => {
  await fleet?.close();
  pg?.stop();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(PG_MISSING !== undefined)('aggregator fleet when PostgreSQL restarts', () => {
  it('two Leaders and two Helpers: exact aggregate across a restart and an outage', async () => {
    pg = startPrivateCluster();
    const stores = { leader: await pg.createDatabase(), helper: await pg.createDatabase() };
    const f = await startFleet({ dir, stores, peerTimeoutMs: 5000 });
    fleet = f;
    const { files } = f;
    const procs = [...f.procs.leader, ...f.procs.helper];
    const t = Math.floor(Date.now() / 1000);

    // Reports uploaded to either Leader are aggregated by the one holding the task's creator lease
    // (it makes every job, as one process would); the other makes none.
    const client = new DapClient(files.client);
    const committed = (p: { url: string }) =>
      metric(p.url, 'mesh_dap_aggregation_jobs_total', 'outcome="committed"');
    for (const p of f.procs.leader) {
      const reports = await Promise.all(
        [1, 2, 3].map((measurement) => client.prepare({ measurement, timeSeconds: t })),
      );
      const url = `${p.url}/leader/tasks/${files.client.task_id}/reports`;
      const res = await postUpload(url, m.encodeUploadRequest(reports));
      expect([res.status, res.errors]).toEqual([200, []]);
    }
    const jobs = async () => Promise.all(f.procs.leader.map(committed));
    for (let i = 0; i < 200 && (await jobs()).every((n) => n === 0); i++) await sleep(50);
    expect((await jobs()).filter((n) => n > 0)).toHaveLength(1);

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
    expect(c.reportCount).toBe(accepted + 6);
    expect(c.aggregate).toBe(expectedSum + 12);
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
