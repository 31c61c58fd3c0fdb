// DAP-18 §4.5.1 the Leader's aggregation jobs for one collection's aggregation parameter: init
// (§4.5.1.1), then one continuation (§4.5.1.3) per further round of a two-round VDAF such as
// Poplar1. Jobs are deterministic from the stored reports, so a retried collection sends the same
// bodies and the Helper answers from its stored responses.
import { hex } from '../encoding.js';
import {
  decodeAggregationJobResp,
  encodeAggregationJobContinueReq,
  encodeAggregationJobInitReq,
  MediaType,
  type Report,
  type VerifyContinue,
  type VerifyInit,
  type VerifyResp,
} from '../messages/index.js';
import { DapError } from '../errors.js';
import { DapProblem, parseProblem } from '../problem.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { peerRequest, sleep, type PeerResponse } from '../http/peer.js';
import { leaderStart } from '../leader/job-creator.js';
import { helperBase } from '../leader/helper-url.js';
import type { Opaque, PingPongState } from '../vdaf-port.js';

/** One report's verified output share. */
export interface Verified {
  report: Report;
  outShare: Opaque;
}

type Ctx = AggregatorContext<LeaderTask>;

/** A Helper that failed in transit or with 5xx: the collection stays pending and retries. */
export class HelperUnavailable extends DapError {
  constructor(detail: string) {
    super('http_failed', `the Helper is unavailable: ${detail}`);
  }
}

async function send(
  ctx: Ctx,
  lt: LeaderTask,
  url: string,
  mediaType: string,
  body: Uint8Array,
  step: number,
): Promise<{ resps: VerifyResp[]; location: string }> {
  const req = {
    token: lt.aggregatorToken,
    timeoutMs: ctx.options.peerTimeoutMs,
    maxBodyBytes: ctx.options.peerLimits.aggregationJobRespBytes,
    idleTimeoutMs: ctx.options.peerLimits.idleTimeoutMs,
  };
  let res: PeerResponse;
  try {
    res = await peerRequest({ ...req, method: 'POST', url, mediaType, body });
    const at = res.location ? new URL(res.location, url).toString() : url;
    // §3.1: an empty 2xx means "not ready yet"; poll a bounded number of times.
    for (let i = 0; i < 20 && res.status < 300 && res.body.length === 0 && res.location; i++) {
      await sleep(Math.min(1000, (res.retryAfterSeconds ?? 0.05) * 1000));
      res = await peerRequest({ ...req, method: 'GET', url: `${at}?step=${step}` });
    }
  } catch (e) {
    throw new HelperUnavailable(e instanceof Error ? e.message : String(e));
  }
  if (res.status >= 500 || res.status === 429 || res.body.length === 0)
    throw new HelperUnavailable(`HTTP ${res.status}`);
  if (res.status >= 300) {
    // this value is attacker-controlled
    const p = parseProblem(new TextDecoder().decode(res.body));
    throw new DapProblem(p?.type ?? 'invalidMessage', `Helper: ${p?.doc.detail ?? res.status}`);
  }
  try {
    // this value is attacker-controlled
    const resps = decodeAggregationJobResp(res.body, ctx.options.limits);
    return { resps, location: res.location ? new URL(res.location, url).toString() : url };
  } catch (e) {
    throw new DapProblem('invalidMessage', `Helper: ${(e as Error).message}`);
  }
}

/**
 * Verifies `reports` with the Helper under `aggParam` in jobs of at most maxJobSize reports and
 * returns the output shares of those both Aggregators accepted.
 *
 * @throws {HelperUnavailable} the Helper did not answer (retry later)
 * @throws {DapProblem} the Helper refused a job (the collection fails with that type)
 */
export async function verifyWithHelper(
  ctx: Ctx,
  lt: LeaderTask,
  reports: readonly Report[],
  aggParam: Uint8Array,
): Promise<Verified[]> {
  const out: Verified[] = [];
  const size = Math.max(1, ctx.options.maxJobSize);
  for (let at = 0; at < reports.length; at += size)
    out.push(...(await oneJob(ctx, lt, reports.slice(at, at + size), aggParam)));
  return out;
}

async function oneJob(
  ctx: Ctx,
  lt: LeaderTask,
  reports: readonly Report[],
  aggParam: Uint8Array,
): Promise<Verified[]> {
  const t = lt.task;
  const states = new Map<
    string,
    { report: Report; state: Extract<PingPongState, { kind: 'continued' }> }
  >();
  const verifyInits: VerifyInit[] = [];
  for (const r of reports) {
    const st = leaderStart(ctx, lt, r, aggParam);
    if (!st) continue;
    states.set(hex(r.metadata.reportId), { report: r, state: st });
    verifyInits.push({
      reportShare: {
        metadata: r.metadata,
        publicShare: r.publicShare,
        encryptedInputShare: r.helperEncryptedInputShare,
      },
      payload: st.outbound,
    });
  }
  if (verifyInits.length === 0) return [];
  const body = encodeAggregationJobInitReq({
    verificationKeyId: 0,
    aggParam,
    extensions: [],
    verifyInits,
  });
  const base = `${helperBase(ctx.options, t)}tasks/${t.idB64}/aggregation_jobs`;
  const init = await send(ctx, lt, base, MediaType.aggregationJobInitReq, body, 0);
  const continues: VerifyContinue[] = [];
  const finishing = new Map<string, Verified>();
  for (const r of init.resps) {
    const id = hex(r.reportId);
    const s = states.get(id);
    if (!s || r.type !== 'continue') continue;
    const next = t.vdaf.leaderContinued(t.ctx, aggParam, s.state, r.payload);
    if (next.kind !== 'finishedWithOutbound') continue;
    finishing.set(id, { report: s.report, outShare: next.outShare });
    continues.push({ reportId: r.reportId, payload: next.outbound });
  }
  if (continues.length === 0) return [];
  const cont = await send(
    ctx,
    lt,
    init.location,
    MediaType.aggregationJobContinueReq,
    encodeAggregationJobContinueReq({ step: 1, verifyContinues: continues }),
    1,
  );
  const done: Verified[] = [];
  for (const r of cont.resps) {
    const v = finishing.get(hex(r.reportId));
    if (v && r.type === 'finish') done.push(v);
  }
  return done;
}
