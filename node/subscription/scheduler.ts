// The periodic subscription refresh (docs/architecture.md "Subscribe"): every subscription under subscriptions/
// is refreshed on an interval with jitter; a failure keeps the last good pack and is recorded.
import { existsSync, readdirSync } from 'node:fs';
import { parseSubscriptionSpec } from './spec.js';
import { refreshSubscription, type RefreshOutcome } from './refresh.js';
import { readSubscription, subscriptionDir, subscriptionsDir } from './state.js';

export interface SchedulerOptions {
  stateRoot: string;
  intervalMs: number;
  /** Subscription ids (`<pack>@<ring>`) to refresh; every subscription when absent. */
  only?: readonly string[];
  /** Called before each refresh (progress). */
  onStart?: (id: string) => void;
  /** Called after each refresh that accepted a pack; `changed` when it is a different pack. */
  onUpdate?: (id: string, outcome: RefreshOutcome, changed: boolean) => void;
  onError?: (id: string, error: unknown) => void;
}

export function listSubscriptions(stateRoot: string): string[] {
  const dir = subscriptionsDir(stateRoot);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((d) => /^[a-z0-9][a-z0-9-]*@(canary|stable)$/.test(d));
}

/** Refreshes every subscription once, one after another; returns how many succeeded. */
export async function refreshAll(opts: SchedulerOptions): Promise<number> {
  let ok = 0;
  const ids = listSubscriptions(opts.stateRoot).filter(
    (id) => opts.only === undefined || opts.only.includes(id),
  );
  for (const id of ids) {
    opts.onStart?.(id);
    try {
      const before = readSubscription(subscriptionDir(opts.stateRoot, id))?.good?.sha256;
      const outcome = await refreshSubscription(
        opts.stateRoot,
        parseSubscriptionSpec(`mesh:${id}`),
      );
      ok++;
      opts.onUpdate?.(id, outcome, outcome.state.good?.sha256 !== before);
    } catch (e) {
      opts.onError?.(id, e);
    }
  }
  return ok;
}

/** Starts the timer; the returned function stops it. The timer never keeps the process alive. */
export function startSubscriptionScheduler(opts: SchedulerOptions): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    const jitter = Math.floor(Math.random() * opts.intervalMs * 0.1);
    timer = setTimeout(() => {
      void refreshAll(opts).finally(() => {
        if (!stopped) tick();
      });
    }, opts.intervalMs + jitter);
    timer.unref();
  };
  tick();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * The scheduler in the foreground (`mesh subscribe --watch`): a round at once, then one per interval
 * with jitter, until `rounds` are done or `signal` aborts.
 */
export async function runScheduler(
  opts: SchedulerOptions & { rounds?: number; signal?: AbortSignal },
): Promise<void> {
  const aborted = (): boolean => opts.signal?.aborted === true;
  for (let round = 1; ; round++) {
    await refreshAll(opts);
    if (aborted() || (opts.rounds !== undefined && round >= opts.rounds)) return;
    const wait = opts.intervalMs + Math.floor(Math.random() * opts.intervalMs * 0.1);
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, wait);
      opts.signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(t);
          resolve();
        },
        { once: true },
      );
    });
    if (aborted()) return;
  }
}
