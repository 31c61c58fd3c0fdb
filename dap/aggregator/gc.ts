// DAP-18 §6.4.1 storage limits: replay state is kept until the retention horizon and dropped after
// it; reports older than the horizon are refused with report_dropped (input-share-checks.ts), so no
// replay of a dropped entry can be accepted. Waiting reports (Leader) and stored job responses
// (Helper) older than the horizon go with it: neither aggregator could verify them any more.
import { pruneSpentTokens } from '../privacy-pass/spent.js';
import type { KvOp, KvStore } from '../storage/kv.js';
import type { AggregatorContext, AggregatorTask } from './context.js';
import { K, pad } from './keys.js';

const BATCH = 2000;

export interface GcResult {
  replayEntries: number;
  waitingReports: number;
  helperJobs: number;
}

/** Report times (in time_precision units) strictly below this are past the horizon. */
export function gcHorizon<T extends AggregatorTask>(ctx: AggregatorContext<T>, at: T): number {
  const tp = at.task.params.time_precision;
  return Math.floor((ctx.clock.nowSeconds() - ctx.options.reportRetentionSeconds) / tp) - 1;
}

/** Index keys `<prefix><time>/<id>` below `before`, a batch at a time, each batch one synced write. */
async function dropIndexed<T extends AggregatorTask>(
  ctx: AggregatorContext<T>,
  prefix: string,
  before: number,
  also: (id: string) => string[],
): Promise<number> {
  let dropped = 0;
  for (;;) {
    const ops: KvOp[] = [];
    await ctx.mutex.run(async () => {
      for await (const [k] of scanBelow(ctx.store, prefix, before)) {
        const id = k.slice(k.lastIndexOf('/') + 1);
        ops.push(
          { type: 'del', key: k },
          ...also(id).map((key) => ({ type: 'del' as const, key })),
        );
        if (ops.length >= BATCH) break;
      }
      await ctx.store.write(ops);
    });
    if (ops.length === 0) return dropped;
    dropped += ops.filter((o) => o.key.startsWith(prefix)).length;
    if (ops.length < BATCH) return dropped;
  }
}

const scanBelow = (store: KvStore, prefix: string, before: number) =>
  store.scan(prefix, { lt: prefix + pad(Math.max(0, before)) });

export async function collectGarbage<T extends AggregatorTask>(
  ctx: AggregatorContext<T>,
  at: T,
): Promise<GcResult> {
  const t = at.task.idB64;
  const before = gcHorizon(ctx, at);
  const result: GcResult = { replayEntries: 0, waitingReports: 0, helperJobs: 0 };
  if (before <= 0) return result;
  result.replayEntries = await dropIndexed(ctx, K.seenByTimePrefix(t), before, (id) => [
    K.seen(t, id),
  ]);
  result.waitingReports = await dropIndexed(ctx, K.pendingPrefix(t), before, () => []);
  result.helperJobs = await dropIndexed(ctx, K.jobByTimePrefix(t), before, (id) => [K.job(t, id)]);
  // Token windows wholly before the horizon (one time_precision of margin): docs/dap.md "Report tokens".
  await pruneSpentTokens(ctx.store, at.task, (before - 1) * at.task.params.time_precision, (f) =>
    ctx.mutex.run(f),
  );
  return result;
}

/** Runs collectGarbage for every task now and then every gcIntervalMs, until closed. */
export function startGc<T extends AggregatorTask>(
  ctx: AggregatorContext<T>,
  onError: (e: unknown) => void,
): { close(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = (): void => {
    running = (async () => {
      for (const at of [...ctx.tasks.values()]) await collectGarbage(ctx, at).catch(onError);
    })();
  };
  run();
  const timer = setInterval(run, ctx.options.gcIntervalMs);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
      await running;
    },
  };
}
