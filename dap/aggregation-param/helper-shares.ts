// DAP-18 §4.6.3 the Helper's aggregate share for a collection with an aggregation parameter: the
// batch's buckets of that parameter, after the checks of batch-params.ts (at most once per
// parameter, parameters following the VDAF's is_valid), count and checksum matched to the Leader's.
import { bytesEqual } from '../../common/index.js';
import { b64url, fromB64url } from '../encoding.js';
import { DecodeError } from '../errors.js';
import { sealAggShare } from '../envelope.js';
import { decodeAggregateShareReq, encodeAggregateShare, Role } from '../messages/index.js';
import { DapProblem } from '../problem.js';
import { jsonValue, parseJson, type KvStore } from '../storage/kv.js';
import { combine, type BucketRecord } from '../aggregator/buckets.js';
import { checkCollectionJobReq, selectorBatch } from '../aggregator/batch-selection.js';
import type { AggregatorContext, HelperTask } from '../aggregator/context.js';
import { K } from '../aggregator/keys.js';
import { resourceId } from '../helper/aggregation-init.js';
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
export async function createAggParamShare(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  body: Uint8Array,
): Promise<{ id: string; resp: Uint8Array }> {
  const t = ht.task;
  const id = resourceId(body);
  return ctx.mutex.run(async () => {
    const existing = await ctx.store.get(K.aggregateShare(t.idB64, id));
    if (existing) return { id, resp: fromB64url(parseJson<{ resp: string }>(existing).resp) };
    let req;
    try {
      // this value is attacker-controlled
      req = decodeAggregateShareReq(body, ctx.options.limits);
    } catch (e) {
      const detail = e instanceof DecodeError ? e.message : 'undecodable';
      throw new DapProblem('invalidMessage', `AggregateShareReq: ${detail}`, t.id);
    }
    checkCollectionJobReq(t, req.collectionJobReq);
    const batch = selectorBatch(t, req.collectionJobReq, req.batchSelector);
    if (batch.mode !== 'time_interval')
      throw new DapProblem('invalidMessage', 'the task collects time intervals', t.id);
    const i = batch.interval;
    const ap = req.collectionJobReq.aggParam;
    const admit = await admitBatchParam(ctx.store, t, i, ap);
    const totals = combine(t, ap, await paramBuckets(ctx.store, t, ap, i.start, i.duration));
    if (totals.count < t.params.min_batch_size)
      throw new DapProblem('invalidBatchSize', `batch holds ${totals.count} reports`, t.id);
    if (totals.count !== req.reportCount || !bytesEqual(totals.checksum, req.checksum))
      throw new DapProblem('batchMismatch', 'report count or checksum differs', t.id);
    const sealed = sealAggShare(
      ctx.hpke,
      ht.collectorConfig,
      Role.helper,
      { taskId: t.id, taskConfiguration: t.config, collectionJobReq: req.collectionJobReq },
      totals.aggShare,
    );
    const resp = encodeAggregateShare(sealed);
    await ctx.store.write([
      admit,
      { type: 'put', key: K.aggregateShare(t.idB64, id), value: jsonValue({ resp: b64url(resp) }) },
    ]);
    return { id, resp };
  });
}
