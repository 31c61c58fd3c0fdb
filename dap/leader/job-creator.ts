// DAP-18 §4.5.1.1 Leader initialization: pick waiting reports, run their first VDAF step, persist the
// job with its exact request body before anything is sent (a restarted Leader replays the same bytes).
// A job stays below the Helper's body limit (peerMaxBodyBytes, or what a 413 taught): bytes as well
// as reports are counted.
import { randomBytes } from 'node:crypto';
import { ioSlicer } from '../../common/index.js';
import { b64url, fromHex, hex } from '../encoding.js';
import {
  AggregationJobExtensionType,
  BatchMode,
  decodeReport,
  encodeAggregationJobInitReq,
  initReqHeaderSize,
  Role,
  verifyInitSize,
  type Report,
  type VerifyInit,
} from '../messages/index.js';
import { writeIfPresent, type KvOp } from '../storage/kv.js';
import { readBucket } from '../aggregator/buckets.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { batchBucketId, K } from '../aggregator/keys.js';
import { openReportShare } from '../aggregator/open-report-share.js';
import type { PingPongState } from '../vdaf-port.js';
import { encodeJobRecord, type LeaderJobRecord } from './job-record.js';
import {
  decodePendingReport,
  PENDING_HEAD_BYTES,
  pendingReceivedMs,
  type PendingReport,
} from './pending-report.js';
import { jobLease } from './work-lease.js';

export type LeaderStates = Map<string, Extract<PingPongState, { kind: 'continued' }>>;
/** Waiting reports with their keys, oldest first. */
export type Waiting = [key: string, pending: PendingReport][];

/** The Leader's first step for one report; null when the report is rejected locally. */
export function leaderStart(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  r: Report,
  aggParam: Uint8Array,
): Extract<PingPongState, { kind: 'continued' }> | null {
  const md = r.metadata;
  const opened = openReportShare(
    ctx,
    lt,
    Role.leader,
    md,
    r.publicShare,
    r.leaderEncryptedInputShare,
  );
  if (!opened.ok) return null;
  const st = lt.task.vdaf.leaderInit(
    lt.verifyKey,
    lt.task.ctx,
    aggParam,
    md.reportId,
    r.publicShare,
    opened.payload,
  );
  return st.kind === 'continued' ? st : null;
}

const EMPTY = new Uint8Array(0);
/** A Leader's VDAF loop over a job's reports yields to pending I/O at least this often. */
export const SLICE_MS = 5;

async function openBatchId(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
): Promise<{ id: string; ops: KvOp[] }> {
  const cur = await ctx.store.get(K.openBatch(lt.task.idB64));
  if (cur) {
    const id = new TextDecoder().decode(cur);
    const rec = await readBucket(ctx.store, lt.task, batchBucketId(id));
    if (!rec?.closed && !rec?.collected) return { id, ops: [] };
  }
  const id = hex(randomBytes(32));
  return {
    id,
    ops: [{ type: 'put', key: K.openBatch(lt.task.idB64), value: new TextEncoder().encode(id) }],
  };
}

/**
 * The waiting reports due for a job, read from the store; null when none. What `lt.waiting` says
 * (this process's uploads, and in a fleet the others' notices) spares the read while none is due.
 */
async function storedWaiting(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
): Promise<Waiting | null> {
  const o = ctx.options;
  const due = (w: { count: number; oldestMs: number }) =>
    w.count >= o.minJobSize || (w.count > 0 && Date.now() - w.oldestMs >= o.maxJobAgeMs);
  if (lt.waiting && !due(lt.waiting)) return null;
  const uploads = lt.uploads;
  const prefix = K.pendingPrefix(lt.task.idB64);
  // Whether a job is due is read from the records' heads; the reports only once it is.
  const seen = { count: 0, oldestMs: Infinity };
  for await (const [, v] of ctx.store.scan(prefix, {
    limit: o.maxJobSize,
    head: PENDING_HEAD_BYTES,
  })) {
    seen.count++;
    seen.oldestMs = Math.min(seen.oldestMs, pendingReceivedMs(v));
  }
  if (!due(seen)) {
    if (lt.uploads === uploads) lt.waiting = seen;
    return null;
  }
  const waiting: Waiting = [];
  for await (const [k, v] of ctx.store.scan(prefix, { limit: o.maxJobSize }))
    waiting.push([k, decodePendingReport(v)]);
  // Empty when another process took them meanwhile: then the job is empty and nothing is written.
  return waiting;
}

/**
 * Creates at most one job of the waiting reports; returns it with the Leader's states, or null when
 * nothing is due. In a fleet only the process holding the task's creator lease calls it, and the
 * job's lease is this process's before the job is stored, so no other process runs it while this
 * one holds its states. With `returned` (the task's count when the caller's pass began), it makes
 * nothing once a job of this process put reports back since: they wait for the next pass, so a
 * refused job's reports are not sent again at once, each time spending one of their attempts.
 */
