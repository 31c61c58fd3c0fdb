// DAP-18 §4.6.1 and §4.6.3 facing a Helper that fails the aggregate-share request: an outage is
// retried with a growing backoff (not on every tick), and a malformed answer fails the collection
// job with invalidMessage, which the Collector sees as a problem document; nothing else changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, DapClient } from '../../dap/index.js';
import { K } from '../../dap/aggregator/keys.js';
import * as m from '../../dap/messages/index.js';
import { DapProblem } from '../../dap/problem.js';
import { dump, harness, type Harness } from './harness.js';
import { tickLoop } from './requests.js';
import { listen, type Listening } from './support.js';

type Mode = 'pass' | 'outage' | 'garbage' | 'wrong-type' | 'wrong-config';
let h: Harness;
let mode: Mode = 'pass';
let shareRequests = 0;

async function front(helper: Listening): Promise<Listening> {
  const f = await listen();
  f.app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const body = c.req.method === 'GET' ? undefined : new Uint8Array(await c.req.arrayBuffer());
    const forward = () =>
      fetch(`${helper.url}${url.pathname}${url.search}`, {
        method: c.req.method,
        headers: c.req.raw.headers,
        ...(body ? { body } : {}),
      });
    if (!c.req.path.includes('/aggregate_shares') || c.req.method !== 'POST') return forward();
    shareRequests++;
    const share = (b: Uint8Array, type: string = m.MediaType.aggregateShare) =>
      new Response(b, { status: 201, headers: { 'content-type': type } });
    if (mode === 'outage') return new Response('down for maintenance', { status: 503 });
    if (mode === 'garbage') return share(Uint8Array.of(9, 9, 9));
    if (mode === 'wrong-type') return share(Uint8Array.of(1), 'text/plain');
    const res = await forward();
    if (mode === 'pass') return res;
    // A well-formed share sealed to a config id the Collector does not hold.
    const a = m.decodeAggregateShare(new Uint8Array(await res.arrayBuffer()));
    return share(m.encodeAggregateShare({ ...a, configId: (a.configId + 1) % 256 }));
  });
  return f;
}

beforeAll(async () => {
  h = await harness({ min_batch_size: 2 }, {}, front);
});
afterAll(async () => {
  await h.close();
});

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** Uploads two reports `daysAgo` days back and aggregates them; returns the batch interval. */
async function batch(daysAgo: number): Promise<m.Interval> {
  const t = now() - daysAgo * DAY;
  const up = await new DapClient(h.files.client).upload([
    { measurement: 1, timeSeconds: t },
    { measurement: 1, timeSeconds: t },
  ]);
  expect(up.accepted).toBe(2);
  await h.driver.tick();
  return { start: Math.floor(t / 60) - 1, duration: 3 };
}

async function ticking<T>(f: () => Promise<T>): Promise<T> {
  const stop = tickLoop(h);
  try {
    return await f();
  } finally {
    await stop();
  }
}

describe('Leader asking a misbehaving Helper for its aggregate share', () => {
  it('backs off during an outage and collects exactly once the Helper is back', async () => {
    const interval = await batch(1);
    mode = 'outage';
    shareRequests = 0;
    const job = ticking(() => collect(h.files.collector, { interval }, { timeoutMs: 30_000 }));
    await new Promise((r) => setTimeout(r, 2000));
    // ~100 ticks passed; with backoff 500 ms, 1 s, 2 s... the Helper was asked three times.
    expect(shareRequests).toBeGreaterThanOrEqual(2);
    expect(shareRequests).toBeLessThanOrEqual(4);
    mode = 'pass';
    const c = await job;
    expect([c.aggregate, c.reportCount]).toEqual([2, 2]);
  }, 40_000);

  for (const [bad, days] of [
    ['garbage', 2],
    ['wrong-type', 3],
    ['wrong-config', 4],
  ] as const) {
    it(`fails the collection job on a ${bad} answer with invalidMessage, asking once`, async () => {
      const interval = await batch(days);
      const task = h.files.client.task_id;
      const [l0, h0] = [await dump(h.leader.store), await dump(h.helper.store)];
      mode = bad;
      shareRequests = 0;
      const err = await ticking(() =>
        collect(h.files.collector, { interval }, { timeoutMs: 20_000 }).catch((e: unknown) => e),
      );
      expect(err).toBeInstanceOf(DapProblem);
      expect((err as DapProblem).problemType).toBe('invalidMessage');
      expect((err as DapProblem).detail).toMatch(/Helper/);
      // Asked once, not on every tick that followed.
      await ticking(() => new Promise((r) => setTimeout(r, 600)));
      expect(shareRequests).toBe(1);
      mode = 'pass';
      // The Leader's aggregation state is as it was: same buckets, nothing pending, and the only
      // new record is the batch's collected mark (the collector deleted its failed job).
      const l1 = await dump(h.leader.store);
      const changed = [...new Set([...l0.keys(), ...l1.keys()])].filter(
        (k) => l0.get(k) !== l1.get(k),
      );
      expect(changed.map((k) => k.startsWith(K.collectedPrefix(task)))).toEqual([true]);
      // The garbage came from the front, so the Helper committed nothing in this case.
      if (bad !== 'wrong-config') expect(await dump(h.helper.store)).toEqual(h0);
    }, 40_000);
  }
});
