// DAP-18 §4.6.1 collection with an aggregation parameter at the Leader: the batch's reports, kept
// since upload, are verified with the Helper under the collection's parameter, after the checks
// of batch-params.ts; the job then goes on as any other (the Helper's share, the answer).
import { b64url, fromB64url, hex } from '../encoding.js';
import { decodeCollectionJobReq, decodeReport, type Report } from '../messages/index.js';
import { DapProblem } from '../problem.js';
import { jsonValue, type KvOp } from '../storage/kv.js';
import { reportChecksum, xorInto } from '../aggregator/buckets.js';
import { queryInterval } from '../aggregator/batch-selection.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { K, pad } from '../aggregator/keys.js';
import { CHECKSUM_SIZE } from '../messages/index.js';
import type { CollectionRecord } from '../leader/collection-jobs.js';
import { decodePendingReport } from '../leader/pending-report.js';
import { batchMembers, batchMembersOp } from './batch-closed.js';
import { admitBatchParam, batchParams } from './batch-params.js';
import { HelperUnavailable, verifyWithHelper } from './leader-jobs.js';

type Ctx = AggregatorContext<LeaderTask>;

async function batchReports(ctx: Ctx, lt: LeaderTask, start: number, end: number) {
  const prefix = K.pendingPrefix(lt.task.idB64);
  const out: Report[] = [];
  for await (const [, v] of ctx.store.scan(prefix + pad(start), { lt: prefix + pad(end) }))
    out.push(decodeReport(decodePendingReport(v).report));
  return out;
}

/**
 * Advances a pending collection job of a task whose VDAF takes its aggregation parameter at
 * collection: checks the parameter, verifies the batch's reports under it and stores the Leader's
 * aggregate share (state `collecting`), or fails the job with the DAP problem type.
 */
export async function aggregateForCollection(
  ctx: Ctx,
  lt: LeaderTask,
  rec: Extract<CollectionRecord, { state: 'pending' }>,
): Promise<void> {
  const t = lt.task;
  const req = decodeCollectionJobReq(fromB64url(rec.req));
  const base = { id: rec.id, req: rec.req, digest: rec.digest };
  const save = (next: CollectionRecord, extra: KvOp[] = []) =>
    ctx.mutex.run(() =>
      ctx.store.write([
        ...extra,
        { type: 'put', key: K.collection(t.idB64, rec.id), value: jsonValue(next) },
      ]),
    );
  const fail = (e: DapProblem) => {
    ctx.events?.collection?.('failed');
    return save({ ...base, state: 'failed', problem: e.problemType, detail: e.detail });
  };
  try {
    const i = queryInterval(t, req.query);
    const admit = await admitBatchParam(ctx.store, t, i, req.aggParam);
    // After the batch's first parameter, only the reports that one aggregated (§4.5.1.4).
    const first = (await batchParams(ctx.store, t, i)).length === 0;
    const members = first ? undefined : await batchMembers(ctx.store, t, i);
    const reports = (await batchReports(ctx, lt, i.start, i.start + i.duration)).filter(
      (r) => members === undefined || members.has(hex(r.metadata.reportId)),
    );
    if (reports.length < t.params.min_batch_size)
      throw new DapProblem(
        'invalidBatchSize',
        `batch holds ${reports.length} of ${t.params.min_batch_size} reports`,
        t.id,
      );
    const verified = await verifyWithHelper(ctx, lt, reports, req.aggParam);
    if (verified.length < t.params.min_batch_size)
      throw new DapProblem(
        'invalidBatchSize',
        `${verified.length} of ${t.params.min_batch_size} reports verified`,
        t.id,
      );
    const v = t.vdaf;
    let agg = v.aggInit(req.aggParam);
    const checksum = new Uint8Array(CHECKSUM_SIZE);
    let minTime = Infinity;
    let maxTime = -Infinity;
    for (const x of verified) {
      agg = v.aggUpdate(req.aggParam, agg, x.outShare);
      xorInto(checksum, reportChecksum(x.report.metadata.reportId));
      minTime = Math.min(minTime, x.report.metadata.time);
      maxTime = Math.max(maxTime, x.report.metadata.time);
    }
    const next: CollectionRecord = {
      ...base,
      state: 'collecting',
      aggShare: b64url(v.encodeAggShare(agg)),
      count: verified.length,
      checksum: b64url(checksum),
      minTime,
      maxTime,
    };
    const ids = verified.map((x) => hex(x.report.metadata.reportId));
    await save(next, first ? [admit, batchMembersOp(t, i, ids)] : [admit]);
  } catch (e) {
    if (e instanceof HelperUnavailable) return; // pending: the next tick retries
    if (e instanceof DapProblem) return fail(e);
    throw e;
  }
}
