// DAP-18 §3.1 and §4.5.1.1 through the Leader's driver, in process against a real Helper behind a
// front on 127.0.0.1: a problem document abandons the job (its reports wait again), 413 requeues
// them for smaller jobs, an answer for other reports abandons the job and deletes it at the Helper,
// an empty 201 with a Location is polled until the answer comes, a restarted driver recomputes the
// Leader's states from the stored job, and a tick that fails marks the Leader failed.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import { K } from '../../dap/aggregator/keys.js';
import { startLeaderDriver } from '../../dap/leader/driver.js';
import * as m from '../../dap/messages/index.js';
import { dump, harness, type Harness } from './harness.js';
import { collectTicking, urn } from './requests.js';
import { listen, type Listening } from './support.js';

type Mode = 'pass' | 'problem' | 'too_large' | 'other_reports' | 'async' | 'down';
let h: Harness;
let mode: Mode = 'pass';
const seen: string[] = [];
const polls = new Map<string, Response>();

async function forward(helper: Listening, req: Request): Promise<Response> {
  const url = new URL(req.url);
  const body = req.method === 'GET' ? undefined : new Uint8Array(await req.arrayBuffer());
  return fetch(`${helper.url}${url.pathname}${url.search}`, {
    method: req.method,
    headers: req.headers,
    ...(body ? { body } : {}),
  });
}

async function front(helper: Listening): Promise<Listening> {
  const f = await listen();
  f.app.all('*', async (c) => {
    const jobs = c.req.path.includes('/aggregation_jobs');
    if (jobs) seen.push(`${c.req.method} ${mode}`);
    const polled = polls.get(c.req.path);
    if (jobs && c.req.method === 'GET' && polled) {
      polls.delete(c.req.path);
      return polled;
    }
    if (!jobs || c.req.method !== 'POST' || mode === 'pass') return forward(helper, c.req.raw);
    if (mode === 'down') return new Response('unavailable', { status: 503 });
    if (mode === 'too_large') return new Response('too large', { status: 413 });
    if (mode === 'problem')
      return new Response(JSON.stringify({ type: urn('invalidMessage'), status: 400 }), {
        status: 400,
        headers: { 'content-type': 'application/problem+json' },
      });
    if (mode === 'other_reports')
      return new Response(
        m.encodeAggregationJobResp([
          { reportId: Uint8Array.from(randomBytes(16)), type: 'finish' },
        ]),
        {
          headers: { 'content-type': m.MediaType.aggregationJobResp },
        },
      );
    // async: the Helper's real answer, handed out on the first poll of the Location.
    const real = await forward(helper, c.req.raw);
    const at = `${c.req.path}/poll-${polls.size}`;
    polls.set(at, new Response(await real.arrayBuffer(), { headers: real.headers }));
    return new Response(null, { status: 201, headers: { location: at, 'retry-after': '0' } });
  });
  return f;
}

beforeAll(async () => {
  h = await harness(
    { min_batch_size: 2 },
    { jobRetries: 50, jobRetryMs: 1, jobRetryMaxMs: 1 },
    front,
  );
});
afterAll(async () => {
  await h.close();
});

const keys = async (prefix: string) =>
  [...(await dump(h.leader.store)).keys()].filter((k) => k.startsWith(prefix));
const task = () => h.files.client.task_id;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the Leader reads each kind of Helper answer', () => {
  it('refused, too large and mismatched answers give the reports back; async answers are polled', async () => {
    const client = new DapClient(h.files.client);
    const t = Math.floor(Date.now() / 1000);
    const up = await client.upload(
      [1, 0, 1].map((measurement) => ({ measurement, timeSeconds: t })),
    );
    expect(up.accepted).toBe(3);
    for (const m2 of ['problem', 'too_large', 'other_reports'] as const) {
      mode = m2;
      seen.length = 0;
      await h.driver.tick();
      expect(seen[0]).toBe(`POST ${m2}`);
      // No job is left and nothing is aggregated: all three reports wait for another job.
      expect(await keys(K.jobPrefix(task()))).toEqual([]);
      expect(await keys(K.bucketPrefix(task()))).toEqual([]);
      expect(await keys(K.pendingPrefix(task()))).toHaveLength(3);
      if (m2 === 'other_reports') expect(seen).toContain('DELETE other_reports');
    }
    mode = 'async';
    seen.length = 0;
    await h.driver.tick();
    expect(seen.filter((s) => s.startsWith('GET'))).not.toHaveLength(0);
    expect(await keys(K.pendingPrefix(task()))).toEqual([]);
    mode = 'pass';
    const c = await collectTicking(h, { start: Math.floor(t / 60) - 1, duration: 3 });
    expect(c).toMatchObject({ aggregate: 2, reportCount: 3 });
  }, 120_000);

  it('a restarted driver recomputes the stored job and finishes it; a failing tick is reported', async () => {
    const client = new DapClient(h.files.client);
    const t = Math.floor(Date.now() / 1000) - 600;
    mode = 'down';
    const up = await client.upload([1, 1].map((measurement) => ({ measurement, timeSeconds: t })));
    expect(up.accepted).toBe(2);
    await h.driver.tick();
    // Jobs stay below half the body the Helper refused as too large: one job per report now.
    expect(await keys(K.jobPrefix(task()))).toHaveLength(2);
    await h.driver.close();
    const errors: unknown[] = [];
    const fresh = startLeaderDriver(h.leader, (e) => errors.push(e));
    mode = 'pass';
    for (let i = 0; i < 200 && (await keys(K.jobPrefix(task()))).length > 0; i++) {
      await sleep(10);
      await fresh.tick();
    }
    expect(await keys(K.jobPrefix(task()))).toEqual([]);
    expect(fresh.health().state).toBe('ready');
    const c = await collectTicking(h, { start: Math.floor(t / 60) - 1, duration: 3 });
    expect(c).toMatchObject({ aggregate: 2, reportCount: 2 });

    // The store closes under a driver: three failed ticks in a row and the Leader says so.
    await fresh.close();
    await h.leader.store.close();
    const broken = startLeaderDriver(h.leader, (e) => errors.push(e));
    try {
      for (let i = 0; i < 3; i++) await broken.tick();
      expect(broken.health()).toMatchObject({ ready: false, state: 'failed' });
      expect(broken.health().detail).toMatch(/background work failing: ./);
      expect(errors.length).toBeGreaterThanOrEqual(3);
    } finally {
      await broken.close();
    }
  }, 120_000);
});
