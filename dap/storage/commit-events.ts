// Counters that count what was committed (docs/dap.md "Metrics and health"): each event an
// aggregator emits inside a transaction waits for its commit, so a transaction retried after a
// lost connection or a serialization failure counts once, and a rolled-back attempt not at all.
import type { DapEvents } from '../aggregator/events.js';
import type { KvStore } from './kv.js';

/** Events about the store itself: counted when they happen, committed or not. */
const IMMEDIATE = new Set<keyof DapEvents>([
  'transactionRetried',
  'leaseTakeover',
  'peerCallFailed',
]);

/**
 * `events` with every callback deferred through `store.afterCommit`.
 *
 * @example
 * ctx.events = committedEvents(ctx.store, leaderEvents(registry));
 */
export function committedEvents(store: KvStore, events: DapEvents): DapEvents {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(events) as [keyof DapEvents, unknown][]) {
    if (typeof f !== 'function') continue;
    const call = f as (...a: unknown[]) => void;
    out[name] = IMMEDIATE.has(name)
      ? call.bind(events)
      : (...a: unknown[]) => {
          store.afterCommit(() => {
            call.apply(events, a);
          });
        };
  }
  return out;
}
