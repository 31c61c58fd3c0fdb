// DAP-18 §4.6.1 and §4.6.6 Collector: create and poll a collection job, decrypt both aggregate shares,
// unshard, let the caller make the result durable, then delete the job so the Leader can forget it.
// Polls as often as Retry-After says, counted from each poll's start.
import { createHash } from 'node:crypto';
import { DapError } from '../errors.js';
import { fromB64url } from '../encoding.js';
import { hpkeDefault, type Hpke } from '../hpke/index.js';
import { openAggShare } from '../envelope.js';
import {
  decodeCollectionJobResp,
  decodeHpkeConfig,
  encodeCollectionJobReq,
  isMediaType,
  leaderSelectedQuery,
  MediaType,
  Role,
  timeIntervalQuery,
  type CollectionJobReq,
  type Interval,
} from '../messages/index.js';
import { DapProblem, parseProblem } from '../problem.js';
import { isTransit, peerRequest, sleep } from '../http/peer.js';
import { DEFAULT_PEER_LIMITS, type PeerLimits } from '../http/peer-limits.js';
import type { CollectorTaskFile } from '../task/task-file.js';
import { taskOf } from '../task/task.js';
import { centeredAggregate, dpStatement, type DpStatement } from '../aggregator/dp-noise.js';

export type CollectQuery = { interval: Interval } | { next: true };

export interface Collection {
  aggregate: unknown;
  reportCount: number;
  /** In units of time_precision. */
  interval: Interval;
  /**
   * SHA-256 (hex) of the Leader's CollectionJobResp: the same for every poll of one job, so a
   * collector that recorded it knows a batch it collected before a crash when it sees it again.
   */
  id: string;
  /** The noise both aggregators added, when the task asks for differential privacy. */
  dp?: DpStatement;
}

export interface CollectOptions {
  timeoutMs?: number;
  hpke?: Hpke;
  /** Caps on the Leader's answers (default DEFAULT_PEER_LIMITS). */
  peerLimits?: PeerLimits;
  /** Each request to the Leader, its answer included (default 30 s). */
  requestTimeoutMs?: number;
  /**
   * Makes the collection durable before the Leader's job is deleted. When it throws, the job is
   * kept, so collecting again with the same query returns the same aggregate (same `id`).
   */
  persist?: (c: Collection) => Promise<void> | void;
  /** The encoded aggregation parameter (Poplar1: level and prefixes); empty for Prio3. */
  aggParam?: Uint8Array;
}

/**
 * DAP-18 §4.6 collection: asks the Leader for a collection job over `query` (a time interval, or
 * the next leader-selected batch), polls until it is ready, opens both aggregate shares and
 * unshards them; the job is deleted once `persist` (if given) has made the result durable.
 *
 * @throws {DapProblem} protocol_failed, with the problem type the Leader answered in `problemType`
 * (batchInvalid, invalidBatchSize, unrecognizedTask, ...)
 * @throws {DapError} http_failed (unreachable, not ready before `timeoutMs`, or the job not
 * deleted), http_timeout, http_body_too_large, protocol_failed
 * @throws {HpkeError} hpke_open_failed (an aggregate share that does not open)
 * @example
 * const file = readTaskFile('tasks/collector.json', 'collector');
 * const { aggregate, reportCount } = await collect(file, { next: true }, { timeoutMs: 120_000 });
 */
