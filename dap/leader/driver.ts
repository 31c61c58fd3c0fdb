// The Leader's background work (DAP-18 §4.5, §4.6): create aggregation jobs, run them against the
// Helper, advance collection jobs, and drop replay state past the retention horizon.
import { parseJson } from '../storage/kv.js';
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { K } from '../aggregator/keys.js';
import { collectGarbage } from '../aggregator/replay.js';
import { driveCollection } from './collection-driver.js';
import type { CollectionRecord } from './collection-jobs.js';
import { createJob, type LeaderJobRecord, type LeaderStates } from './job-creator.js';
import { recomputeStates, runJob } from './job-runner.js';

export interface LeaderDriver {
  /** One pass over every task; resolves when the pass is done. */
  tick(): Promise<void>;
  close(): Promise<void>;
}

export function startLeaderDriver(
  ctx: AggregatorContext<LeaderTask>,
  onError: (e: unknown) => void,
): LeaderDriver {
  const states = new Map<string, LeaderStates>();
  const retryAt = new Map<string, number>();
  let lastGc = 0;
  let closed = false;
  let running: Promise<void> = Promise.resolve();

  async function pass(lt: LeaderTask): Promise<void> {
    const t = lt.task;
    for (let i = 0; i < 4; i++) {
      const created = await createJob(ctx, lt);
      if (!created) break;
      states.set(created.job.id, created.states);
    }
    const jobs: LeaderJobRecord[] = [];
    for await (const [, v] of ctx.store.scan(K.jobPrefix(t.idB64)))
      jobs.push(parseJson<LeaderJobRecord>(v));
    for (const job of jobs) {
      if ((retryAt.get(job.id) ?? 0) > Date.now()) continue;
      const st = states.get(job.id) ?? recomputeStates(ctx, lt, job);
      states.set(job.id, st);
      const outcome = await runJob(ctx, lt, job, st);
      if (outcome === 'retry') {
        retryAt.set(job.id, Date.now() + 500);
      } else {
        states.delete(job.id);
        retryAt.delete(job.id);
      }
    }
    const inflight: LeaderJobRecord[] = [];
    for await (const [, v] of ctx.store.scan(K.jobPrefix(t.idB64)))
      inflight.push(parseJson<LeaderJobRecord>(v));
    for await (const [, v] of ctx.store.scan(K.collectionPrefix(t.idB64)))
      await driveCollection(ctx, lt, parseJson<CollectionRecord>(v), inflight);
    if (Date.now() - lastGc > 60_000) {
      const horizon = ctx.clock.nowSeconds() - ctx.options.reportRetentionSeconds;
      await collectGarbage(ctx.store, t, Math.floor(horizon / t.params.time_precision) - 1);
    }
  }

  async function tick(): Promise<void> {
    for (const lt of ctx.tasks.values()) {
      try {
        await pass(lt);
      } catch (e) {
        onError(e);
      }
    }
    if (Date.now() - lastGc > 60_000) lastGc = Date.now();
  }

  let timer: NodeJS.Timeout | undefined;
  const loop = (): void => {
    if (closed) return;
    running = tick().finally(() => {
      if (!closed) timer = setTimeout(loop, ctx.options.tickMs);
    });
  };
  timer = setTimeout(loop, 0);
  return {
    tick,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
