// DAP-18 §4.5.1.1 and §4.5.3 the Leader's round trip with the Helper and its commitment; §4.5.4
// abandonment. Transient failures (network, 5xx, a body that does not decode) leave the job to retry
// with the identical request; a DAP problem document or mismatched reports abandon it.
import { Reader } from '../codec/reader.js';
import { hex } from '../encoding.js';
import {
  decodeAggregationJobResp,
  decodeReport,
  isMediaType,
  readReportMetadata,
  MediaType,
  type VerifyResp,
} from '../messages/index.js';
import { parseProblem } from '../problem.js';
import type { KvOp } from '../storage/kv.js';
import { BucketUpdates } from '../aggregator/buckets.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { batchBucketId, K, timeBucketId } from '../aggregator/keys.js';
import { peerRequest, type PeerResponse } from '../http/peer.js';
import { leaderStart, type LeaderStates } from './job-creator.js';
import type { LeaderJobRecord } from './job-record.js';
import { encodePendingReport } from './pending-report.js';

/** Reports of an abandoned job go back to waiting this many times before they are dropped. */
const MAX_ATTEMPTS = 3;
const EMPTY = new Uint8Array(0);

export type JobOutcome = 'committed' | 'abandoned' | 'retry';

/** Recomputes the Leader's states after a restart (leader_init is deterministic). */
export function recomputeStates(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
): LeaderStates {
  const states: LeaderStates = new Map();
  for (const b of job.reports) {
    const r = decodeReport(b);
    const st = leaderStart(ctx, lt, r, EMPTY);
    if (st) states.set(hex(r.metadata.reportId), st);
  }
  return states;
}

async function exchange(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
): Promise<{ res: PeerResponse; url: string }> {
  const base = `${lt.task.params.helper}tasks/${lt.task.idB64}/aggregation_jobs`;
  const req = {
    token: lt.aggregatorToken,
    timeoutMs: ctx.options.peerTimeoutMs,
    maxBodyBytes: ctx.options.maxBodyBytes,
  };
  let res = await peerRequest({
    ...req,
    method: 'POST',
    url: base,
    mediaType: MediaType.aggregationJobInitReq,
    body: job.body,
  });
  const url = res.location ? new URL(res.location, base).toString() : base;
  // §3.1: an empty 2xx means "not ready yet"; poll the Location a bounded number of times.
  for (let i = 0; i < 20 && res.status < 300 && res.body.length === 0 && res.location; i++) {
    await new Promise((r) => setTimeout(r, Math.min(1000, (res.retryAfterSeconds ?? 0.05) * 1000)));
    res = await peerRequest({ ...req, method: 'GET', url });
  }
  return { res, url };
}

export async function runJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
  states: LeaderStates,
): Promise<JobOutcome> {
  let res: PeerResponse;
  let url: string;
  try {
    ({ res, url } = await exchange(ctx, lt, job));
  } catch {
    return 'retry';
  }
  if (res.status >= 300) {
    // Only a DAP problem document shows the Helper refused the job (and so committed nothing: an
    // identical request after a commit gets the stored response). Anything else, such as a 404 from
    // a Helper whose role is still starting, may follow a commit whose answer was lost: retry.
    const p = res.status < 500 ? parseProblem(new TextDecoder().decode(res.body)) : undefined;
    if (!p?.type) return 'retry';
    await abandon(ctx, lt, job, undefined);
    return 'abandoned';
  }
  let resps: VerifyResp[];
  try {
    if (!isMediaType(res.contentType, 'aggregationJobResp')) return 'retry';
    // this value is attacker-controlled
    resps = decodeAggregationJobResp(res.body, ctx.options.limits);
  } catch {
    return 'retry';
  }
  const ids = [...states.keys()];
  if (resps.length !== ids.length || resps.some((r, i) => hex(r.reportId) !== ids[i])) {
    await abandon(ctx, lt, job, url);
    return 'abandoned';
  }
  const t = lt.task;
  const updates = new BucketUpdates(ctx.store, t, EMPTY);
  const times = new Map(
    job.reports.map((b) => {
      // The metadata leads the stored Report; the shares after it are not needed here.
      const md = readReportMetadata(new Reader(b, 'Report'), ctx.options.limits);
      return [hex(md.reportId), md.time] as const;
    }),
  );
  for (const r of resps) {
    const id = hex(r.reportId);
    const st = states.get(id);
    if (!st) continue;
    if (r.type === 'reject') continue;
    if (r.type !== 'continue') {
      await abandon(ctx, lt, job, url);
      return 'abandoned';
    }
    const next = t.vdaf.leaderContinued(t.ctx, EMPTY, st.state, r.payload);
    // Prio3 is 1-round: the Leader finishes on the Helper's first message (§4.5.1.1).
    if (next.kind !== 'finished') continue;
    const time = times.get(id) ?? 0;
    const bucket = job.batchId ? batchBucketId(job.batchId) : timeBucketId(time);
    await updates.add(bucket, next.outShare, r.reportId, time);
  }
  await ctx.mutex.run(() =>
    ctx.store.write([...updates.ops(), { type: 'del', key: K.job(t.idB64, job.id) }]),
  );
  return 'committed';
}

/** Drops the job; its reports wait for another job unless they were tried too often (§4.5.4). */
async function abandon(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
  helperJobUrl: string | undefined,
): Promise<void> {
  const t = lt.task;
  const ops: KvOp[] = [{ type: 'del', key: K.job(t.idB64, job.id) }];
  job.reports.forEach((b, i) => {
    const attempts = (job.attempts[i] ?? 0) + 1;
    if (attempts >= MAX_ATTEMPTS) return;
    const md = decodeReport(b).metadata;
    ops.push({
      type: 'put',
      key: K.pending(t.idB64, md.time, hex(md.reportId)),
      value: encodePendingReport({ report: b, receivedMs: Date.now(), attempts }),
    });
  });
  await ctx.mutex.run(() => ctx.store.write(ops));
  lt.waiting = undefined;
  if (helperJobUrl) {
    await peerRequest({
      method: 'DELETE',
      url: helperJobUrl,
      token: lt.aggregatorToken,
      timeoutMs: ctx.options.peerTimeoutMs,
      maxBodyBytes: 4096,
    }).catch(() => undefined);
  }
}
