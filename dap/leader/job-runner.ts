// DAP-18 §4.5.1.1 and §4.5.3 the Leader's round trip with the Helper and its commitment; §4.5.4
// abandonment. Transient failures (network, 5xx, a body that does not decode) leave the job to retry
// with the identical request, a bounded number of times (the driver counts); a DAP problem document
// or mismatched reports abandon it; a 413 puts its reports back for smaller jobs.
import { ioSlicer } from '../../common/index.js';
import { Reader } from '../codec/reader.js';
import { hex } from '../encoding.js';
import {
  decodeAggregationJobResp,
  decodeReport,
  readReportMetadata,
  MediaType,
  type VerifyResp,
} from '../messages/index.js';
import { writeIfPresent, type KvOp } from '../storage/kv.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { batchBucketId, K, timeBucketId } from '../aggregator/keys.js';
import { peerRequest, type PeerResponse } from '../http/peer.js';
import { classifyHelperAnswer } from './helper-response.js';
import { commitJob, jobGone, jobKey, type FinishedReport } from './job-commit.js';
import { leaderStart, SLICE_MS, type LeaderStates } from './job-creator.js';
import type { LeaderJobRecord } from './job-record.js';
import { encodePendingReport } from './pending-report.js';
import { failureOf, loggableUrl, type PeerCallFailure } from './peer-failure.js';
import { helperBase } from './helper-url.js';

/** Reports of an abandoned job go back to waiting this many times before they are dropped. */
const MAX_ATTEMPTS = 3;
const EMPTY = new Uint8Array(0);

export type JobOutcome = 'committed' | 'abandoned' | 'split' | 'retry';

/** A job's outcome and, unless it committed, what the Helper call did (for the warn log). */
export interface JobResult {
  outcome: JobOutcome;
  failure?: Omit<PeerCallFailure, 'next'>;
}

/** Recomputes the Leader's states after a restart (leader_init is deterministic). */
export async function recomputeStates(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
): Promise<LeaderStates> {
  const states: LeaderStates = new Map();
  const slice = ioSlicer(SLICE_MS);
  for (const b of job.reports) {
    await slice();
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
  const base = `${helperBase(ctx.options, lt.task)}tasks/${lt.task.idB64}/aggregation_jobs`;
  const req = {
    token: lt.aggregatorToken,
    timeoutMs: ctx.options.peerTimeoutMs,
    maxBodyBytes: ctx.options.peerLimits.aggregationJobRespBytes,
    idleTimeoutMs: ctx.options.peerLimits.idleTimeoutMs,
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

/** Runs a job: the Helper's answer, checked and finished (§4.5.1.1), then its commit (§4.5.3). */
export async function runJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
  states: LeaderStates,
): Promise<JobResult> {
  const v = await verifyJob(ctx, lt, job, states);
  if ('outcome' in v) return v;
  await commitJob(ctx, lt, job, v.finished);
  return { outcome: 'committed' };
}

/**
 * Sends a job to the Helper and finishes its reports on the answer; a job that cannot commit has
 * already been ended (abandoned, split) or is left to retry, and its outcome is returned instead.
 */
export async function verifyJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
  states: LeaderStates,
): Promise<JobResult | { finished: FinishedReport[] }> {
  let res: PeerResponse | undefined;
  let url = '';
  let err: unknown;
  try {
    ({ res, url } = await exchange(ctx, lt, job));
  } catch (e) {
    res = undefined;
    err = e;
  }
  const peer = loggableUrl(
    `${helperBase(ctx.options, lt.task)}tasks/${lt.task.idB64}/aggregation_jobs`,
  );
  const failed = (extra: { cause?: string } = {}): JobResult['failure'] => ({
    peer,
    call: 'aggregation_job',
    ...failureOf(res, err),
    ...extra,
  });
  const answer = classifyHelperAnswer(res);
  if (answer === 'too_large') {
    await requeueSmaller(ctx, lt, job);
    return { outcome: 'split', failure: failed() };
  }
  if (answer === 'refused') {
    await abandon(ctx, lt, job, undefined);
    return { outcome: 'abandoned', failure: failed() };
  }
  if (answer === 'transient' || !res) return { outcome: 'retry', failure: failed() };
  let resps: VerifyResp[];
  try {
    // this value is attacker-controlled
    resps = decodeAggregationJobResp(res.body, ctx.options.limits);
  } catch {
    return {
      outcome: 'retry',
      failure: failed({ cause: 'the AggregationJobResp does not decode' }),
    };
  }
  const ids = [...states.keys()];
  const mismatch = { cause: "the answer does not match the job's reports" };
  if (resps.length !== ids.length || resps.some((r, i) => hex(r.reportId) !== ids[i])) {
    await abandon(ctx, lt, job, url);
    return { outcome: 'abandoned', failure: failed(mismatch) };
  }
  const t = lt.task;
  const finished: FinishedReport[] = [];
  const times = new Map(
    job.reports.map((b) => {
      // The metadata leads the stored Report; the shares after it are not needed here.
      const md = readReportMetadata(new Reader(b, 'Report'), ctx.options.limits);
      return [hex(md.reportId), md.time] as const;
    }),
  );
  const slice = ioSlicer(SLICE_MS);
  for (const r of resps) {
    await slice();
    const id = hex(r.reportId);
    const st = states.get(id);
    if (!st) continue;
    if (r.type === 'reject') continue;
    if (r.type !== 'continue') {
      await abandon(ctx, lt, job, url);
      return { outcome: 'abandoned', failure: failed(mismatch) };
    }
    const next = t.vdaf.leaderContinued(t.ctx, EMPTY, st, r.payload);
    // Prio3 is 1-round: the Leader finishes on the Helper's first message (§4.5.1.1).
    if (next.kind !== 'finished') continue;
    const time = times.get(id) ?? 0;
    const bucket = job.batchId ? batchBucketId(job.batchId) : timeBucketId(time);
    finished.push({ bucket, outShare: next.outShare, id: r.reportId, time });
  }
  return { finished };
}

/** Puts a job's report back to waiting. */
const waitAgain = (lt: LeaderTask, b: Uint8Array, attempts: number, receivedMs: number): KvOp => {
  const md = decodeReport(b).metadata;
  const key = K.pending(lt.task.idB64, md.time, hex(md.reportId));
  const pending = { report: b, receivedMs, attempts };
  return { type: 'put', key, value: encodePendingReport(pending) };
};

/**
 * Writes a job's end while the job is stored; `back` of its reports wait again (at `receivedMs`),
 * which the process creating the task's jobs is told.
 */
async function endJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
  ops: KvOp[],
  back: { count: number; receivedMs: number },
): Promise<void> {
  // Counted before they are written, so a job being made meanwhile cannot read them unnoticed.
  if (back.count > 0) lt.returned++;
  await ctx.mutex.run(async () => {
    const wrote = await writeIfPresent(ctx.store, [jobKey(lt, job)], ops);
    if (wrote && back.count > 0)
      ctx.notices?.announce({ kind: 'upload', task: lt.task.idB64, ...back });
  });
  lt.waiting = undefined;
}

