// DAP-18 §4.4.2 Leader behaviour on upload: idempotent, duplicates discarded, accepted reports synced.
import { closedBatchError, closedIntervals } from '../aggregation-param/batch-closed.js';
import { DecodeError } from '../errors.js';
import { hex } from '../encoding.js';
import {
  BatchMode,
  decodeUploadRequestSpans,
  type Report,
  type ReportUploadStatus,
} from '../messages/index.js';
import { DapProblem } from '../problem.js';
import type { KvOp } from '../storage/kv.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { timeError } from '../aggregator/input-share-checks.js';
import { K } from '../aggregator/keys.js';
import { markSeenOps, seenMany } from '../aggregator/replay.js';
import { reportSizeError } from '../aggregator/report-size.js';
import { encodePendingReport } from './pending-report.js';
import {
  acceptedReportExtensions,
  requireUploadTokens,
  spendUploadTokens,
  type AcceptedToken,
} from '../privacy-pass/aggregator-hooks.js';

export async function upload(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  body: Uint8Array,
): Promise<ReportUploadStatus[]> {
  const t = lt.task;
  let spans: { report: Report; bytes: Uint8Array }[];
  try {
    // this value is attacker-controlled
    spans = decodeUploadRequestSpans(body, ctx.options.limits);
  } catch (e) {
    const detail = e instanceof DecodeError ? e.message : 'undecodable';
    ctx.events?.uploadRefused?.('invalidMessage', 1);
    throw new DapProblem('invalidMessage', `UploadRequest: ${detail}`, t.id);
  }
  const reports = spans.map((s) => s.report);
  const allowed = acceptedReportExtensions(t);
  const unsupported = [
    ...new Set(reports.flatMap((r) => r.metadata.publicExtensions.map((e) => e.type))),
  ].filter((type) => !allowed.includes(type));
  if (unsupported.length > 0) {
    ctx.events?.uploadRefused?.('unsupportedExtension', reports.length);
    throw new DapProblem('unsupportedExtension', 'unsupported report extension', t.id, unsupported);
  }
  let tokens;
  try {
    tokens = requireUploadTokens(
      t,
      reports.map((r) => r.metadata),
    );
  } catch (e) {
    if (e instanceof DapProblem) ctx.events?.uploadRefused?.(e.problemType, reports.length);
    throw e;
  }

  // A config another process of the fleet advertised since this one last read the keys.
  await ctx.keyring.ensureKnown(reports.map((r) => r.leaderEncryptedInputShare.configId));
  return ctx.mutex.run(async () => {
    // Independent reads, sent together (one round trip on PostgreSQL, while the write lock is held).
    const [, closed, seen] = await Promise.all([
      ctx.store.shared ? lt.collected.reload(ctx.store, t) : undefined,
      // A batch aggregated with a first parameter is closed (§4.5.1.4): a later level never counts
      // a report that the first did not, so the Leader refuses it at upload rather than keep it.
      t.vdaf.aggParamAtCollection ? closedIntervals(ctx.store, t) : [],
      seenMany(
        ctx.store,
        t,
        reports.map((r) => r.metadata.reportId),
      ),
    ]);
    const now = ctx.clock.nowSeconds();
    const errors: ReportUploadStatus[] = [];
    const ops: KvOp[] = [];
    const inRequest = new Set<string>();
    const spending: (AcceptedToken | undefined)[] = [];
    const receivedMs = Date.now();
    for (const [i, { report: r, bytes }] of spans.entries()) {
      const md = r.metadata;
      const id = hex(md.reportId);
      const fail = (error: ReportUploadStatus['error']) =>
        errors.push({ reportId: md.reportId, error });
      if (seen[i] || inRequest.has(id)) {
        fail('report_replayed');
        continue;
      }
      if (!ctx.keyring.accepts(r.leaderEncryptedInputShare.configId)) {
        fail('outdated_config');
        continue;
      }
      // A share larger than the task's VDAF makes would only swell the Helper's jobs.
      const se = reportSizeError(t, r, ctx.options.limits);
      if (se) {
        fail(se);
        continue;
      }
      const te = timeError(t, md.time, now, ctx.options);
      if (te) {
        // Outside the task interval or older than the replay horizon: discarded (§4.4.2).
        fail(te === 'task_not_started' || te === 'task_expired' ? 'report_dropped' : te);
        continue;
      }
      if (
        (t.config.batchMode === BatchMode.time_interval && lt.collected.contains(md.time)) ||
        closedBatchError(closed, md.time, []) !== null
      ) {
        fail('batch_collected');
        continue;
      }
      inRequest.add(id);
      spending.push(tokens[i]);
      const pending = { report: bytes, receivedMs, attempts: 0 };
      const key = K.pending(t.idB64, md.time, id);
      ops.push(...markSeenOps(t, md.reportId, md.time), {
        type: 'put',
        key,
        value: encodePendingReport(pending),
      });
    }
    ops.push(...(await spendUploadTokens(ctx.store, t, spending)));
    await ctx.store.write(ops);
    // The process creating the task's jobs learns of them (in a fleet, maybe another one).
    if (inRequest.size > 0)
      ctx.notices?.announce({ kind: 'upload', task: t.idB64, count: inRequest.size, receivedMs });
    // In-memory state follows the commit only (an attempt retried after a lost COMMIT counts once).
    ctx.store.afterCommit(() => {
      lt.uploads++;
      if (lt.waiting && inRequest.size > 0)
        lt.waiting = {
          count: lt.waiting.count + inRequest.size,
          oldestMs: Math.min(lt.waiting.oldestMs, receivedMs),
        };
      if (inRequest.size > 0) ctx.wakeDriver?.();
    });
    if (inRequest.size > 0) ctx.events?.uploadAccepted?.(inRequest.size);
    const refused = new Map<ReportUploadStatus['error'], number>();
    for (const e of errors) refused.set(e.error, (refused.get(e.error) ?? 0) + 1);
    for (const [reason, n] of refused) ctx.events?.uploadRefused?.(reason, n);
    return errors;
  });
}
