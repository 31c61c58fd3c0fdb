// DAP-18 §3.1 and §4.6.6 at the Collector, through a proxy in front of a real Leader: the Collector
// polls no sooner than the Leader's Retry-After says, and a DELETE the Leader refuses is reported,
// not swallowed; the job is then still there, so the same query reads the aggregate again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, DapClient } from '../../dap/index.js';
import { DapError } from '../../dap/errors.js';
import { harness, type Harness } from './harness.js';
import { tickLoop } from './requests.js';
import { listen, type Listening } from './support.js';

let h: Harness;
let proxy: Listening;
let target = '';
let retryAfter: string | undefined;
let failDelete = false;
const polls: number[] = [];

beforeAll(async () => {
  proxy = await listen();
  proxy.app.all('*', async (c) => {
    const url = new URL(c.req.url);
    if (c.req.method === 'DELETE' && failDelete) return new Response('no', { status: 500 });
    if (c.req.method === 'GET' && url.pathname.includes('/collection_jobs/'))
      polls.push(Date.now());
    const body = c.req.method === 'GET' ? undefined : new Uint8Array(await c.req.arrayBuffer());
    const res = await fetch(`${target}${url.pathname}${url.search}`, {
      method: c.req.method,
      headers: c.req.raw.headers,
      ...(body ? { body } : {}),
    });
    const headers = new Headers(res.headers);
    if (retryAfter && headers.has('retry-after')) headers.set('retry-after', retryAfter);
    const bytes = res.status === 204 ? null : await res.arrayBuffer();
    return new Response(bytes, { status: res.status, headers });
  });
  h = await harness({ min_batch_size: 2, leader: `${proxy.url}/leader/` });
  target = new URL(h.leaderUrl).origin;
});
afterAll(async () => {
  await h.close();
  await proxy.close();
});

async function batch(daysAgo: number) {
  const t = Math.floor(Date.now() / 1000) - daysAgo * 86_400;
  const up = await new DapClient(h.files.client).upload([
    { measurement: 1, timeSeconds: t },
    { measurement: 0, timeSeconds: t },
  ]);
  expect(up.accepted).toBe(2);
  return { start: Math.floor(t / 60) - 1, duration: 3 };
}

describe('Collector against the Leader', () => {
  it('waits the Retry-After the Leader sends between polls', async () => {
    const interval = await batch(1);
    retryAfter = '2';
    polls.length = 0;
    // The Leader aggregates only after 4.5 s, so the Collector polls an unfinished job meanwhile.
    const later = setTimeout(() => {
      void h.driver.tick().then(() => h.driver.tick());
    }, 4500);
    try {
      const c = await collect(h.files.collector, { interval }, { timeoutMs: 30_000 });
      expect([c.aggregate, c.reportCount]).toEqual([1, 2]);
    } finally {
      clearTimeout(later);
      retryAfter = undefined;
    }
    expect(polls.length).toBeGreaterThanOrEqual(2);
    const gaps = polls.slice(1).map((p, i) => p - (polls[i] ?? 0));
    for (const g of gaps) expect(g).toBeGreaterThanOrEqual(1900);
  }, 40_000);

  it('reports a DELETE the Leader refuses; the kept job gives the same aggregate again', async () => {
    const interval = await batch(2);
    const stop = tickLoop(h);
    failDelete = true;
    const err = await collect(h.files.collector, { interval }).catch((e: unknown) => e);
    failDelete = false;
    await stop();
    expect(err).toBeInstanceOf(DapError);
    expect((err as DapError).code).toBe('http_failed');
    expect((err as Error).message).toMatch(/did not delete collection job .*HTTP 500.*next:/);
    const again = await collect(h.files.collector, { interval });
    expect([again.aggregate, again.reportCount]).toEqual([1, 2]);
    // That run deleted the job: a third run is a new job over a collected batch.
    const third = await collect(h.files.collector, { interval }).catch((e: unknown) => e);
    expect(String(third)).toMatch(/batchOverlap/);
  }, 40_000);
});
