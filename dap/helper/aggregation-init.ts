// DAP-18 §4.5.1.2 Helper initialization: verify each report, commit output shares, answer once.
import { createHash } from 'node:crypto';
import { DecodeError } from '../errors.js';
import { b64url, fromB64url, hex } from '../encoding.js';
import {
  AggregationJobExtensionType,
  BATCH_ID_SIZE,
  BatchMode,
  decodeAggregationJobInitReq,
  encodeAggregationJobResp,
  Role,
  type AggregationJobInitReq,
  type DecodeLimits,
  type ReportErrorName,
  type VerifyInit,
  type VerifyResp,
} from '../messages/index.js';
import { DapProblem } from '../problem.js';
import { jsonValue, parseJson, type KvOp } from '../storage/kv.js';
import { BucketUpdates, readBucket } from '../aggregator/buckets.js';
import type { AggregatorContext, HelperTask } from '../aggregator/context.js';
import { batchBucketId, K, timeBucketId } from '../aggregator/keys.js';
import { openReportShare } from '../aggregator/open-report-share.js';
import { markSeenOps, seenMany } from '../aggregator/replay.js';
import type { HpkeKeyring } from '../aggregator/hpke-keys.js';
import type { Opaque, PingPongState } from '../vdaf-port.js';
import { tokenCheck, type AcceptedToken } from '../privacy-pass/aggregator-hooks.js';
import { spendTokens } from '../privacy-pass/spent.js';

export interface HelperJobRecord {
  digest: string;
  resp: string;
  step: number;
}

/** Content-derived resource IDs (§3.2): an identical request names the same job. */
export const resourceId = (body: Uint8Array): string =>
  b64url(createHash('sha256').update(body).digest().subarray(0, 16));

export function decodeInit(
  ht: HelperTask,
  body: Uint8Array,
  limits: DecodeLimits,
): AggregationJobInitReq {
  const taskId = ht.task.id;
  let req: AggregationJobInitReq;
  try {
    // this value is attacker-controlled
    req = decodeAggregationJobInitReq(body, limits);
  } catch (e) {
    const detail = e instanceof DecodeError ? e.message : 'undecodable';
    throw new DapProblem('invalidMessage', `AggregationJobInitReq: ${detail}`, taskId);
  }
  const allowed =
    ht.task.config.batchMode === BatchMode.leader_selected
      ? [AggregationJobExtensionType.leader_selected_batch_id]
      : [];
  const unknown = req.extensions.map((e) => e.type).filter((t) => !allowed.includes(t as 1));
  if (unknown.length > 0)
    throw new DapProblem(
      'unsupportedExtension',
      'unsupported aggregation job extension',
      taskId,
      unknown,
    );
  if (ht.task.config.batchMode === BatchMode.leader_selected) {
    const ext = req.extensions[0];
    if (ext?.data.length !== BATCH_ID_SIZE)
      throw new DapProblem('invalidMessage', 'leader_selected_batch_id missing or invalid', taskId);
  }
  if (!ht.task.vdaf.isValidAggParam(req.aggParam))
    throw new DapProblem('invalidAggregationParameter', 'invalid aggregation parameter', taskId);
  if (req.verificationKeyId !== 0)
    throw new DapProblem(
      'invalidMessage',
      `unknown verification_key_id ${req.verificationKeyId}`,
      taskId,
    );
  const ids = new Set(req.verifyInits.map((v) => hex(v.reportShare.metadata.reportId)));
  if (ids.size !== req.verifyInits.length)
    throw new DapProblem('invalidMessage', 'report IDs repeat within the job', taskId);
  return req;
}

/** What the Helper's first step made of one report: its ping-pong state, or the refusal. */
export type Started = { st: PingPongState; token?: AcceptedToken } | { error: ReportErrorName };

/**
 * The Helper's initialization of one report (§4.5.1.2): its token first (a Leader cannot add a
 * report: without a valid token of its own, the Helper rejects it), then the input share opened
 * (§4.5.1.3, §4.5.1.4) and the VDAF's helper init on the Leader's message.
 */
export function helperStart(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  aggParam: Uint8Array,
  vi: VerifyInit,
): Started {
  const t = ht.task;
  const md = vi.reportShare.metadata;
  const tc = tokenCheck(t, md);
  if (tc !== undefined && !tc.ok) return { error: 'invalid_message' };
  const opened = openReportShare(
    ctx,
    ht,
    Role.helper,
    md,
    vi.reportShare.publicShare,
    vi.reportShare.encryptedInputShare,
  );
  if (!opened.ok) return { error: opened.error };
  const st = t.vdaf.helperInit(
    ht.verifyKey,
    t.ctx,
    aggParam,
    md.reportId,
    vi.reportShare.publicShare,
    opened.payload,
    vi.payload,
  );
  if (st.kind === 'rejected') return { error: 'vdaf_verify_error' };
  return tc?.ok ? { st, token: tc } : { st };
}

/** How long after one re-read of the keys for an unknown config id the next may run. */
export const UNKNOWN_CONFIG_REREAD_MS = 1000;
const lastUnknownRead = new WeakMap<HpkeKeyring, number>();

/**
 * Before reports sealed to config ids this process does not hold are judged unknown: one re-read of
 * the keys (a key another process of the fleet just added), at most once per
 * UNKNOWN_CONFIG_REREAD_MS, so a Leader sending unknown ids costs no store read per report or job.
 */
