// DAP-18 §4.5.3 the Leader's commitment while several aggregation jobs run at once: jobs committed
// together into one batch bucket each add to it, none overwrites another's update (real store:
// level, or PostgreSQL with MESH_DAP_BACKEND=postgres; a real Helper over HTTP).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import { b64url } from '../../dap/encoding.js';
import { K } from '../../dap/aggregator/keys.js';
import { reportChecksum, xorInto, type BucketRecord } from '../../dap/aggregator/buckets.js';
import { parseJson } from '../../dap/storage/kv.js';
import { createJob } from '../../dap/leader/job-creator.js';
import { commitJob, type FinishedReport } from '../../dap/leader/job-commit.js';
import { verifyJob } from '../../dap/leader/job-runner.js';
import { CHECKSUM_SIZE } from '../../dap/messages/index.js';
import { harness, type Harness } from './harness.js';

const JOBS = 4;
const PER_JOB = 3;
let h: Harness;

beforeAll(async () => {
  h = await harness({ min_batch_size: 1 }, { minJobSize: 1, maxJobSize: PER_JOB });
});
afterAll(async () => {
  await h.close();
});

describe('Leader jobs committed together', () => {
  it("lose no bucket update: the bucket holds every job's reports, share and checksum", async () => {
    const lt = [...h.leader.tasks.values()][0];
    if (!lt) throw new Error('no task');
    const t = Math.floor(Date.now() / 1000 / 3600) * 3600;
    const client = new DapClient(h.files.client);
    const subs = Array.from({ length: JOBS * PER_JOB }, (_, i) => ({
      measurement: i % 3 === 0 ? 0 : 1,
      timeSeconds: t,
    }));
    expect((await client.upload(subs)).accepted).toBe(subs.length);

    // Each job made and answered by the Helper first, so that all commits start at once.
    const ready: { job: Parameters<typeof commitJob>[2]; finished: FinishedReport[] }[] = [];
    for (let i = 0; i < JOBS; i++) {
      const made = await createJob(h.leader, lt);
      if (!made) throw new Error(`job ${String(i)} was not made`);
      const v = await verifyJob(h.leader, lt, made.job, made.states);
      if (!('finished' in v)) throw new Error(`job ${String(i)}: ${v.outcome}`);
      expect(v.finished).toHaveLength(PER_JOB);
      ready.push({ job: made.job, finished: v.finished });
    }
    const wrote = await Promise.all(ready.map((r) => commitJob(h.leader, lt, r.job, r.finished)));
    expect(wrote).toEqual(new Array(JOBS).fill(true));

    const all = ready.flatMap((r) => r.finished);
    const v = lt.task.vdaf;
    const empty = new Uint8Array(0);
    let agg = v.aggInit(empty);
    const checksum = new Uint8Array(CHECKSUM_SIZE);
    for (const f of all) {
      agg = v.aggUpdate(empty, agg, f.outShare);
      xorInto(checksum, reportChecksum(f.id));
    }
    const buckets: BucketRecord[] = [];
    for await (const [, b] of h.leader.store.scan(K.bucketPrefix(lt.task.idB64)))
      buckets.push(parseJson<BucketRecord>(b));
    expect(buckets).toHaveLength(1);
    expect(buckets[0]).toMatchObject({
      count: JOBS * PER_JOB,
      agg: b64url(v.encodeAggShare(agg)),
      checksum: b64url(checksum),
    });
    // Every job is gone with its commit; a second commit of one writes nothing.
    const first = ready[0];
    if (!first) throw new Error('no job');
    expect(await commitJob(h.leader, lt, first.job, [])).toBe(false);
  });
});
