// A scheduler that refreshes periodically and hot-reloads the guard: a reloadable guard
// plus what drives its reloads in a long-running front door: the pack watcher and, when asked, the
// subscription scheduler refreshing the subscriptions the guard uses.
import type { FlowTracker, Guard, ReceiptSink } from '../../guard/index.js';
import { loadConfig } from '../state/config.js';
import {
  isSubscriptionSpec,
  parseSubscriptionSpec,
  startSubscriptionScheduler,
} from '../subscription/index.js';
import { watchPacks } from './pack-watcher.js';
import { openReloadableGuard } from './reloadable-guard.js';

export interface HotGuardOptions {
  stateRoot: string;
  configPath: string;
  specs: readonly string[];
  tracker: FlowTracker;
  flowRules: boolean;
  mcpRules: boolean;
  receipts?: ReceiptSink;
  /** Refresh the guard's subscriptions this often (none when absent). */
  refreshEveryMs?: number;
  watchIntervalMs: number;
  log: (line: string) => void;
}

export interface HotGuard {
  guard: Guard;
  stop: () => void;
}

export function openHotGuard(o: HotGuardOptions): HotGuard {
  const config = (): ReturnType<typeof loadConfig> => loadConfig(o.configPath);
  const r = openReloadableGuard({
    stateRoot: o.stateRoot,
    config,
    specs: o.specs,
    tracker: o.tracker,
    flowRules: o.flowRules,
    mcpRules: o.mcpRules,
    ...(o.receipts ? { receipts: o.receipts } : {}),
    log: o.log,
  });
  const community = o.specs.filter(isSubscriptionSpec);
  if (community.length === 0) return { guard: r.guard, stop: () => undefined };
  const stops = [
    watchPacks({
      stateRoot: o.stateRoot,
      specs: community,
      config,
      intervalMs: o.watchIntervalMs,
      onChange: (why) => {
        void r.reload(why);
      },
      onError: (e) => {
        o.log(`mesh guard: cannot check the subscribed packs: ${(e as Error).message}`);
      },
    }),
  ];
  if (o.refreshEveryMs !== undefined)
    stops.push(
      startSubscriptionScheduler({
        stateRoot: o.stateRoot,
        intervalMs: o.refreshEveryMs,
        only: community.map((s) => parseSubscriptionSpec(s).id),
        onUpdate: (id, { state }) => {
          o.log(`mesh guard: refreshed ${id}: verified pack ${state.good?.packVersion ?? '?'}`);
        },
        onError: (id, e) => {
          o.log(
            `mesh guard: refresh of ${id} refused, last good pack kept: ${(e as Error).message}`,
          );
        },
      }),
    );
  return {
    guard: r.guard,
    stop: () => {
      for (const s of stops) s();
    },
  };
}
