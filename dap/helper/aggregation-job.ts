// DAP-18 §4.5.2.2 continuation, §3.1 polling and §4.5.4 deletion of a Helper aggregation job.
import { DecodeError } from '../errors.js';
import { fromB64url } from '../encoding.js';
import { decodeAggregationJobContinueReq } from '../messages/index.js';
import { DapProblem } from '../problem.js';
import { parseJson } from '../storage/kv.js';
import type { AggregatorContext, HelperTask } from '../aggregator/context.js';
import { K } from '../aggregator/keys.js';
import type { HelperJobRecord } from './aggregation-init.js';

async function job(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  jobId: string,
): Promise<HelperJobRecord> {
  const v = await ctx.store.get(K.job(ht.task.idB64, jobId));
  if (!v) throw new DapProblem('unrecognizedAggregationJob', 'no such aggregation job', ht.task.id);
  return parseJson<HelperJobRecord>(v);
}

/** GET ?step=N: the job's response at its current step (§4.5.2.4). */
export async function getAggregationJob(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  jobId: string,
  step: number,
): Promise<Uint8Array> {
  const rec = await job(ctx, ht, jobId);
  if (step !== rec.step)
    throw new DapProblem('stepMismatch', `job is at step ${rec.step}, not ${step}`, ht.task.id);
  return fromB64url(rec.resp);
}

/**
 * POST AggregationJobContinueReq. Every job of a 1-round VDAF finishes at initialization, so no
 * report is left in a Continued state: a request naming reports is invalid (§4.5.2.2).
 */
export async function continueAggregationJob(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  jobId: string,
  body: Uint8Array,
): Promise<never> {
  const rec = await job(ctx, ht, jobId);
  let step: number;
  let n: number;
  try {
    // this value is attacker-controlled
    const req = decodeAggregationJobContinueReq(body, ctx.options.limits);
    step = req.step;
    n = req.verifyContinues.length;
  } catch (e) {
    const detail = e instanceof DecodeError ? e.message : 'undecodable';
    throw new DapProblem('invalidMessage', `AggregationJobContinueReq: ${detail}`, ht.task.id);
  }
  if (step === 0) throw new DapProblem('invalidMessage', 'continuation step 0', ht.task.id);
  if (n > 0)
    throw new DapProblem('invalidMessage', 'no report of this job awaits continuation', ht.task.id);
  throw new DapProblem('stepMismatch', `job finished at step ${rec.step}`, ht.task.id);
}

/** DELETE: forgets the job; replay state and buckets stay (§4.5.4). */
export async function deleteAggregationJob(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  jobId: string,
): Promise<void> {
  await job(ctx, ht, jobId);
  await ctx.store.write([{ type: 'del', key: K.job(ht.task.idB64, jobId) }]);
}