export async function createJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  returned?: number,
): Promise<{ job: LeaderJobRecord; states: LeaderStates } | null> {
  const t = lt.task;
  // Reports of a VDAF with an aggregation parameter wait for their collections (§4.6.1).
  if (t.vdaf.aggParamAtCollection) return null;
  const o = ctx.options;
  const waiting = await storedWaiting(ctx, lt);
  if (!waiting) return null;
  // Checked after the read: the count goes up before the reports are written back.
  if (returned !== undefined && lt.returned !== returned) return null;

  const verifyInits: VerifyInit[] = [];
  const states: LeaderStates = new Map();
  const reports: Uint8Array[] = [];
  const attempts: number[] = [];
  const ops: KvOp[] = [];
  let minTime = Infinity;
  let maxTime = -Infinity;
  const cap = Math.min(o.peerMaxBodyBytes, lt.refusedBodyBytes ?? Infinity);
  const batchExt = t.config.batchMode === BatchMode.leader_selected ? 4 + 32 : 0;
  let bytes = initReqHeaderSize(EMPTY, []) + batchExt;
  let tooLarge = 0;
  // Uploads and other jobs' Helper answers are served between reports, not after the whole job.
  const slice = ioSlicer(SLICE_MS);
  for (const [key, p] of waiting) {
    await slice();
    const r = decodeReport(p.report);
    // A bucket collected since upload takes no more reports (§4.5.3).
    if (t.config.batchMode === BatchMode.time_interval && lt.collected.contains(r.metadata.time)) {
      ops.push({ type: 'del', key });
      continue;
    }
    // A key another process of the fleet added since this one last read the keys.
    const configId = r.leaderEncryptedInputShare.configId;
    if (!ctx.keyring.get(configId)) await ctx.keyring.ensureKnown([configId]);
    const st = leaderStart(ctx, lt, r, EMPTY);
    if (!st) {
      ops.push({ type: 'del', key });
      continue;
    }
    const init: VerifyInit = {
      reportShare: {
        metadata: r.metadata,
        publicShare: r.publicShare,
        encryptedInputShare: r.helperEncryptedInputShare,
      },
      payload: st.outbound,
    };
    const size = verifyInitSize(init);
    if (bytes + size > cap) {
      // Alone too large for the Helper: it can never be aggregated, so it is rejected.
      if (verifyInits.length === 0 && initReqHeaderSize(EMPTY, []) + batchExt + size > cap) {
        ops.push({ type: 'del', key });
        tooLarge++;
        continue;
      }
      break; // the rest waits for the next job
    }
    bytes += size;
    ops.push({ type: 'del', key });
    states.set(hex(r.metadata.reportId), st);
    verifyInits.push(init);
    reports.push(p.report);
    attempts.push(p.attempts);
    minTime = Math.min(minTime, r.metadata.time);
    maxTime = Math.max(maxTime, r.metadata.time);
  }
  let batchId: string | undefined;
  if (t.config.batchMode === BatchMode.leader_selected && verifyInits.length > 0) {
    const open = await openBatchId(ctx, lt);
    batchId = open.id;
    ops.push(...open.ops);
  }
  const body = encodeAggregationJobInitReq({
    verificationKeyId: 0,
    aggParam: EMPTY,
    extensions: batchId
      ? [{ type: AggregationJobExtensionType.leader_selected_batch_id, data: fromHex(batchId) }]
      : [],
    verifyInits,
  });
  const job: LeaderJobRecord = {
    id: b64url(randomBytes(12)),
    reports,
    attempts,
    body,
    minTime,
    maxTime,
    ...(batchId ? { batchId } : {}),
  };
  const lease = ctx.store.shared && verifyInits.length > 0 ? jobLease(t.idB64, job.id) : undefined;
  if (verifyInits.length > 0)
    ops.push({ type: 'put', key: K.job(t.idB64, job.id), value: encodeJobRecord(job) });
  if (lease !== undefined) await ctx.leases.claim(lease, o.leaseMs);
  // Another Leader process may have taken some of these reports meanwhile: then nothing is written.
  const taken = ops.flatMap((op) => (op.type === 'del' ? [op.key] : []));
  const wrote = await ctx.mutex.run(() => writeIfPresent(ctx.store, taken, ops));
  lt.waiting = undefined;
  if (!wrote) {
    if (lease !== undefined) await ctx.leases.drop(lease);
    return null;
  }
  if (tooLarge > 0) ctx.events?.reportsRejected?.(tooLarge);
  return verifyInits.length > 0 ? { job, states } : null;
}
