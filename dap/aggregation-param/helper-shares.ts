// DAP-18 §4.6.3 the Helper's aggregate share for a collection with an aggregation parameter: the
// batch's buckets of that parameter, after the checks of batch-params.ts (at most once per
// parameter, parameters following the VDAF's is_valid), count and checksum matched to the Leader's.
import { DapProblem } from '../problem.js';
import { parseJson, type KvStore } from '../storage/kv.js';
import type { BucketRecord } from '../aggregator/buckets.js';
import { selectorBatch } from '../aggregator/batch-selection.js';
import type { AggregatorContext, HelperTask } from '../aggregator/context.js';
import { answerAggregateShare } from '../helper/aggregate-shares.js';
import type { Task } from '../task/task.js';
import { admitBatchParam } from './batch-params.js';
import { AK } from './keys.js';

async function paramBuckets(
  store: KvStore,
  t: Task,
  aggParam: Uint8Array,
  start: number,
  duration: number,
): Promise<BucketRecord[]> {
  const { from, to } = AK.bucketRange(t.idB64, aggParam, start, duration);
  const out: BucketRecord[] = [];
  for await (const [, v] of store.scan(from, { lt: to })) out.push(parseJson<BucketRecord>(v));
  return out;
}

/**
 * POST AggregateShareReq for a task whose VDAF takes its parameter at collection.
 *
 * @throws {DapProblem} invalidMessage, batchInvalid, batchOverlap, invalidAggregationParameter,
 * invalidBatchSize, batchMismatch
 */
export function createAggParamShare(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  body: Uint8Array,
): Promise<{ id: string; resp: Uint8Array }> {
  const t = ht.task;
  return answerAggregateShare(ctx, ht, body, async (req) => {
    const batch = selectorBatch(t, req.collectionJobReq, req.batchSelector);
    if (batch.mode !== 'time_interval')
      throw new DapProblem('invalidMessage', 'the task collects time intervals', t.id);
    const i = batch.interval;
    const ap = req.collectionJobReq.aggParam;
    const admit = await admitBatchParam(ctx.store, t, i, ap);
    return { recs: await paramBuckets(ctx.store, t, ap, i.start, i.duration), ops: [admit] };
  });
}
