// DAP-18 §4.5.3 the Leader's commitment of an aggregation job: its output shares folded into their
// batch buckets and the job removed, one atomic write. Jobs run concurrently (leader/driver.ts), so
// every bucket is read under the store's lock and written in the same step: two jobs committing
// together each add to what the other wrote, never to a copy read before it.
import type { KvOp } from '../storage/kv.js';
import { BucketUpdates } from '../aggregator/buckets.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { K } from '../aggregator/keys.js';
import type { Opaque } from '../vdaf-port.js';
import type { LeaderJobRecord } from './job-record.js';

/** One report the Leader finished: its output share, for the bucket of its time or batch. */
export interface FinishedReport {
  bucket: string;
  outShare: Opaque;
  id: Uint8Array;
  time: number;
}

const EMPTY = new Uint8Array(0);

export const jobKey = (lt: LeaderTask, job: LeaderJobRecord): string =>
  K.job(lt.task.idB64, job.id);

/** The ops that remove a job and its retry count. */
export const jobGone = (lt: LeaderTask, job: LeaderJobRecord): KvOp[] => [
  { type: 'del', key: K.job(lt.task.idB64, job.id) },
  { type: 'del', key: K.jobTries(lt.task.idB64, job.id) },
];

/**
 * Commits a job's finished reports; false when the job was no longer stored (a Leader process that
 * took the job over committed or ended it first), and then nothing is written.
 */
export function commitJob(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  job: LeaderJobRecord,
  finished: readonly FinishedReport[],
): Promise<boolean> {
  return ctx.mutex.run(async () => {
    const updates = new BucketUpdates(ctx.store, lt.task, EMPTY);
    // Whether the job is still stored is asked with the buckets' reads (one round trip on PostgreSQL).
    const [stored] = await Promise.all([
      ctx.store.present([jobKey(lt, job)]),
      (async () => {
        for (const f of finished) await updates.add(f.bucket, f.outShare, f.id, f.time);
      })(),
    ]);
    if (stored.includes(false)) return false;
    await ctx.store.write([...updates.ops(), ...jobGone(lt, job)]);
    return true;
  });
}
