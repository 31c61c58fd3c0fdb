// docs/dap.md "Aggregation jobs": a pass that makes a backlog of jobs sends each to the Helper as
// soon as it is made, so the Helper works on the first while the Leader prepares the next. A front
// before a real Helper counts the Leader's stored jobs when each job arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import { K } from '../../dap/aggregator/keys.js';
import { dump, harness, type Harness } from './harness.js';
import { collectTicking } from './requests.js';
import { listen, type Listening } from './support.js';

const JOB = 60;
const JOBS = 3;
let h: Harness;
/** Per job that reached the Helper, how many jobs the Leader had stored by then. */
const storedAtArrival: number[] = [];

const storedJobs = async (): Promise<number> =>
  [...(await dump(h.leader.store)).keys()].filter((k) =>
    k.startsWith(K.jobPrefix(h.files.client.task_id)),
  ).length;

async function front(helper: Listening): Promise<Listening> {
  const f = await listen();
  f.app.all('*', async (c) => {
    const req = c.req.raw;
    if (c.req.path.includes('/aggregation_jobs') && req.method === 'POST')
      storedAtArrival.push(await storedJobs());
    const url = new URL(req.url);
    const body = req.method === 'GET' ? undefined : new Uint8Array(await req.arrayBuffer());
    const res = await fetch(`${helper.url}${url.pathname}${url.search}`, {
      method: req.method,
      headers: req.headers,
      ...(body ? { body } : {}),
    });
    return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
  });
  return f;
}

beforeAll(async () => {
  // Jobs of 60 Prio3SumVec(32) reports: preparing one takes far longer than a loopback request.
  h = await harness(
    {
      min_batch_size: JOB * JOBS,
      vdaf: { type: 'Prio3SumVec', length: 32, max_measurement: 1, chunk_length: 6 },
    },
    { minJobSize: JOB, maxJobSize: JOB, jobsInFlight: JOBS },
    front,
  );
});
afterAll(async () => {
  await h.close();
});

describe('a backlog of jobs', () => {
  it('reaches the Helper job by job while the later ones are still being made', async () => {
    const client = new DapClient(h.files.client);
    const t = Math.floor(Date.now() / 1000);
    const sum = new Array<number>(32).fill(0);
    const reports = Array.from({ length: JOB * JOBS }, (_, i) => {
      const measurement = Array.from({ length: 32 }, (_, j) => ((i + j) % 7 === 0 ? 1 : 0));
      measurement.forEach((x, j) => (sum[j] = (sum[j] ?? 0) + x));
      return { measurement, timeSeconds: t };
    });
    expect((await client.upload(reports)).accepted).toBe(JOB * JOBS);
    await h.driver.tick();
    // One pass made the three jobs; the first was at the Helper before the last was stored.
    expect(storedAtArrival).toHaveLength(JOBS);
    expect(storedAtArrival[0]).toBeLessThan(JOBS);
    expect(await storedJobs()).toBe(0);
    const c = await collectTicking(h, { start: Math.floor(t / 60) - 1, duration: 3 });
    expect(c).toMatchObject({ aggregate: sum, reportCount: JOB * JOBS });
  }, 120_000);
});
