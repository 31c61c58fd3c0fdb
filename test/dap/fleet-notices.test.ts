// Wake-ups across a fleet (docs/dap.md "Running a fleet"): two Leader `mesh serve` processes over one
// PostgreSQL database, with leases of 60 s so that each process's slow look at the store comes every
// 20 s. Reports uploaded to the Leader that does not create jobs are made into a job by the one that
// does within a second (its LISTEN hears the upload's NOTIFY), twice in a row; once that Leader stops
// (SIGTERM), the other takes the creator lease over at once (the release is announced), not after
// 60 s, and aggregates what it is sent; the collection then counts every report exactly.
import { afterAll, describe, expect, it } from 'vitest';
import { collect, DapClient } from '../../dap/index.js';
import { newStoreUrl } from './backend.js';
import { metric, startFleet, type Fleet } from './fleet-setup.js';
import { leasesIn, PG_MISSING } from './pg-cluster.js';
import { tempDir } from './support.js';

const dir = tempDir('fleet-notices');
let fleet: Fleet | undefined;
afterAll(async () => {
  await fleet?.close();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Far less than the 20 s between a process's own looks at the store. */
const PICKED_UP_MS = 1500;

/** Milliseconds until `f` holds, polled every 20 ms; Infinity after 30 s. */
async function msUntil(f: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  while (Date.now() - t0 < 30_000) {
    if (await f()) return Date.now() - t0;
    await sleep(20);
  }
  return Infinity;
}

describe.skipIf(PG_MISSING !== undefined)('fleet notices over LISTEN/NOTIFY', () => {
  it('work announced in one Leader is picked up by the other within a second', async () => {
    const stores = { leader: await newStoreUrl(true), helper: await newStoreUrl(true) };
    if (!stores.leader || !stores.helper) throw new Error('no PostgreSQL store');
    const f = await startFleet({
      dir,
      stores: { leader: stores.leader, helper: stores.helper },
      peerTimeoutMs: 9000,
      dap: { leaseMs: 60_000, minJobSize: 1 },
    });
    fleet = f;
    const leaderStore = stores.leader;
    const creatorIndex = async (): Promise<number> => {
      const [lease] = await leasesIn(leaderStore, 'leader-creator/');
      if (!lease?.live) return -1;
      return f.procs.leader.findIndex((p) => lease.holder.startsWith(`${String(p.child.pid)}.`));
    };
    expect(await msUntil(async () => (await creatorIndex()) >= 0)).toBeLessThan(Infinity);
    const creator = await creatorIndex();
    const other = 1 - creator;
    const jobs = (i: number): Promise<number> =>
      metric(f.procs.leader[i]?.url ?? '', 'mesh_dap_aggregation_jobs_total');
    const client = new DapClient(f.files.client);
    const t = Math.floor(Date.now() / 1000);
    f.only('leader', other);
    let sent = 0;
    let sum = 0;
    const upload = async (measurements: number[]) => {
      const r = await client.upload(
        measurements.map((measurement) => ({ measurement, timeSeconds: t })),
      );
      expect(r.accepted).toBe(measurements.length);
      sent += measurements.length;
      sum += measurements.reduce((a, b) => a + b, 0);
    };

    for (const round of [1, 2]) {
      // Both Leaders idle, past their first looks at the store.
      await sleep(2500);
      await upload([round, 3]);
      const picked = await msUntil(async () => (await jobs(creator)) >= round);
      expect(picked).toBeLessThan(PICKED_UP_MS);
      expect(await jobs(other)).toBe(0);
    }

    // The creator stops and releases its leases: the other creates jobs at once.
    await f.procs.leader[creator]?.stop();
    await sleep(500);
    await upload([5]);
    expect(await msUntil(async () => (await jobs(other)) >= 1)).toBeLessThan(PICKED_UP_MS);
    const c = await collect(
      f.files.collector,
      { interval: { start: Math.floor(t / 60) - 1, duration: 3 } },
      { timeoutMs: 30_000 },
    );
    expect(c.reportCount).toBe(sent);
    expect(c.aggregate).toBe(sum);
  }, 60_000);
});