export async function ensureConfigsKnown(
  keyring: HpkeKeyring,
  ids: Iterable<number>,
  nowMs: number = Date.now(),
): Promise<void> {
  const unknown = [...new Set(ids)].filter((id) => keyring.get(id) === undefined);
  if (unknown.length === 0) return;
  const last = lastUnknownRead.get(keyring);
  if (last !== undefined && nowMs - last < UNKNOWN_CONFIG_REREAD_MS) return;
  lastUnknownRead.set(keyring, nowMs);
  await keyring.ensureKnown(unknown);
}

/** The config ids of a job's reports. */
export const configIds = (vis: readonly VerifyInit[]): number[] =>
  vis.map((vi) => vi.reportShare.encryptedInputShare.configId);

type Outcome = { resp: VerifyResp; outShare?: Opaque; time: number; token?: AcceptedToken };

export async function initAggregationJob(
  ctx: AggregatorContext<HelperTask>,
  ht: HelperTask,
  body: Uint8Array,
): Promise<{ jobId: string; resp: Uint8Array }> {
  const jobId = resourceId(body);
  const existing = await ctx.store.get(K.job(ht.task.idB64, jobId));
  if (existing) return { jobId, resp: fromB64url(parseJson<HelperJobRecord>(existing).resp) };
  const req = decodeInit(ht, body, ctx.options.limits);
  const t = ht.task;
  const batchId = req.extensions[0]?.data;

  // A key another process of the fleet added since this one last read the keys.
  await ensureConfigsKnown(ctx.keyring, configIds(req.verifyInits));
  // Verification is pure CPU and runs outside the lock; commitment checks run inside it.
  const outcomes: Outcome[] = req.verifyInits.map((vi) => {
    const md = vi.reportShare.metadata;
    const s = helperStart(ctx, ht, req.aggParam, vi);
    // Prio3 is 1-round: the Helper always finishes here; a VDAF needing more rounds is refused.
    if ('error' in s || s.st.kind !== 'finishedWithOutbound') {
      const error = 'error' in s ? s.error : 'vdaf_verify_error';
      return { resp: { reportId: md.reportId, type: 'reject', error }, time: md.time };
    }
    return {
      resp: { reportId: md.reportId, type: 'continue', payload: s.st.outbound },
      outShare: s.st.outShare,
      time: md.time,
      ...(s.token ? { token: s.token } : {}),
    };
  });

  return ctx.mutex.run(async () => {
    // Independent reads, sent together (one round trip on PostgreSQL).
    const [again, , seen, batchCollected] = await Promise.all([
      ctx.store.get(K.job(t.idB64, jobId)),
      ctx.store.shared ? ht.collected.reload(ctx.store, t) : undefined,
      seenMany(
        ctx.store,
        t,
        outcomes.map((o) => o.resp.reportId),
      ),
      batchId
        ? readBucket(ctx.store, t, batchBucketId(hex(batchId))).then((b) => b?.collected ?? false)
        : false,
    ]);
    if (again) {
      ctx.events?.helperAggregationJob?.('repeated', 0, 0);
      return { jobId, resp: fromB64url(parseJson<HelperJobRecord>(again).resp) };
    }
    const updates = new BucketUpdates(ctx.store, t, req.aggParam);
    const ops: KvOp[] = [];
    const live = outcomes.map((o, i) =>
      o.outShare === undefined ||
      seen[i] ||
      (batchId ? batchCollected : ht.collected.contains(o.time))
        ? undefined
        : o.token,
    );
    const spent = t.tokens === undefined ? undefined : await spendTokens(ctx.store, t, live);
    for (const [i, o] of outcomes.entries()) {
      if (o.outShare === undefined) continue;
      const reportId = o.resp.reportId;
      const collected = batchId ? batchCollected : ht.collected.contains(o.time);
      if (seen[i] || collected) {
        o.resp = {
          reportId,
          type: 'reject',
          error: seen[i] ? 'report_replayed' : 'batch_collected',
        };
        continue;
      }
      if (spent?.refusals[i] !== undefined) {
        o.resp = { reportId, type: 'reject', error: 'invalid_message' };
        continue;
      }
      const bucket = batchId ? batchBucketId(hex(batchId)) : timeBucketId(o.time);
      await updates.add(bucket, o.outShare, reportId, o.time);
      ops.push(...markSeenOps(t, reportId, o.time));
    }
    const resp = encodeAggregationJobResp(outcomes.map((o) => o.resp));
    const rec: HelperJobRecord = {
      digest: jobId,
      resp: b64url(resp),
      step: 0,
    };
    const newest = outcomes.reduce((m, o) => Math.max(m, o.time), 0);
    ops.push(
      ...(spent?.ops ?? []),
      ...updates.ops(),
      { type: 'put', key: K.job(t.idB64, jobId), value: jsonValue(rec) },
      { type: 'put', key: K.jobByTime(t.idB64, newest, jobId), value: new Uint8Array(0) },
    );
    await ctx.store.write(ops);
    const aggregated = outcomes.filter((o) => o.resp.type === 'continue').length;
    ctx.events?.helperAggregationJob?.('created', aggregated, outcomes.length - aggregated);
    return { jobId, resp };
  });
}