/**
 * The Helper refused the body as too large: its reports wait again (no attempt counted, the Helper
 * saw none of them) and later jobs stay below half this body; a lone report is rejected.
 */
async function requeueSmaller(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
): Promise<void> {
  lt.refusedBodyBytes = Math.min(lt.refusedBodyBytes ?? Infinity, Math.floor(job.body.length / 2));
  const ops = jobGone(lt, job);
  const receivedMs = Date.now();
  const back = job.reports.length > 1 ? job.reports.length : 0;
  if (back > 0)
    job.reports.forEach((b, i) => ops.push(waitAgain(lt, b, job.attempts[i] ?? 0, receivedMs)));
  else ctx.events?.reportsRejected?.(job.reports.length);
  await endJob(ctx, lt, job, ops, { count: back, receivedMs });
}

/**
 * Transient failures used up the job's retries: it fails, and its reports are rejected so that
 * collections of their batch go on without them.
 */
export async function failJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
): Promise<void> {
  await ctx.mutex.run(() => writeIfPresent(ctx.store, [jobKey(lt, job)], jobGone(lt, job)));
  ctx.events?.reportsRejected?.(job.reports.length);
}

/** The job's stored count of transient failures (0 when none). */
export async function readJobTries(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
): Promise<number> {
  const v = await ctx.store.get(K.jobTries(lt.task.idB64, job.id));
  return v && v.length === 4 ? new DataView(v.buffer, v.byteOffset, 4).getUint32(0) : 0;
}

export async function writeJobTries(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
  tries: number,
): Promise<void> {
  const value = new Uint8Array(4);
  new DataView(value.buffer).setUint32(0, tries);
  await ctx.mutex.run(() =>
    ctx.store.write([{ type: 'put', key: K.jobTries(lt.task.idB64, job.id), value }]),
  );
}

/** Drops the job; its reports wait for another job unless they were tried too often (§4.5.4). */
async function abandon(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
  helperJobUrl: string | undefined,
): Promise<void> {
  const ops = jobGone(lt, job);
  const receivedMs = Date.now();
  let dropped = 0;
  job.reports.forEach((b, i) => {
    const attempts = (job.attempts[i] ?? 0) + 1;
    if (attempts >= MAX_ATTEMPTS) dropped++;
    else ops.push(waitAgain(lt, b, attempts, receivedMs));
  });
  if (dropped > 0) ctx.events?.reportsRejected?.(dropped);
  await endJob(ctx, lt, job, ops, { count: job.reports.length - dropped, receivedMs });
  if (helperJobUrl) {
    await peerRequest({
      method: 'DELETE',
      url: helperJobUrl,
      token: lt.aggregatorToken,
      timeoutMs: ctx.options.peerTimeoutMs,
      maxBodyBytes: ctx.options.peerLimits.otherBytes,
      idleTimeoutMs: ctx.options.peerLimits.idleTimeoutMs,
    }).catch(() => undefined);
  }
}
