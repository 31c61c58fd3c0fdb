// DAP-18 §4.6.1 and §4.6.3: the Leader finishes pending aggregation for a batch, enforces
// min_batch_size, marks the batch collected, obtains the Helper's share and answers the Collector.
import { b64url, fromB64url } from '../encoding.js';
import { sealAggShare } from '../envelope.js';
import {
  BatchMode,
  decodeAggregateShare,
  decodeCollectionJobReq,
  encodeAggregateShareReq,
  encodeCollectionJobResp,
  encodeIntervalConfig,
  isMediaType,
  MediaType,
  Role,
  type CollectionJobReq,
  type Interval,
  type ModeConfig,
} from '../messages/index.js';
import { parseProblem, type ProblemType } from '../problem.js';
import { jsonValue, parseJson, type KvOp } from '../storage/kv.js';
import {
  bucketOp,
  combine,
  readBucket,
  timeBuckets,
  type BucketRecord,
} from '../aggregator/buckets.js';
import { queryInterval } from '../aggregator/batch-selection.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { batchBucketId, K, pad } from '../aggregator/keys.js';
import { peerRequest } from '../http/peer.js';
import type { CollectionRecord } from './collection-jobs.js';
import {
  decodeJobHead,
  JOB_HEAD_BYTES,
  type LeaderJobHead,
  type LeaderJobRecord,
} from './job-record.js';
import { failureOf, loggableUrl } from './peer-failure.js';
import { helperBase } from './helper-url.js';
import { aggregateForCollection } from '../aggregation-param/leader-collection.js';

type Ctx = AggregatorContext<LeaderTask>;
type Failure = ['invalidBatchSize' | 'batchOverlap', string];

/** Stores the job's next state; a finished one is announced to requests waiting for it. */
const save = (ctx: Ctx, lt: LeaderTask, rec: CollectionRecord, extra: KvOp[] = []) =>
  ctx.mutex.run(async () => {
    await ctx.store.write([
      ...extra,
      { type: 'put', key: K.collection(lt.task.idB64, rec.id), value: jsonValue(rec) },
    ]);
    if (rec.state === 'done' || rec.state === 'failed')
      ctx.notices?.announce({ kind: 'collection', task: lt.task.idB64 });
  });

async function pendingIn(ctx: Ctx, lt: LeaderTask, i: Interval): Promise<boolean> {
  // One process: the in-memory count may overstate what waits but never understates it: at zero,
  // none does, and a driver ticking while the batch's last jobs run skips a store scan per tick. In
  // a fleet it rests on notices, which may be lost, so the store is read.
  if (!ctx.store.shared && lt.waiting?.count === 0) return false;
  const prefix = K.pendingPrefix(lt.task.idB64);
  for await (const _ of ctx.store.scan(prefix + pad(i.start), {
    lt: prefix + pad(i.start + i.duration),
    limit: 1,
  }))
    return true;
  return false;
}

/**
 * The jobs in flight: the driver's own list, or in a fleet every job stored now (another process
 * may have created one since this pass read them; read under the mutex, none can appear unseen).
 */
async function jobsInFlight(
  ctx: Ctx,
  lt: LeaderTask,
  inflight: readonly LeaderJobRecord[],
): Promise<readonly LeaderJobHead[]> {
  if (!ctx.store.shared) return inflight;
  const out: LeaderJobHead[] = [];
  const heads = ctx.store.scan(K.jobPrefix(lt.task.idB64), { head: JOB_HEAD_BYTES });
  for await (const [, v] of heads) out.push(decodeJobHead(v));
  return out;
}