export async function collect(
  file: CollectorTaskFile,
  query: CollectQuery,
  opts: CollectOptions = {},
): Promise<Collection> {
  const t = taskOf(file);
  const hpke = opts.hpke ?? hpkeDefault;
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  const req: CollectionJobReq = {
    query: 'next' in query ? leaderSelectedQuery() : timeIntervalQuery(query.interval),
    aggParam: opts.aggParam ?? new Uint8Array(0),
    extensions: [],
  };
  const limits = opts.peerLimits ?? DEFAULT_PEER_LIMITS;
  const common = {
    token: file.collector_auth_token,
    timeoutMs: opts.requestTimeoutMs ?? 30_000,
    maxBodyBytes: limits.collectionJobRespBytes,
    idleTimeoutMs: limits.idleTimeoutMs,
  };
  const createUrl = `${t.params.leader}tasks/${t.idB64}/collection_jobs`;
  let sentAt = Date.now();
  let res = await peerRequest({
    ...common,
    method: 'POST',
    url: createUrl,
    mediaType: MediaType.collectionJobReq,
    body: encodeCollectionJobReq(req),
  });
  if (!res.location && res.status < 300)
    throw new DapError('protocol_failed', 'the Leader gave no collection job location');
  const jobUrl = new URL(res.location ?? createUrl, createUrl).toString();
  let deleted = false;
  let persisting = false;
  try {
    while (res.status < 300 && res.body.length === 0) {
      if (Date.now() > deadline)
        throw new DapError('http_failed', 'collection job not ready in time');
      // §3.1: Retry-After is the Leader's polling interval, counted from when the last request
      // was sent (a Leader that held it until the job was due has already waited that long); at
      // least 100 ms between an answer and the next poll, never past our own deadline.
      const askIn = Math.max(100, (res.retryAfterSeconds ?? 1) * 1000 - (Date.now() - sentAt));
      await sleep(Math.min(askIn, Math.max(0, deadline - Date.now())));
      sentAt = Date.now();
      res = await peerRequest({ ...common, method: 'GET', url: jobUrl });
    }
    if (res.status >= 300) {
      // A job that failed is forgotten, so the same query may start afresh.
      await deleteJob(false);
      const p = parseProblem(new TextDecoder().decode(res.body));
      if (p?.type) throw new DapProblem(p.type, p.doc.detail ?? p.type);
      throw new DapError('http_failed', `collection job failed with HTTP ${res.status}`);
    }
    if (!isMediaType(res.contentType, 'collectionJobResp'))
      throw new DapError('protocol_failed', 'the Leader answered with the wrong media type');
    // this value is attacker-controlled
    const resp = decodeCollectionJobResp(res.body);
    const sk = fromB64url(file.collector_hpke_private_key);
    const cfg = decodeHpkeConfig(fromB64url(file.collector_hpke_config));
    const aad = { taskId: t.id, taskConfiguration: t.config, collectionJobReq: req };
    const shares = [
      [Role.leader, resp.leaderEncryptedAggShare],
      [Role.helper, resp.helperEncryptedAggShare],
    ] as const;
    const plain = shares.map(([role, c]) => {
      if (c.configId !== cfg.id)
        throw new DapError('protocol_failed', 'share sealed to another config');
      return openAggShare(hpke, sk, role, aad, c);
    });
    const raw = t.vdaf.unshard(req.aggParam, plain, resp.reportCount);
    const out: Collection = {
      // With dp, a count may come out negative: the field integer is read as a signed value.
      aggregate: t.dp === undefined ? raw : centeredAggregate(t.vdafConfig, raw),
      reportCount: resp.reportCount,
      interval: resp.interval,
      ...(t.dp === undefined ? {} : { dp: dpStatement(t.dp, t.vdafConfig) }),
      id: createHash('sha256').update(res.body).digest('hex'),
    };
    persisting = true;
    await opts.persist?.(out);
    persisting = false;
    await deleteJob(true);
    return out;
  } catch (e) {
    // A job not ready in time, or a poll lost in transit, may still finish at the Leader, which
    // marks its batch collected: it is kept, and the same query asks for it again (§4.6.1). So is
    // one whose result could not be made durable: deleting it would lose the batch.
    if (!isTransit(e) && !persisting) await deleteJob(false);
    throw e;
  }

  /** §4.6.6; after a success a failed DELETE is reported, after a failure the first error wins. */
  async function deleteJob(report: boolean): Promise<void> {
    if (deleted) return;
    deleted = true;
    const del = await peerRequest({
      ...common,
      maxBodyBytes: limits.otherBytes,
      method: 'DELETE',
      url: jobUrl,
    }).catch((e: unknown) =>
      e instanceof DapError ? e : new DapError('http_failed', String(e), { cause: e }),
    );
    const failure =
      del instanceof DapError
        ? del.message
        : del.status < 300 || del.status === 404
          ? ''
          : `HTTP ${del.status}`;
    if (report && failure)
      throw new DapError(
        'http_failed',
        `the Leader did not delete collection job ${jobUrl} (${failure}); next: the job is kept, so collecting again with the same query returns this aggregate, then it is deleted`,
      );
  }
}
