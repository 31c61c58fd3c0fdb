// DAP-18 §4.6.3 the Helper's side of obtaining aggregate shares, and §4.6.4 their deletion.
import { DecodeError } from '../errors.js';
import { bytesEqual } from '../../common/index.js';
import { b64url, fromB64url } from '../encoding.js';
import { sealAggShare } from '../envelope.js';
import { decodeAggregateShareReq, encodeAggregateShare, Role } from '../messages/index.js';
import { DapProblem } from '../problem.js';
import { jsonValue, parseJson, type KvOp } from '../storage/kv.js';
import {
  bucketOp,
  combine,
  readBucket,
  timeBuckets,
  type BucketRecord,
} from '../aggregator/buckets.js';
import { checkCollectionJobReq, selectorBatch } from '../aggregator/batch-selection.js';
import type { AggregatorContext, HelperTask } from '../aggregator/context.js';
import { batchBucketId, K } from '../aggregator/keys.js';
import { resourceId } from './aggregation-init.js';

interface ShareRecord {
  resp: string;
}

type AggregateShareReq = ReturnType<typeof decodeAggregateShareReq>;

/** A batch's buckets for one aggregate share, and the writes that close the batch with it. */
export interface TakenBatch {
  recs: BucketRecord[];
  ops: KvOp[];
  /** Runs once the share is written (the in-memory record of collected intervals). */
  done?: () => void;
}

/** Takes the batch a request names, or throws the DapProblem that refuses it (under the mutex). */
export type TakeBatch = (req: AggregateShareReq) => Promise<TakenBatch>;

/**
 * POST AggregateShareReq (DAP-18 §4.6.3) with the task's own batch rule: an identical request gets
 * the stored answer; otherwise the request is decoded and checked, `take` names the buckets and
 * refuses a batch already collected, and the count and checksum must match the Leader's.
 *
 * @throws {DapProblem} invalidMessage, invalidAggregationParameter, batchOverlap, invalidBatchSize,
 * batchMismatch (and what `take` throws)
 * @example const { resp } = await answerAggregateShare(ctx, ht, body, (req) => take(req));
 */
export async function answerAggregateShare(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  body: Uint8Array,
  take: TakeBatch,
): Promise<{ id: string; resp: Uint8Array }> {
  const t = ht.task;
  const id = resourceId(body);
  return ctx.mutex.run(async () => {
    const existing = await ctx.store.get(K.aggregateShare(t.idB64, id));
    if (existing) {
      ctx.events?.helperAggregateShare?.('repeated');
      return { id, resp: fromB64url(parseJson<ShareRecord>(existing).resp) };
    }
    let req;
    try {
      // this value is attacker-controlled
      req = decodeAggregateShareReq(body, ctx.options.limits);
    } catch (e) {
      const detail = e instanceof DecodeError ? e.message : 'undecodable';
      throw new DapProblem('invalidMessage', `AggregateShareReq: ${detail}`, t.id);
    }
    checkCollectionJobReq(t, req.collectionJobReq);
    const batch = await take(req);
    const totals = combine(t, req.collectionJobReq.aggParam, batch.recs);
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
    const rec: ShareRecord = { resp: b64url(resp) };
    await ctx.store.write([
      ...batch.ops,
      { type: 'put', key: K.aggregateShare(t.idB64, id), value: jsonValue(rec) },
    ]);
    batch.done?.();
    ctx.events?.helperAggregateShare?.('created');
    return { id, resp };
  });
}

/** A task without an aggregation parameter: each batch is collected once (§4.6.3). */
export function createAggregateShare(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  body: Uint8Array,
): Promise<{ id: string; resp: Uint8Array }> {
  const t = ht.task;
  return answerAggregateShare(ctx, ht, body, async (req) => {
    if (ctx.store.shared) await ht.collected.reload(ctx.store, t);
    const batch = selectorBatch(t, req.collectionJobReq, req.batchSelector);
    if (batch.mode === 'time_interval') {
      if (ht.collected.overlaps(batch.interval))
        throw new DapProblem('batchOverlap', 'batch interval was already collected', t.id);
      return {
        recs: await timeBuckets(ctx.store, t, batch.interval.start, batch.interval.duration),
        ops: [ht.collected.op(t, batch.interval)],
        done: () => {
          ht.collected.remember(batch.interval);
        },
      };
    }
    const key = batchBucketId(batch.batchIdHex);
    const rec = await readBucket(ctx.store, t, key);
    if (rec?.collected) throw new DapProblem('batchOverlap', 'batch was already collected', t.id);
    return {
      recs: rec ? [rec] : [],
      ops: rec ? [bucketOp(t, key, { ...rec, collected: true })] : [],
    };
  });
}

export async function getAggregateShare(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  id: string,
): Promise<Uint8Array | undefined> {
  const v = await ctx.store.get(K.aggregateShare(ht.task.idB64, id));
  return v ? fromB64url(parseJson<ShareRecord>(v).resp) : undefined;
}

export async function deleteAggregateShare(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  id: string,
): Promise<boolean> {
  const key = K.aggregateShare(ht.task.idB64, id);
  if (!(await ctx.store.get(key))) return false;
  await ctx.store.write([{ type: 'del', key }]);
  return true;
}