/** Advances one collection job as far as it can go now. */
export async function driveCollection(
  ctx: Ctx,
  lt: LeaderTask,
  rec: CollectionRecord,
  inflight: readonly LeaderJobRecord[],
): Promise<void> {
  const t = lt.task;
  const req = decodeCollectionJobReq(fromB64url(rec.req));
  const fail = (problem: 'invalidBatchSize' | 'batchOverlap', detail: string) => {
    ctx.events?.collection?.('failed');
    return save(ctx, lt, {
      id: rec.id,
      req: rec.req,
      digest: rec.digest,
      state: 'failed',
      problem,
      detail,
    });
  };

  if (rec.state === 'pending' && t.vdaf.aggParamAtCollection)
    return aggregateForCollection(ctx, lt, rec).then(() => undefined);
  if (rec.state === 'pending' && t.config.batchMode === BatchMode.time_interval) {
    const i = queryInterval(t, req.query);
    // Under the upload mutex from the pending check to the collected mark: an upload then either
    // commits first (and waits to be aggregated) or sees the batch collected and is refused with
    // batch_collected; it can never be accepted into a batch that was already summed.
    const step = await ctx.mutex.run(async (): Promise<CollectionRecord | Failure | null> => {
      // Reports of the batch still waiting or in flight are aggregated first (§4.6.1).
      if (await pendingIn(ctx, lt, i)) return null;
      if (ctx.store.shared) await lt.collected.reload(ctx.store, t);
      const jobs = await jobsInFlight(ctx, lt, inflight);
      if (jobs.some((j) => j.minTime < i.start + i.duration && j.maxTime >= i.start)) return null;
      if (lt.collected.overlaps(i)) return ['batchOverlap', 'interval collected meanwhile'];
      const totals = combine(t, req.aggParam, await timeBuckets(ctx.store, t, i.start, i.duration));
      if (totals.count < t.params.min_batch_size)
        return [
          'invalidBatchSize',
          `batch holds ${totals.count} of ${t.params.min_batch_size} reports`,
        ];
      const next: CollectionRecord = {
        ...base(rec),
        state: 'collecting',
        aggShare: b64url(totals.aggShare),
        count: totals.count,
        checksum: b64url(totals.checksum),
        minTime: totals.minTime,
        maxTime: totals.maxTime,
      };
      await ctx.store.write([
        lt.collected.op(t, i),
        { type: 'put', key: K.collection(t.idB64, next.id), value: jsonValue(next) },
      ]);
      lt.collected.remember(i);
      return next;
    });
    if (step === null) return;
    if (Array.isArray(step)) return fail(...step);
    return driveCollection(ctx, lt, step, inflight);
  }
  if (rec.state === 'pending') return claimBatch(ctx, lt, rec, inflight);
  if (rec.state === 'claimed') {
    if ((await jobsInFlight(ctx, lt, inflight)).some((j) => j.batchId === rec.batchId)) return;
    const key = batchBucketId(rec.batchId);
    const bucket = await readBucket(ctx.store, t, key);
    if (!bucket || bucket.count < t.params.min_batch_size) {
      // Rejections left the batch short: release it and wait for more reports.
      if (bucket)
        await ctx.mutex.run(() =>
          ctx.store.write([bucketOp(t, key, { ...bucket, closed: false })]),
        );
      return save(ctx, lt, { ...base(rec), state: 'pending' });
    }
    const totals = combine(t, req.aggParam, [bucket]);
    const next: CollectionRecord = {
      ...base(rec),
      state: 'collecting',
      batchId: rec.batchId,
      aggShare: b64url(totals.aggShare),
      count: totals.count,
      checksum: b64url(totals.checksum),
      minTime: totals.minTime,
      maxTime: totals.maxTime,
    };
    await save(ctx, lt, next, [bucketOp(t, key, { ...bucket, collected: true })]);
    return driveCollection(ctx, lt, next, inflight);
  }
  if (rec.state === 'collecting') await finish(ctx, lt, rec, req);
}

/** Per Leader, the backoff of collection jobs whose aggregate-share request failed transiently. */
const backoffs = new WeakMap<Ctx, Map<string, { n: number; atMs: number }>>();
function backoffOf(ctx: Ctx): Map<string, { n: number; atMs: number }> {
  let m = backoffs.get(ctx);
  if (!m) {
    m = new Map<string, { n: number; atMs: number }>();
    backoffs.set(ctx, m);
  }
  return m;
}

const base = (rec: CollectionRecord) => ({ id: rec.id, req: rec.req, digest: rec.digest });

/**
 * Leader-selected (§5.2): the oldest open or closed-but-unclaimed batch that is big enough, then
 * the claimed job's next step at once (the driver steps a waiting collection job only now and then).
 */
async function claimBatch(
  ctx: Ctx,
  lt: LeaderTask,
  rec: CollectionRecord,
  inflight: readonly LeaderJobRecord[],
): Promise<void> {
  const t = lt.task;
  const prefix = K.bucketPrefix(t.idB64) + 'ls/';
  let pick: { id: string; rec: BucketRecord } | undefined;
  for await (const [k, v] of ctx.store.scan(prefix)) {
    const b = parseJson<BucketRecord>(v);
    if (b.closed || b.collected || b.count < t.params.min_batch_size) continue;
    if (!pick || b.minTime < pick.rec.minTime) pick = { id: k.slice(prefix.length), rec: b };
  }
  if (!pick) return;
  const claimed = pick;
  const next: CollectionRecord = { ...base(rec), state: 'claimed', batchId: claimed.id };
  await ctx.mutex.run(() =>
    ctx.store.write([
      bucketOp(t, batchBucketId(claimed.id), { ...claimed.rec, closed: true }),
      { type: 'put', key: K.collection(t.idB64, rec.id), value: jsonValue(next) },
    ]),
  );
  return driveCollection(ctx, lt, next, inflight);
}

