// The Leader's background work (DAP-18 §4.5, §4.6): create aggregation jobs, run them against the
// Helper, and advance collection jobs. A job that keeps failing transiently is retried with
// exponential backoff (jobRetryMs doubling to jobRetryMaxMs), jobRetries times, then fails: every
// job ends, so no collection waits on one for ever. In a fleet (docs/dap.md "Running a fleet") the
// process holding the task's creator lease makes every job, of the reports any process accepted,
// as one process would, and each job and collection job runs under its own lease, so no work runs
// twice at once and a killed process's is taken over. Processes wake each other with notices
// (fleet-notices.ts) and look at the store slowly in case one was lost. Jobs are pipelined: up to
// jobsInFlight of them run at once, each on its own (one waits for the Helper while the next is made
// or finished), and every commit stays one atomic write under the store's lock (§4.5.3).
import { parseJson } from '../storage/kv.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { K } from '../aggregator/keys.js';
import { driveCollection } from './collection-driver.js';
import type { CollectionRecord } from './collection-jobs.js';
import { fleetNotices, type Notice } from './fleet-notices.js';
import { createJob, type LeaderStates } from './job-creator.js';
import { decodeJobRecord, type LeaderJobRecord } from './job-record.js';
import { failJob, readJobTries, recomputeStates, runJob, writeJobTries } from './job-runner.js';
import { collectionLease, creatorLease, jobLease, underLease } from './work-lease.js';

/** Idle, the driver looks for work this many times less often (new work wakes it at once). */
const IDLE_FACTOR = 20;
/**
 * Each idle tick in a row doubles the wait before the next, up to this (never below the first idle
 * wait), so an idle Leader costs next to nothing; an upload or a collection job wakes it at once.
 * In a fleet the cap is the recheck of work other processes made instead: their notices wake it,
 * and the recheck is what finds work whose notice was lost.
 */
const IDLE_MAX_MS = 2000;
/** setTimeout's largest delay; a longer one would fire at once. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * A collection job that could not finish (its batch still has jobs in flight, here or in another
 * process) is stepped again after this long, or at the next pass once one of the task's jobs ended
 * (in a fleet, in any process: a notice): a busy driver does not read the store for it on every
 * tick. In a fleet the notices do the waking, and the store is looked at every COLLECT_FLEET_MS.
 */
const COLLECT_RECHECK_MS = 50;
const COLLECT_FLEET_MS = 1000;

/** Ticks in a row that failed before the Leader reports itself failed. */
const FAILED_TICKS = 3;

