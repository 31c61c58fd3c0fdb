// DAP-18 §4.5.2 the Helper's aggregation jobs for a VDAF with an aggregation parameter and two
// rounds (Poplar1): initialization answers each report with its round-1 message, continuation
// (§4.5.2.2, step 1) finishes it and commits the output share to the parameter's buckets. Between
// the two, the Helper keeps the init request, not VDAF state: verification is deterministic, so
// continuation recomputes it (a restart loses nothing). A report is verified at most once per
// parameter, only with parameters that follow its earlier ones (VDAF-20 §8.2 is_valid), and never
// first with a later parameter of a batch (§4.5.1.4 batch_collected, batch-closed.ts); a task
// with membership tokens has each report's token checked at every level and spent at the first.
import { b64url, fromB64url, hex } from '../encoding.js';
import { DecodeError } from '../errors.js';
import {
  decodeAggregationJobContinueReq,
  encodeAggregationJobResp,
  type AggregationJobContinueReq,
  type ReportErrorName,
  type VerifyInit,
  type VerifyResp,
} from '../messages/index.js';
import { DapProblem } from '../problem.js';
import { jsonValue, parseJson, type KvOp } from '../storage/kv.js';
import { BucketUpdates } from '../aggregator/buckets.js';
import type { AggregatorContext, HelperTask } from '../aggregator/context.js';
import { K } from '../aggregator/keys.js';
import {
  configIds,
  decodeInit,
  ensureConfigsKnown,
  helperStart,
  resourceId,
  type HelperJobRecord,
  type Started,
} from '../helper/aggregation-init.js';
import type { PingPongState } from '../vdaf-port.js';
import { VdafPingPongError } from '../../vdaf/index.js';
import { reportParamError, reportParams, reportParamsOp } from './batch-params.js';
import { closedBatchError, closedIntervals } from './batch-closed.js';
import { AK } from './keys.js';
import type { AcceptedToken } from '../privacy-pass/aggregator-hooks.js';
import { spendTokens } from '../privacy-pass/spent.js';

type Ctx = AggregatorContext<HelperTask>;

/** The stored job: the init request it recomputes from, and its answer at its current step. */
interface AggParamJobRecord extends HelperJobRecord {
  body: string;
}

type Continued = Extract<PingPongState, { kind: 'continued' }>;

const REFUSED_AT_INIT: PingPongState = {
  kind: 'rejected',
  error: new VdafPingPongError('the report was refused at initialization'),
};

/** A report's round-0 state the job continues from (Poplar1 never finishes at init), or why not. */
function started(
  ctx: Ctx,
  ht: HelperTask,
  aggParam: Uint8Array,
  vi: VerifyInit,
): { st: Continued; token?: AcceptedToken } | { error: ReportErrorName } {
  const s: Started = helperStart(ctx, ht, aggParam, vi);
  if ('error' in s) return s;
  const { st, token } = s;
  if (st.kind !== 'continued') return { error: 'vdaf_verify_error' };
  return token ? { st, token } : { st };
}

/**
 * POST AggregationJobInitReq for a task whose VDAF takes its parameter at collection.
 *
 * @throws {DapProblem} invalidMessage, invalidAggregationParameter, unsupportedExtension
 */
export async function initAggParamJob(
  ctx: Ctx,
  ht: HelperTask,
  body: Uint8Array,
): Promise<{ jobId: string; resp: Uint8Array }> {
  const t = ht.task;
  const jobId = resourceId(body);
  const existing = await ctx.store.get(K.job(t.idB64, jobId));
  if (existing) return { jobId, resp: fromB64url(parseJson<HelperJobRecord>(existing).resp) };
  const req = decodeInit(ht, body, ctx.options.limits);
  await ensureConfigsKnown(ctx.keyring, configIds(req.verifyInits));
  const resps: VerifyResp[] = [];
  const closed = await closedIntervals(ctx.store, t);
  let newest = 0;
  for (const vi of req.verifyInits) {
    const md = vi.reportShare.metadata;
    newest = Math.max(newest, md.time);
    const previous = await reportParams(ctx.store, t, hex(md.reportId));
    const refusal =
      reportParamError(t, req.aggParam, previous) ?? closedBatchError(closed, md.time, previous);
    const s = refusal ? { error: refusal } : started(ctx, ht, req.aggParam, vi);
    resps.push(
      'st' in s
        ? { reportId: md.reportId, type: 'continue', payload: s.st.outbound }
        : { reportId: md.reportId, type: 'reject', error: s.error },
    );
  }
  const resp = encodeAggregationJobResp(resps);
  const rec: AggParamJobRecord = { digest: jobId, resp: b64url(resp), step: 0, body: b64url(body) };
  await ctx.mutex.run(() =>
    ctx.store.write([
      { type: 'put', key: K.job(t.idB64, jobId), value: jsonValue(rec) },
      { type: 'put', key: K.jobByTime(t.idB64, newest, jobId), value: new Uint8Array(0) },
    ]),
  );
  return { jobId, resp };
}

