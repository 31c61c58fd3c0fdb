// The Leader's background work (DAP-18 §4.5, §4.6): create aggregation jobs, run them against the
// Helper, and advance collection jobs. A job that keeps failing transiently is retried with
// exponential backoff (jobRetryMs doubling to jobRetryMaxMs), jobRetries times, then fails: every
// job ends, so no collection waits on one for ever.
import { parseJson } from '../storage/kv.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { K } from '../aggregator/keys.js';
import { driveCollection } from './collection-driver.js';
import type { CollectionRecord } from './collection-jobs.js';
import { createJob, type LeaderStates } from './job-creator.js';
import { decodeJobRecord, type LeaderJobRecord } from './job-record.js';
import { failJob, readJobTries, recomputeStates, runJob, writeJobTries } from './job-runner.js';

/** Idle, the driver looks for work this many times less often (new work wakes it at once). */
const IDLE_FACTOR = 20;
/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Ticks in a row that failed before the Leader reports itself failed. */
const FAILED_TICKS = 3;

/** A wait as the log says it: whole seconds, tenths below ten. */
const seconds = (ms: number): string =>
  ms >= 10_000 ? String(Math.round(ms / 1000)) : (ms / 1000).toFixed(1);

const leaseName = (taskId: string): string => `leader-driver/${taskId}`;

export interface LeaderDriver {
  /** One pass over every task; resolves when the pass is done. */
  tick(): Promise<void>;
  /** starting until the first pass ends, failed after FAILED_TICKS failed passes in a row. */
  health(): { ready: boolean; state: 'starting' | 'ready' | 'failed'; detail?: string };
  close(): Promise<void>;
}