/** A wait as the log says it: whole seconds, tenths below ten. */
const seconds = (ms: number): string =>
  ms >= 10_000 ? String(Math.round(ms / 1000)) : (ms / 1000).toFixed(1);

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
  // Per task, the jobs last read from the store (storedJobs).
  const known = new Map<string, Map<string, LeaderJobRecord>>();
  // Per task, the collectionsCreated count at which every collection job was last seen finished.
  const settled = new Map<string, number>();
  let closed = false;
  let running: Promise<void> = Promise.resolve();
  let passes = 0;
  let failedInRow = 0;
  let lastFailure = '';

  /** Leases this process holds (creator, jobs, collections), given up on close. */
  const held = new Set<string>();
  // In a fleet, what this process last learnt and until when it need not ask again (a third of the
  // lease time): the stored jobs, whether it creates the task's jobs, which jobs another runs.
  const recheckMs = (): number => Math.max(1, Math.floor(ctx.options.leaseMs / 3));
  const scannedAt = new Map<string, number>();
  const settledAt = new Map<string, number>();
  const creator = new Map<string, { creates: boolean; until: number }>();
  const waitingAt = new Map<string, number>();
  const othersUntil = new Map<string, number>();
  // Collection leases another live process held at the last try, by lease name: its lease cannot
  // be had before it expires (leaseMs) or is released (a notice), so it is not claimed again before
  // the recheck, however many jobs end meanwhile.
  const collectorsUntil = new Map<string, number>();
  // Per task, when its open collection jobs are stepped again (COLLECT_RECHECK_MS), and the
  // collectionsCreated count at the last step (a new collection job is stepped at once).
  const collectAt = new Map<string, number>();
  const collectSeen = new Map<string, number>();
  // The jobs running now (Helper round trip and commit), by id, at most jobsInFlight of them; a
  // job's failure is logged at once and counted as a failed pass with the next one.
  const inFlight = new Map<string, Promise<void>>();
  let jobFailure: string | undefined;
  const inFlightMax = (): number => Math.max(1, ctx.options.jobsInFlight);

  // What the fleet's other processes announce wakes this one; what they announce is a hint, and
  // each recheck reads the store as if none had come.
  const notices = ctx.notices ?? fleetNotices(ctx.store);
  ctx.notices = notices;
  const unsubscribe = notices.subscribe((n, remote) => {
    if (remote) heard(n);
  });
  function heard(n: Notice): void {
    if (n.kind === 'resync' || n.kind === 'released') {
      // Leases were given up, or notices missed: everything is looked at again, at once.
      for (const m of [othersUntil, collectorsUntil, creator, scannedAt, settledAt, collectAt])
        m.clear();
      waitingAt.clear();
      ctx.wakeDriver?.();
      return;
    }
    const lt = ctx.tasks.get(n.task);
    if (!lt) return;
    if (n.kind === 'upload') {
      lt.uploads++;
      if (lt.waiting)
        lt.waiting = {
          count: lt.waiting.count + n.count,
          oldestMs: Math.min(lt.waiting.oldestMs, n.receivedMs),
        };
      if (creator.get(n.task)?.creates) ctx.wakeDriver?.();
      return;
    }
    // A job ended, or a collection job was created or finished: open collection jobs step again.
    if (n.kind === 'collection') settled.delete(n.task);
    collectAt.delete(n.task);
    if (settled.get(n.task) !== lt.collectionsCreated) ctx.wakeDriver?.();
  }

  /**
   * The task's stored jobs. One process (level) creates and removes every job, so after one load
   * the jobs are known without reading them again; in a fleet another process may create, finish
   * or take over any job, so they are read on every pass.
   */
  async function storedJobs(lt: LeaderTask): Promise<Map<string, LeaderJobRecord>> {
    const t = lt.task;
    const cached = known.get(t.idB64);
    if (cached && !ctx.store.shared) return cached;
    // Only the creator adds jobs, and a job another process finished is found gone before it runs.
    if (cached && Date.now() - (scannedAt.get(t.idB64) ?? 0) < recheckMs()) return cached;
    scannedAt.set(t.idB64, Date.now());
    const jobs = new Map<string, LeaderJobRecord>();
    // The keys only, then the records not known yet: a job's record holds its reports.
    const prefix = K.jobPrefix(t.idB64);
    const keys: string[] = [];
    for await (const [key] of ctx.store.scan(prefix, { head: 0 })) keys.push(key);
    const unknown = keys.filter((key) => !cached?.has(key.slice(prefix.length)));
    const read = unknown.length > 0 ? await ctx.store.getMany(unknown) : [];
    const fresh = new Map(unknown.map((key, i) => [key, read[i]]));
    for (const key of keys) {
      const had = cached?.get(key.slice(prefix.length));
      const v = fresh.get(key);
      // Neither: another process finished it between the two reads.
      const job = had ?? (v ? decodeJobRecord(v) : undefined);
      if (job) jobs.set(job.id, job);
    }
    for (const id of cached?.keys() ?? [])
      if (!jobs.has(id)) {
        states.delete(id);
        retryAt.delete(id);
      }
    known.set(t.idB64, jobs);
    return jobs;
  }

  /** Runs one job under its lease; 'busy' while another process runs it. */
  async function runLeased(
    lt: LeaderTask,
    job: LeaderJobRecord,
  ): Promise<'busy' | 'kept' | 'gone'> {
    const name = jobLease(lt.task.idB64, job.id);
    const shared = ctx.store.shared;
    if ((othersUntil.get(job.id) ?? 0) > Date.now()) return 'busy';
    const done = await underLease(ctx, name, held, async (got) => {
      // Newly this process's: another may have finished it meanwhile, or run it from other states.
      const fresh = got === 'taken_over' || (got === 'acquired' && !states.has(job.id));
      if (
        shared &&
        fresh &&
        (await ctx.store.present([K.job(lt.task.idB64, job.id)])).includes(false)
      )
        return undefined;
      if (got === 'taken_over') states.delete(job.id);
      const st = states.get(job.id) ?? (await recomputeStates(ctx, lt, job));
      states.set(job.id, st);
      return runJob(ctx, lt, job, st);
    });
    if (!done.ran) {
      othersUntil.set(job.id, Date.now() + recheckMs());
      return 'busy';
    }
    othersUntil.delete(job.id);
    if (done.value === undefined) {
      held.delete(name);
      states.delete(job.id);
      await ctx.leases.drop(name);
      return 'gone';
    }
    const { outcome, failure } = done.value;
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
        // Held through the wait: the retry is this process's, unless it dies meanwhile.
        if (shared) await ctx.leases.claim(name, waitMs + o.leaseMs);
        told(`retry ${String(tries)} of ${String(o.jobRetries)} in ${seconds(waitMs)} s`);
        ctx.events?.aggregationJob?.('retried');
        return 'kept';
      }
      await failJob(ctx, lt, job);
      told(`job failed, retries spent: its ${String(job.reports.length)} reports are rejected`);
    } else if (outcome === 'abandoned') told('job abandoned: its reports wait for another job');
    else if (outcome === 'split')
      told('job refused as too large: its reports wait for smaller jobs');
    ctx.events?.aggregationJob?.(outcome === 'retry' ? 'failed' : outcome);
    states.delete(job.id);
    retryAt.delete(job.id);
    held.delete(name);
    if (shared) {
      await ctx.leases.drop(name);
      ctx.notices?.announce({ kind: 'job', task: lt.task.idB64 });
    }
    return 'gone';
  }

  /**
   * Starts the task's jobs that may run now, while fewer than jobsInFlight run: each runs on its own
   * and, once it ended, leaves the task's jobs and wakes the driver (a collection may finish).
   */
  function startJobs(lt: LeaderTask, jobs: Map<string, LeaderJobRecord>): void {
    const t = lt.task;
    for (const job of jobs.values()) {
      if (inFlight.size >= inFlightMax()) return;
      if (inFlight.has(job.id) || (retryAt.get(job.id) ?? 0) > Date.now()) continue;
      if ((othersUntil.get(job.id) ?? 0) > Date.now()) continue;
      const run = runLeased(lt, job)
        .then((r) => {
          if (r !== 'gone') return;
          known.get(t.idB64)?.delete(job.id);
          collectAt.delete(t.idB64);
        })
        .catch((e: unknown) => {
          onError(e);
          jobFailure = e instanceof Error ? e.message : String(e);
        })
        .finally(() => {
          inFlight.delete(job.id);
          ctx.wakeDriver?.();
        });
      inFlight.set(job.id, run);
    }
  }

  /** Waits until no job runs; true when some did. */
  async function drain(): Promise<boolean> {
    let any = false;
    while (inFlight.size > 0) {
      any = true;
      await Promise.all(inFlight.values());
    }
    return any;
  }

  /** Whether this process creates the task's jobs now (it holds that lease, renewed). */
  async function createsJobs(taskId: string): Promise<boolean> {
    const c = creator.get(taskId);
    if (c && c.until > Date.now()) return c.creates;
    const name = creatorLease(taskId);
    const creates = (await ctx.leases.claim(name, ctx.options.leaseMs)) !== 'busy';
    if (creates) held.add(name);
    else held.delete(name);
    creator.set(taskId, { creates, until: Date.now() + recheckMs() });
    return creates;
  }

  /** Advances one collection job under its lease; false while another process drives it. */
  async function collectLeased(
    lt: LeaderTask,
    rec: CollectionRecord,
    inflight: LeaderJobRecord[],
  ): Promise<void> {
    const name = collectionLease(lt.task.idB64, rec.id);
    if ((collectorsUntil.get(name) ?? 0) > Date.now()) return;
    const done = await underLease(ctx, name, held, () => driveCollection(ctx, lt, rec, inflight));
    if (!done.ran) {
      collectorsUntil.set(name, Date.now() + recheckMs());
      return;
    }
    collectorsUntil.delete(name);
    if (!ctx.store.shared) return;
    const now = await ctx.store.get(K.collection(lt.task.idB64, rec.id));
    const state = now ? parseJson<CollectionRecord>(now).state : 'done';
    if (state === 'done' || state === 'failed') {
      held.delete(name);
      await ctx.leases.drop(name);
    }
  }

  /** One pass over a task; false when it left nothing to come back for (idle until new work). */
  async function pass(lt: LeaderTask): Promise<boolean> {
    const t = lt.task;
    const shared = ctx.store.shared;
    if (shared) {
      // Uploads and collection jobs arrive at every process and are announced; in case a notice was
      // lost, what waits and the collection jobs are read from the store again each recheck.
      const now = Date.now();
      if (now - (waitingAt.get(t.idB64) ?? 0) >= recheckMs()) {
        lt.waiting = undefined;
        waitingAt.set(t.idB64, now);
      }
      if (now - (settledAt.get(t.idB64) ?? 0) >= recheckMs()) {
        settled.delete(t.idB64);
        settledAt.set(t.idB64, now);
      }
    }
    const jobs = await storedJobs(lt);
    // One process creates every job: in a fleet the one holding the task's creator lease, so jobs
    // have the same size however many processes there are; the others take its jobs and its lease
    // over when it stops or dies.
    const returned = lt.returned;
    const made = async (): Promise<boolean> => {
      const created = await createJob(ctx, lt, returned);
      if (!created) return false;
      jobs.set(created.job.id, created.job);
      states.set(created.job.id, created.states);
      if (shared) held.add(jobLease(t.idB64, created.job.id));
      return true;
    };
    // Jobs are made while fewer than jobsInFlight of this process's wait or run: the next job's
    // reports are opened and prepared while the running ones wait for the Helper. With none
    // running, a pass makes up to four (a backlog), else one. Each is sent once made, so the Helper
    // works on it while the next is made; a job that puts its reports back meanwhile (refused)
    // ends the pass's making (createJob), and they wait for the next pass.
    const mine = (): number =>
      [...jobs.keys()].filter((id) => (othersUntil.get(id) ?? 0) <= Date.now()).length;
    startJobs(lt, jobs);
    const creates = !shared || (await createsJobs(t.idB64));
    const makes = inFlight.size > 0 ? 1 : 4;
    for (let i = 0; creates && i < makes && mine() < inFlightMax(); i++) {
      if (!(await made())) break;
      startJobs(lt, jobs);
    }
    // Every job still stored is in flight for the collections: running, waiting or another's.
    const inflight = [...jobs.values()];
    const othersRun = inflight.length - mine();
    const created = lt.collectionsCreated;
    const stepNow =
      (collectAt.get(t.idB64) ?? 0) <= Date.now() || collectSeen.get(t.idB64) !== created;
    if (settled.get(t.idB64) !== created && stepNow) {
      collectAt.set(t.idB64, Date.now() + (shared ? COLLECT_FLEET_MS : COLLECT_RECHECK_MS));
      collectSeen.set(t.idB64, created);
      let open = false;
      for await (const [, v] of ctx.store.scan(K.collectionPrefix(t.idB64))) {
        const rec = parseJson<CollectionRecord>(v);
        if (rec.state === 'done' || rec.state === 'failed') continue;
        open = true;
        await collectLeased(lt, rec, inflight);
      }
      if (!open) settled.set(t.idB64, created);
      for (const [name, until] of collectorsUntil)
        if (until <= Date.now()) collectorsUntil.delete(name);
    }
    // Waiting reports are the work of the process that creates jobs; jobs another process runs are
    // not this process's (it looks at them again after a recheck); an open collection job that
    // waits in a fleet is stepped again when a notice or its recheck says so.
    const waits = creates && (lt.waiting === undefined || lt.waiting.count > 0);
    const collects = settled.get(t.idB64) !== lt.collectionsCreated && !shared;
    return waits || jobs.size > othersRun || collects;
  }

  /**
   * One pass over every task, after any pass already under way (a pass by hand and the timer's never
   * overlap: jobs are made only by a pass, so a collection step sees every job made before it).
   */
  let lastPass: Promise<unknown> = Promise.resolve();
  function tick(): Promise<boolean> {
    const p = lastPass.then(everyTask);
    lastPass = p.catch(() => undefined);
    return p;
  }

  /** One pass over every task; true when some task has work left for the next tick. */
  async function everyTask(): Promise<boolean> {
    let busy = false;
    let failed = false;
    if (jobFailure !== undefined) {
      failed = true;
      busy = true;
      lastFailure = jobFailure;
      jobFailure = undefined;
    }
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

  // Busy, the driver ticks every tickMs; idle, after IDLE_FACTOR * tickMs, doubling per idle tick up
  // to the cap, unless new work wakes it; a wake never brings a tick closer than tickMs after the
  // last one ended.
  let timer: NodeJS.Timeout | undefined;
  let dueAt = 0;
  let lastEnd = 0;
  let woken = false;
  let idleMs = 0;
  const nextIdle = (): number => {
    const first = ctx.options.tickMs * IDLE_FACTOR;
    const cap = Math.max(first, ctx.store.shared ? recheckMs() : IDLE_MAX_MS);
    idleMs = Math.min(cap, idleMs === 0 ? first : idleMs * 2);
    return idleMs;
  };
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
        if (busy || woken) idleMs = 0;
        schedule(lastEnd + (busy || woken ? ctx.options.tickMs : nextIdle()));
      });
  };
  ctx.wakeDriver = () => {
    idleMs = 0;
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
    // By hand (tests): a pass, and the jobs it started run to their end.
    tick: async () => {
      await tick();
      await drain();
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
      await drain();
      // Released at once, so another process takes the work over without waiting for expiry.
      for (const name of held) await ctx.leases.release(name).catch(() => undefined);
      if (held.size > 0) notices.announce({ kind: 'released' });
      unsubscribe();
      if (ctx.notices === notices) delete ctx.notices;
      await notices.close();
    },
  };
}
