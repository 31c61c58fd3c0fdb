// DAP-18 §4.6.1 collection job initialization, polling and §4.6.2 deletion at the Leader.
import { createHash, randomBytes } from 'node:crypto';
import { DecodeError } from '../errors.js';
import { b64url, fromB64url } from '../encoding.js';
import {
  BatchMode,
  decodeCollectionJobReq,
  type CollectionJobReq,
  type DecodeLimits,
} from '../messages/index.js';
import { DapProblem, type ProblemType } from '../problem.js';
import { jsonValue, parseJson } from '../storage/kv.js';
import { checkCollectionJobReq, queryInterval } from '../aggregator/batch-selection.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { K } from '../aggregator/keys.js';

export type CollectionState =
  | { state: 'pending' }
  | { state: 'claimed'; batchId: string }
  | {
      state: 'collecting';
      batchId?: string;
      aggShare: string;
      count: number;
      checksum: string;
      minTime: number;
      maxTime: number;
    }
  | { state: 'done'; resp: string }
  | { state: 'failed'; problem: ProblemType; detail: string };

export type CollectionRecord = { id: string; req: string; digest: string } & CollectionState;

const digestOf = (b: Uint8Array) => b64url(createHash('sha256').update(b).digest());

export function parseCollectionJobReq(
  lt: LeaderTask,
  body: Uint8Array,
  limits: DecodeLimits,
): CollectionJobReq {
  let req: CollectionJobReq;
  try {
    // this value is attacker-controlled
    req = decodeCollectionJobReq(body, limits);
  } catch (e) {
    const detail = e instanceof DecodeError ? e.message : 'undecodable';
    throw new DapProblem('invalidMessage', `CollectionJobReq: ${detail}`, lt.task.id);
  }
  checkCollectionJobReq(lt.task, req);
  if (req.query.batchMode === BatchMode.time_interval) {
    const i = queryInterval(lt.task, req.query);
    if (lt.collected.overlaps(i))
      throw new DapProblem('batchOverlap', 'batch interval overlaps a collected batch', lt.task.id);
  } else if (req.query.config.length !== 0) {
    throw new DapProblem(
      'invalidMessage',
      'leader-selected query config must be empty',
      lt.task.id,
    );
  }
  return req;
}

/** POST: an identical request names the job it created while that job exists (§3.2). */
export async function createCollectionJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  body: Uint8Array,
): Promise<string> {
  const t = lt.task;
  const digest = digestOf(body);
  return ctx.mutex.run(async () => {
    const existing = await ctx.store.get(K.collectionDigest(t.idB64, digest));
    if (existing) return new TextDecoder().decode(existing);
    parseCollectionJobReq(lt, body, ctx.options.limits);
    const id = b64url(randomBytes(16));
    const rec: CollectionRecord = { id, req: b64url(body), digest, state: 'pending' };
    await ctx.store.write([
      { type: 'put', key: K.collection(t.idB64, id), value: jsonValue(rec) },
      {
        type: 'put',
        key: K.collectionDigest(t.idB64, digest),
        value: new TextEncoder().encode(id),
      },
    ]);
    ctx.notices?.announce({ kind: 'collection', task: t.idB64 });
    lt.collectionsCreated++;
    ctx.wakeDriver?.();
    return id;
  });
}

export async function readCollectionJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  id: string,
): Promise<CollectionRecord | undefined> {
  const v = await ctx.store.get(K.collection(lt.task.idB64, id));
  return v ? parseJson<CollectionRecord>(v) : undefined;
}

/**
 * How long a create or poll waits for its job to finish before answering "not ready" with
 * Retry-After: the Leader's one second, so waiting here never answers later than the next poll.
 */
const READY_WAIT_MS = 1000;
/**
 * A waiting request reads its job again (one key; the driver may be another process) after this
 * long, doubling up to READY_RECHECK_MAX_MS, and at once when a collection job of the task finished
 * in any process of the fleet (a notice, fleet-notices.ts): a job ready within a few driver ticks
 * is answered at once, and a long wait costs a shared database a few reads a second.
 */
const READY_RECHECK_MS = 10;
const READY_RECHECK_MAX_MS = 80;
/** With notices, the reads are only the fallback for a lost one. */
const READY_RECHECK_NOTICED_MS = 250;

/**
 * The job, once it is done or failed, or as it stands when READY_WAIT_MS have passed. §3.1 lets the
 * Leader take its time before answering: a job whose batch is already aggregated is finished by the
 * driver's next pass, so the Collector gets the result in this answer instead of after a
 * Retry-After. Only a driver that ticks within the wait (not one driven by hand) is waited for.
 */
async function settledJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  id: string,
): Promise<CollectionRecord | undefined> {
  const until = Date.now() + READY_WAIT_MS;
  const waits = ctx.wakeDriver !== undefined && ctx.options.tickMs < READY_WAIT_MS;
  const notices = ctx.notices;
  const max = notices ? READY_RECHECK_NOTICED_MS : READY_RECHECK_MAX_MS;
  for (let wait = READY_RECHECK_MS; ; wait = Math.min(max, wait * 2)) {
    const rec = await readCollectionJob(ctx, lt, id);
    const left = until - Date.now();
    if (!rec || rec.state === 'done' || rec.state === 'failed' || !waits || left <= 0) return rec;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        stop?.();
        resolve();
      };
      const timer = setTimeout(done, Math.min(wait, left));
      const stop = notices?.subscribe((n) => {
        if (n.kind === 'resync' || (n.kind === 'collection' && n.task === lt.task.idB64)) done();
      });
    });
  }
}

/** POST and GET: the response once ready, a problem once failed, otherwise nothing yet. */
export async function pollCollectionJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  id: string,
): Promise<Uint8Array | undefined | null> {
  const rec = await settledJob(ctx, lt, id);
  if (!rec) return null;
  if (rec.state === 'done') return fromB64url(rec.resp);
  if (rec.state === 'failed') throw new DapProblem(rec.problem, rec.detail, lt.task.id);
  return undefined;
}

/** DELETE: forgets the job; collected batches stay collected (§4.6.2). */
export async function deleteCollectionJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  id: string,
): Promise<boolean> {
  const t = lt.task;
  return ctx.mutex.run(async () => {
    const rec = await readCollectionJob(ctx, lt, id);
    if (!rec) return false;
    await ctx.store.write([
      { type: 'del', key: K.collection(t.idB64, id) },
      { type: 'del', key: K.collectionDigest(t.idB64, rec.digest) },
    ]);
    return true;
  });
}
