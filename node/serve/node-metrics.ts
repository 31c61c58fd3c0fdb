// The node's own counters on a server's `/metrics` (docs/log.md "Health and metrics"): refused
// subscription refreshes by reason, read at each scrape from the node home the server started on,
// so refusals counted by the CLI or the scheduler while the server runs show at the next scrape.
import { Counter, type Registry } from 'prom-client';
import type { Logger } from '../log/logger.js';
import { REFUSAL_REASONS, readRefusalCounts } from '../subscription/index.js';

/**
 * Registers `mesh_subscriptions_refused_total{reason}` (the closed set of REFUSAL_REASONS) on
 * `registry`, read from `stateRoot` at each scrape. A damaged counts file leaves the counter
 * empty for that scrape and is logged with its code: the server keeps answering.
 *
 * @example
 * registerNodeMetrics(registry, '/var/lib/mesh', log);
 */
export function registerNodeMetrics(registry: Registry, stateRoot: string, log: Logger): void {
  new Counter({
    name: 'mesh_subscriptions_refused_total',
    help: 'Subscription refreshes refused, by reason code.',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      this.reset();
      let counts;
      try {
        counts = readRefusalCounts(stateRoot);
      } catch (e) {
        log.warn('node metrics unreadable', {
          code: (e as { code?: string }).code ?? 'internal',
          error: (e as Error).message,
        });
        return;
      }
      for (const reason of REFUSAL_REASONS) this.inc({ reason }, counts[reason]);
    },
  });
}