async function finish(
  ctx: Ctx,
  lt: LeaderTask,
  rec: Extract<CollectionRecord, { state: 'collecting' }>,
  req: CollectionJobReq,
): Promise<void> {
  const t = lt.task;
  const selector: ModeConfig =
    t.config.batchMode === BatchMode.time_interval
      ? {
          batchMode: BatchMode.time_interval,
          config: encodeIntervalConfig(queryInterval(t, req.query)),
        }
      : { batchMode: BatchMode.leader_selected, config: Buffer.from(rec.batchId ?? '', 'hex') };
  const body = encodeAggregateShareReq({
    collectionJobReq: req,
    batchSelector: selector,
    reportCount: rec.count,
    checksum: fromB64url(rec.checksum),
  });
  const url = `${helperBase(ctx.options, t)}tasks/${t.idB64}/aggregate_shares`;
  const wait = backoffOf(ctx);
  if ((wait.get(rec.id)?.atMs ?? 0) > Date.now()) return;
  const told = (f: ReturnType<typeof failureOf>, next: string) =>
    ctx.events?.peerCallFailed?.({ peer: loggableUrl(url), call: 'aggregate_share', ...f, next });
  // An outage may end: wait longer each time instead of asking the Helper on every tick.
  const transient = (f?: ReturnType<typeof failureOf>) => {
    const n = (wait.get(rec.id)?.n ?? 0) + 1;
    const waitMs = Math.min(60_000, 250 * 2 ** n);
    wait.set(rec.id, { n, atMs: Date.now() + waitMs });
    if (f) told(f, `retry in ${(waitMs / 1000).toFixed(1)} s`);
  };
  let res;
  try {
    res = await peerRequest({
      method: 'POST',
      url,
      token: lt.aggregatorToken,
      mediaType: MediaType.aggregateShareReq,
      body,
      timeoutMs: ctx.options.peerTimeoutMs,
      maxBodyBytes: ctx.options.peerLimits.aggregateShareBytes,
      idleTimeoutMs: ctx.options.peerLimits.idleTimeoutMs,
    });
    for (let i = 0; i < 20 && res.status < 300 && res.body.length === 0 && res.location; i++) {
      await new Promise((r) => setTimeout(r, 200));
      res = await peerRequest({
        method: 'GET',
        url: new URL(res.location, url).toString(),
        token: lt.aggregatorToken,
        timeoutMs: ctx.options.peerTimeoutMs,
        maxBodyBytes: ctx.options.peerLimits.aggregateShareBytes,
        idleTimeoutMs: ctx.options.peerLimits.idleTimeoutMs,
      });
    }
  } catch (e) {
    transient(failureOf(undefined, e));
    return;
  }
  // 5xx, 429, or an asynchronous Helper still computing the share (§3.1).
  if (res.status >= 500 || res.status === 429 || (res.status < 300 && res.body.length === 0)) {
    // Not ready yet is no failure: only an error answer is logged.
    transient(res.status < 300 ? undefined : failureOf(res));
    return;
  }
  // §4.6.1: obtaining the share failed, so the job fails with that error. The batch stays
  // collected: once asked for its share the Helper considers the batch collected (§4.6.3).
  const failWith = (problem: ProblemType, detail: string) => {
    wait.delete(rec.id);
    ctx.events?.collection?.('failed');
    return save(ctx, lt, { ...base(rec), state: 'failed', problem, detail });
  };
  if (res.status >= 300) {
    told(failureOf(res), 'collection job failed');
    const p = parseProblem(new TextDecoder().decode(res.body));
    return failWith(p?.type ?? 'batchMismatch', `Helper: ${p?.doc.detail ?? res.status}`);
  }
  if (!isMediaType(res.contentType, 'aggregateShare'))
    return failWith(
      'invalidMessage',
      'the Helper answered the aggregate-share request with another media type',
    );
  let helperShare;
  try {
    // this value is attacker-controlled
    helperShare = decodeAggregateShare(res.body, ctx.options.limits);
  } catch (e) {
    return failWith(
      'invalidMessage',
      `the Helper's AggregateShare is malformed: ${(e as Error).message}`,
    );
  }
  if (helperShare.configId !== lt.collectorConfig.id)
    return failWith('invalidMessage', 'the Helper sealed its share to another collector config');
  wait.delete(rec.id);
  const leaderShare = sealAggShare(
    ctx.hpke,
    lt.collectorConfig,
    Role.leader,
    { taskId: t.id, taskConfiguration: t.config, collectionJobReq: req },
    fromB64url(rec.aggShare),
  );
  const resp = encodeCollectionJobResp({
    reportCount: rec.count,
    interval: { start: rec.minTime, duration: rec.maxTime - rec.minTime + 1 },
    leaderEncryptedAggShare: leaderShare,
    helperEncryptedAggShare: helperShare,
  });
  await save(ctx, lt, { ...base(rec), state: 'done', resp: b64url(resp) });
  ctx.events?.collection?.('done');
}
