// A fleet over PostgreSQL: two Leader and two Helper `mesh serve` processes share one database per
// role behind a front that sends each request to a live process (as an operator's load balancer
// does). One process at a time is SIGKILLed at random instants over CRASH_ROUNDS rounds while
// reports upload; then one Leader and one Helper stay down and the collection must still finish
// with every accepted report counted exactly once. First, per-job leases: while the Helper holds a
// job's request, the Leader running it renews its lease and the other never sends it; once that
// Leader is SIGKILLed, the other takes the job over and sends the same request.
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, DapClient } from '../../dap/index.js';
import { CRASH_ROUNDS } from '../support/env.js';
import type { ServeProcess } from '../support/serve-process.js';
import { newStoreUrl } from './backend.js';
import { leasesIn, PG_MISSING } from './pg-cluster.js';
import { metric, startFleet, type Fleet } from './fleet-setup.js';
import { startUploader } from './fleet-uploader.js';
import { listen, tempDir, type Listening } from './support.js';

const dir = tempDir('fleet');
const fronts: Listening[] = [];
let fleet: Fleet | undefined;
afterAll(async () => {
  await fleet?.close();
  for (const f of fronts) await f.close();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * In front of `target`: while `held.on`, aggregation job requests are counted by body and not
 * answered until `held.on` turns false (then 503: the Leader that sent them is gone).
 */
async function holdingFront(target: { url: string }) {
  const held = { on: false, bodies: new Map<string, number>() };
  const holding = (): boolean => held.on;
  const f = await listen();
  fronts.push(f);
  f.app.all('*', async (c) => {
    const u = new URL(c.req.url);
    const body = ['GET', 'HEAD'].includes(c.req.method) ? undefined : await c.req.arrayBuffer();
    if (held.on && c.req.method === 'POST' && u.pathname.endsWith('/aggregation_jobs') && body) {
      const h = createHash('sha256').update(Buffer.from(body)).digest('hex');
      held.bodies.set(h, (held.bodies.get(h) ?? 0) + 1);
      while (holding()) await sleep(50);
      return c.text('held', 503);
    }
    if (c.req.method === 'POST' && u.pathname.endsWith('/aggregation_jobs') && body) {
      const h = createHash('sha256').update(Buffer.from(body)).digest('hex');
      held.bodies.set(h, (held.bodies.get(h) ?? 0) + 1);
    }
    const res = await fetch(`${target.url}${u.pathname}${u.search}`, {
      method: c.req.method,
      headers: c.req.raw.headers,
      ...(body ? { body } : {}),
    });
    const out = [204, 304].includes(res.status) ? null : await res.arrayBuffer();
    return new Response(out, { status: res.status, headers: res.headers });
  });
  return { url: f.url, held };
}

const takeovers = (leader: ServeProcess): Promise<number> =>
  metric(leader.url, 'mesh_dap_lease_takeovers_total');

describe.skipIf(PG_MISSING !== undefined)('aggregator fleet on PostgreSQL', () => {
  it(
    `two Leaders and two Helpers: exact aggregate over ${String(CRASH_ROUNDS)} SIGKILL rounds`,
    async () => {
      const [leaderStore, helperStore] = [await newPgUrl(), await newPgUrl()];
      let hold: Awaited<ReturnType<typeof holdingFront>> | undefined;
      const f = await startFleet({
        dir,
        stores: { leader: leaderStore, helper: helperStore },
        peerTimeoutMs: 9000,
        helperUrl: async (front) => {
          hold = await holdingFront(front);
          return hold.url;
        },
      });
      fleet = f;
      if (!hold) throw new Error('no holding front');
      const { files, procs } = f;

      const t = Math.floor(Date.now() / 1000);
      // One job (minJobSize 3), its request held at the Helper for three lease times.
      hold.held.on = true;
      const first = await new DapClient(files.client).upload(
        [1, 2, 4].map((measurement) => ({ measurement, timeSeconds: t })),
      );
      expect(first.accepted).toBe(3);
      for (let i = 0; i < 300 && hold.held.bodies.size === 0; i++) await sleep(50);
      await sleep(3 * 1500);
      expect([...hold.held.bodies.values()]).toEqual([1]);
      const [lease] = await leasesIn(leaderStore, 'leader-job/');
      expect(lease?.live).toBe(true);
      const holder = procs.leader.findIndex((p) =>
        lease?.holder.startsWith(`${String(p.child.pid)}.`),
      );
      expect(holder).toBeGreaterThanOrEqual(0);
      const other = 1 - holder;
      const before = await takeovers(procs.leader[other] as ServeProcess);
      await f.kill('leader', holder);
      hold.held.on = false;
      // The other Leader takes the job over once the lease expires, with the identical request.
      for (let i = 0; i < 300 && [...hold.held.bodies.values()][0] === 1; i++) await sleep(50);
      expect([...hold.held.bodies.values()]).toEqual([2]);
      expect(await takeovers(procs.leader[other] as ServeProcess)).toBeGreaterThan(before);
      await f.start('leader', holder);

      const uploader = startUploader(files, t);

      for (let round = 0; round < CRASH_ROUNDS; round++) {
        await sleep(100 + Math.random() * 400);
        const r = round % 2 === 0 ? 'leader' : 'helper';
        const i = Math.floor(Math.random() * 2);
        await f.kill(r, i);
        await sleep(Math.random() * 300);
        await f.start(r, i);
      }
      const { accepted, expectedSum } = await uploader.stop();
      expect(accepted).toBeGreaterThan(0);
      // One process of each role down for the collection: the other takes its leases over.
      await f.kill('leader', 0);
      await f.kill('helper', 1);
      const c = await collect(
        files.collector,
        { interval: { start: Math.floor(t / 60) - 1, duration: 3 } },
        { timeoutMs: 60_000 },
      );
      expect(c.reportCount).toBe(accepted + 3);
      expect(c.aggregate).toBe(expectedSum + 7);
    },
    90_000 + CRASH_ROUNDS * 15_000,
  );
});

async function newPgUrl(): Promise<string> {
  const u = await newStoreUrl(true);
  if (u === undefined) throw new Error('no PostgreSQL store');
  return u;
}
