// A fleet without a balancer between its roles (docs/dap.md "Running a fleet"): clients upload to
// each Leader process's own URL, and each Leader calls a Helper process of its own through
// `dap.helperUrls`, while the task keeps naming one Helper endpoint (it is in every report's
// InputShareAad). A job whose Helper answer was lost with its Leader is taken over by the other
// Leader, which sends the identical request to the other Helper process: that one answers from the
// shared store, and the collected aggregate counts every report once.
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, DapClient } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import type { ServeProcess } from '../support/serve-process.js';
import { newStoreUrl } from './backend.js';
import { leasesIn, PG_MISSING } from './pg-cluster.js';
import { metric, startFleet, type Fleet } from './fleet-setup.js';
import { listen, postUpload, tempDir, type Listening } from './support.js';

const dir = tempDir('fleet-direct');
const proxies: Listening[] = [];
let fleet: Fleet | undefined;
afterAll(async () => {
  await fleet?.close();
  for (const p of proxies) await p.close();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * In front of one Helper process: forwards every request; while `held.on`, the answer to an
 * aggregation job request is kept back (the Helper has committed it) until `held.on` turns false,
 * then 503 in its place. `bodies` counts each job request body by hash.
 */
async function answerHoldingProxy(target: string) {
  const held = { on: false, bodies: new Map<string, number>() };
  const holding = (): boolean => held.on;
  const p = await listen();
  proxies.push(p);
  p.app.all('*', async (c) => {
    const u = new URL(c.req.url);
    const body = ['GET', 'HEAD'].includes(c.req.method) ? undefined : await c.req.arrayBuffer();
    const job = c.req.method === 'POST' && u.pathname.endsWith('/aggregation_jobs') && body;
    if (job) {
      const h = createHash('sha256').update(Buffer.from(body)).digest('hex');
      held.bodies.set(h, (held.bodies.get(h) ?? 0) + 1);
    }
    const res = await fetch(`${target}${u.pathname}${u.search}`, {
      method: c.req.method,
      headers: c.req.raw.headers,
      ...(body ? { body } : {}),
    });
    const out = [204, 304].includes(res.status) ? null : await res.arrayBuffer();
    if (job && held.on) {
      while (holding()) await sleep(50);
      return c.text('answer lost', 503);
    }
    return new Response(out, { status: res.status, headers: res.headers });
  });
  return { url: p.url, held };
}

type Proxy = Awaited<ReturnType<typeof answerHoldingProxy>>;

describe.skipIf(PG_MISSING !== undefined)('aggregator fleet without a balancer', () => {
  it('each Leader calls its own Helper; a taken-over job is answered by the other Helper', async () => {
    const [leaderStore, helperStore] = [await newStoreUrl(true), await newStoreUrl(true)];
    if (leaderStore === undefined || helperStore === undefined) throw new Error('no PostgreSQL');
    const via: Proxy[] = [];
    const f = await startFleet({
      dir,
      stores: { leader: leaderStore, helper: helperStore },
      peerTimeoutMs: 9000,
      // the first job waits for its third report, uploaded to the other Leader
      dap: { maxJobAgeMs: 1000 },
      leaderDap: async (i, taskHelper, helperPorts) => {
        const p = await answerHoldingProxy(`http://127.0.0.1:${String(helperPorts[i])}`);
        via[i] = p;
        return { helperUrls: { [taskHelper]: `${p.url}/helper/` } };
      },
    });
    fleet = f;
    const { files, procs } = f;
    const [p0, p1] = via;
    if (!p0 || !p1) throw new Error('no proxies');
    const client = new DapClient(files.client);
    const own = (i: number) =>
      `${(procs.leader[i] as ServeProcess).url}/leader/tasks/${files.client.task_id}/reports`;
    const upload = async (i: number, ms: number[], t: number): Promise<void> => {
      const reports = await Promise.all(
        ms.map((measurement) => client.prepare({ measurement, timeSeconds: t })),
      );
      const res = await postUpload(own(i), m.encodeUploadRequest(reports));
      expect(res).toEqual({ status: 200, errors: [] });
    };

    const t = Math.floor(Date.now() / 1000);
    p0.held.on = true;
    p1.held.on = true;
    // One job (minJobSize 3) of reports uploaded to both Leaders' own URLs.
    await upload(0, [1, 2], t);
    await upload(1, [4], t);
    for (let i = 0; i < 300 && p0.held.bodies.size + p1.held.bodies.size === 0; i++)
      await sleep(50);
    await sleep(3 * 1500);
    // Only the Leader holding the job's lease sent it, to its own Helper, once.
    const [lease] = await leasesIn(leaderStore, 'leader-job/');
    expect(lease?.live).toBe(true);
    const holder = procs.leader.findIndex((p) =>
      lease?.holder.startsWith(`${String(p.child.pid)}.`),
    );
    expect(holder).toBeGreaterThanOrEqual(0);
    const mine = via[holder] as Proxy;
    const theirs = via[1 - holder] as Proxy;
    expect([...mine.held.bodies.values()]).toEqual([1]);
    expect(theirs.held.bodies.size).toBe(0);
    const [body] = [...mine.held.bodies.keys()];

    const other = procs.leader[1 - holder] as ServeProcess;
    const before = await metric(other.url, 'mesh_dap_lease_takeovers_total');
    theirs.held.on = false;
    await f.kill('leader', holder);
    // The other Leader takes the job over and sends the identical request to its own Helper, which
    // answers the job the first Helper committed from the shared store.
    for (let i = 0; i < 300 && theirs.held.bodies.size === 0; i++) await sleep(50);
    expect([...theirs.held.bodies.entries()]).toEqual([[body, 1]]);
    expect(await metric(other.url, 'mesh_dap_lease_takeovers_total')).toBeGreaterThan(before);
    mine.held.on = false;
    await f.start('leader', holder);

    // Client-side round robin over both Leaders' own URLs.
    let expected = 7;
    let count = 3;
    for (let k = 0; k < 6; k++) {
      const ms = [k, 7 - k, 3];
      await upload(k % 2, ms, t);
      expected += ms.reduce((a, b) => a + b, 0);
      count += ms.length;
    }
    const c = await collect(
      files.collector,
      { interval: { start: Math.floor(t / 60) - 1, duration: 3 } },
      { timeoutMs: 60_000 },
    );
    expect(c.reportCount).toBe(count);
    expect(c.aggregate).toBe(expected);
  }, 90_000);
});