export function startLeaderDriver(
  ctx: AggregatorContext<LeaderTask>,
  onError: (e: unknown) => void,
): LeaderDriver {
  const states = new Map<string, LeaderStates>();
  const retryAt = new Map<string, number>();
  // Only this driver creates and removes jobs, so after one load per task the stored jobs are known
  // without reading (and decoding) them again on every tick.
  const known = new Map<string, Map<string, LeaderJobRecord>>();
  // Per task, the collectionsCreated count at which every collection job was last seen finished.
  const settled = new Map<string, number>();
  let closed = false;
  let running: Promise<void> = Promise.resolve();
  let passes = 0;
  let failedInRow = 0;
  let lastFailure = '';

  const leased = new Set<string>();
  /** Forgets what this process cached of a task (another process may have changed it). */
  function forget(taskId: string): void {
    for (const id of known.get(taskId)?.keys() ?? []) {
      states.delete(id);
      retryAt.delete(id);
    }
    known.delete(taskId);
    settled.delete(taskId);
  }

  /**
   * On a shared store, whether this process drives the task now: it claims or renews the task's
   * lease, and forgets its caches whenever it did not hold the lease through the last pass.
   */
  async function drives(lt: LeaderTask): Promise<boolean> {
    if (!ctx.store.shared) return true;
    const id = lt.task.idB64;
    const got = await ctx.leases.claim(leaseName(id), ctx.options.leaseMs);
    if (got === 'busy') {
      leased.delete(id);
      forget(id);
      return false;
    }
    if (got === 'taken_over') ctx.events?.leaseTakeover?.();
    if (got !== 'held' || !leased.has(id)) forget(id);
    leased.add(id);
    // Uploads and collection jobs arrive at every process: what waits is read from the store.
    lt.waiting = undefined;
    settled.delete(id);
    return true;
  }

  /** One pass over a task; false when it left nothing to come back for (idle until new work). */
  async function pass(lt: LeaderTask): Promise<boolean> {
    const t = lt.task;
    if (!(await drives(lt))) return false;
    let jobs = known.get(t.idB64);
    if (!jobs) {
      jobs = new Map();
      for await (const [, v] of ctx.store.scan(K.jobPrefix(t.idB64))) {
        const job = decodeJobRecord(v);
        jobs.set(job.id, job);
      }
      known.set(t.idB64, jobs);
    }
    for (let i = 0; i < 4; i++) {
      const created = await createJob(ctx, lt);
      if (!created) break;
      jobs.set(created.job.id, created.job);
      states.set(created.job.id, created.states);
    }
    const inflight: LeaderJobRecord[] = [];
    for (const job of [...jobs.values()]) {
      if ((retryAt.get(job.id) ?? 0) > Date.now()) {
        inflight.push(job);
        continue;
      }
      const st = states.get(job.id) ?? recomputeStates(ctx, lt, job);
      states.set(job.id, st);
      const { outcome, failure } = await runJob(ctx, lt, job, st);
      const told = (next: string) => {
        if (failure) ctx.events?.peerCallFailed?.({ ...failure, next });
      };
      if (outcome === 'retry') {
        const tries = (await readJobTries(ctx, lt, job)) + 1;
        if (tries <= ctx.options.jobRetries) {
          await writeJobTries(ctx, lt, job, tries);
          const o = ctx.options;
          const waitMs = Math.min(o.jobRetryMaxMs, o.jobRetryMs * 2 ** (tries - 1));
          retryAt.set(job.id, Date.now() + waitMs);
          told(`retry ${String(tries)} of ${String(o.jobRetries)} in ${seconds(waitMs)} s`);
          inflight.push(job);
          ctx.events?.aggregationJob?.('retried');
          continue;
        }
        await failJob(ctx, lt, job);
        told(`job failed, retries spent: its ${String(job.reports.length)} reports are rejected`);
      } else if (outcome === 'abandoned') told('job abandoned: its reports wait for another job');
      else if (outcome === 'split')
        told('job refused as too large: its reports wait for smaller jobs');
      ctx.events?.aggregationJob?.(outcome === 'retry' ? 'failed' : outcome);
      jobs.delete(job.id);
      states.delete(job.id);
      retryAt.delete(job.id);
    }
    const created = lt.collectionsCreated;
    if (settled.get(t.idB64) !== created) {
      let open = false;
      for await (const [, v] of ctx.store.scan(K.collectionPrefix(t.idB64))) {
        const rec = parseJson<CollectionRecord>(v);
        if (rec.state === 'done' || rec.state === 'failed') continue;
        open = true;
        await driveCollection(ctx, lt, rec, inflight);
      }
      if (!open) settled.set(t.idB64, created);
    }
    const waits = lt.waiting === undefined || lt.waiting.count > 0;
    return waits || jobs.size > 0 || settled.get(t.idB64) !== lt.collectionsCreated;
  }

  /** One pass over every task; true when some task has work left for the next tick. */
  async function tick(): Promise<boolean> {
    let busy = false;
    let failed = false;
    for (const lt of ctx.tasks.values()) {
      try {
        if (await pass(lt)) busy = true;
      } catch (e) {
        onError(e);
        busy = true;
        failed = true;
        lastFailure = e instanceof Error ? e.message : String(e);
      }
    }
    passes++;
    failedInRow = failed ? failedInRow + 1 : 0;
    return busy;
  }

  // Busy, the driver ticks every tickMs; idle, every IDLE_FACTOR * tickMs unless new work wakes it,
  // and a wake never brings a tick closer than tickMs after the last one ended.
  let timer: NodeJS.Timeout | undefined;
  let dueAt = 0;
  let lastEnd = 0;
  let woken = false;
  const schedule = (at: number): void => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    dueAt = at;
    timer = setTimeout(loop, Math.min(MAX_TIMEOUT_MS, Math.max(0, at - Date.now())));
  };
  const loop = (): void => {
    if (closed) return;
    timer = undefined;
    woken = false;
    running = tick()
      .catch(() => true)
      .then((busy) => {
        lastEnd = Date.now();
        const tickMs = ctx.options.tickMs;
        schedule(lastEnd + (busy || woken ? tickMs : tickMs * IDLE_FACTOR));
      });
  };
  ctx.wakeDriver = () => {
    // A running tick may have passed the task already: it schedules the next tick as busy.
    if (!timer) {
      woken = true;
      return;
    }
    const soonest = lastEnd + ctx.options.tickMs;
    if (dueAt > soonest) schedule(soonest);
  };
  timer = setTimeout(loop, 0);
  return {
    tick: async () => {
      await tick();
    },
    health: () => {
      if (failedInRow >= FAILED_TICKS)
        return { ready: false, state: 'failed', detail: `background work failing: ${lastFailure}` };
      return passes > 0 ? { ready: true, state: 'ready' } : { ready: false, state: 'starting' };
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      delete ctx.wakeDriver;
      await running;
      // Released at once, so another process takes the tasks over without waiting for expiry.
      for (const id of leased) await ctx.leases.release(leaseName(id)).catch(() => undefined);
    },
  };
}