function decodeContinue(ht: HelperTask, body: Uint8Array, ctx: Ctx): AggregationJobContinueReq {
  try {
    // this value is attacker-controlled
    return decodeAggregationJobContinueReq(body, ctx.options.limits);
  } catch (e) {
    const detail = e instanceof DecodeError ? e.message : 'undecodable';
    throw new DapProblem('invalidMessage', `AggregationJobContinueReq: ${detail}`, ht.task.id);
  }
}

/**
 * POST AggregationJobContinueReq (step 1): finishes the job's reports and commits their output
 * shares; the same step again gets the stored answer (§4.5.2.2).
 *
 * @throws {DapProblem} unrecognizedAggregationJob, stepMismatch, invalidMessage
 */
export async function continueAggParamJob(
  ctx: Ctx,
  ht: HelperTask,
  jobId: string,
  body: Uint8Array,
): Promise<Uint8Array> {
  const t = ht.task;
  const load = async () => {
    const v = await ctx.store.get(K.job(t.idB64, jobId));
    if (!v) throw new DapProblem('unrecognizedAggregationJob', 'no such aggregation job', t.id);
    return parseJson<AggParamJobRecord>(v);
  };
  const rec = await load();
  const req = decodeContinue(ht, body, ctx);
  if (req.step === rec.step && rec.step > 0) return fromB64url(rec.resp);
  if (req.step !== 1 || rec.step !== 0)
    throw new DapProblem('stepMismatch', `job is at step ${rec.step}, not ${req.step - 1}`, t.id);
  const init = decodeInit(ht, fromB64url(rec.body), ctx.options.limits);
  await ensureConfigsKnown(ctx.keyring, configIds(init.verifyInits));
  const ap = init.aggParam;
  const byId = new Map(init.verifyInits.map((vi) => [hex(vi.reportShare.metadata.reportId), vi]));
  const finished: { vi: VerifyInit; next: PingPongState; token?: AcceptedToken }[] = [];
  for (const vc of req.verifyContinues) {
    const vi = byId.get(hex(vc.reportId));
    if (!vi) throw new DapProblem('invalidMessage', 'a report the job does not hold', t.id);
    byId.delete(hex(vc.reportId));
    const s = started(ctx, ht, ap, vi);
    const next: PingPongState =
      'st' in s ? t.vdaf.helperContinued(t.ctx, ap, s.st, vc.payload) : REFUSED_AT_INIT;
    finished.push('token' in s && s.token ? { vi, next, token: s.token } : { vi, next });
  }
  return ctx.mutex.run(async () => {
    const again = await load();
    if (again.step > 0) return fromB64url(again.resp);
    const updates = new BucketUpdates(ctx.store, t, ap);
    const ops: KvOp[] = [];
    const resps: VerifyResp[] = [];
    const previous = await Promise.all(
      finished.map(({ vi }) => reportParams(ctx.store, t, hex(vi.reportShare.metadata.reportId))),
    );
    const closed = await closedIntervals(ctx.store, t);
    const refusals = finished.map(({ vi, next }, i) => {
      if (next.kind !== 'finished') return 'vdaf_verify_error';
      const before = previous[i] ?? [];
      const time = vi.reportShare.metadata.time;
      return reportParamError(t, ap, before) ?? closedBatchError(closed, time, before);
    });
    // A report's token is spent when the report is first aggregated (its first parameter); the
    // later levels of the walk aggregate the same report again, under the token already spent.
    const live = finished.map(({ token }, i) =>
      refusals[i] !== null || (previous[i]?.length ?? 0) > 0 ? undefined : token,
    );
    const spent = t.tokens === undefined ? undefined : await spendTokens(ctx.store, t, live);
    for (const [i, { vi, next }] of finished.entries()) {
      const md = vi.reportShare.metadata;
      const refusal = refusals[i] ?? (spent?.refusals[i] !== undefined ? 'invalid_message' : null);
      if (next.kind !== 'finished' || refusal !== null) {
        resps.push({
          reportId: md.reportId,
          type: 'reject',
          error: refusal ?? 'vdaf_verify_error',
        });
        continue;
      }
      await updates.add(AK.bucketId(ap, md.time), next.outShare, md.reportId, md.time);
      ops.push(reportParamsOp(t, hex(md.reportId), previous[i] ?? [], ap));
      resps.push({ reportId: md.reportId, type: 'finish' });
    }
    ops.push(...(spent?.ops ?? []));
    const resp = encodeAggregationJobResp(resps);
    const done: AggParamJobRecord = { ...again, step: 1, resp: b64url(resp) };
    ops.push(...updates.ops(), { type: 'put', key: K.job(t.idB64, jobId), value: jsonValue(done) });
    await ctx.store.write(ops);
    return resp;
  });
}
