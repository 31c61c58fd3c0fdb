// The hook daemon's metrics on the console role's /metrics (docs/console.md "Metrics"): at scrape
// time the console asks the node's hook daemon on its control socket, once per scrape. The answer
// is checked against the daemon's closed label sets; no daemon running: the series are absent.
import type { Metric, MetricValue, Registry } from 'prom-client';
import { askDaemon } from '../hook-daemon/control.js';
import { HOOK_DOORS, HOOK_METRIC_NAMES, HOOK_OUTCOMES } from '../hook-daemon/metrics.js';
import { hookSocketPath } from '../hook-daemon/socket-path.js';

const TYPES = {
  mesh_guard_hook_latency_seconds: 'histogram',
  mesh_guard_hook_answers_total: 'counter',
  mesh_guard_hook_queue_depth: 'gauge',
} as const;
const HELP = {
  mesh_guard_hook_latency_seconds: 'Hook daemon: time from a hook request to its answer, by door',
  mesh_guard_hook_answers_total: 'Hook daemon: hook calls answered, by door and outcome',
  mesh_guard_hook_queue_depth: 'Hook daemon: calls running or waiting',
} as const;

type Name = (typeof HOOK_METRIC_NAMES)[number];
const LABEL_VALUES: Record<string, readonly string[]> = {
  door: HOOK_DOORS,
  outcome: HOOK_OUTCOMES,
};

/** One value of the daemon's answer (read from a local socket: checked, never trusted). */
function valueOk(name: Name, v: unknown): v is MetricValue<string> {
  const x = v as { value?: unknown; labels?: unknown; metricName?: unknown } | null;
  if (typeof x !== 'object' || x === null || typeof x.value !== 'number') return false;
  if (
    x.metricName !== undefined &&
    (typeof x.metricName !== 'string' || !x.metricName.startsWith(name))
  )
    return false;
  const labels = (x.labels ?? {}) as Record<string, unknown>;
  return Object.entries(labels).every(([k, l]) =>
    k === 'le'
      ? typeof l === 'number' || l === '+Inf'
      : (LABEL_VALUES[k]?.includes(String(l)) ?? false),
  );
}

/** Registers the daemon's series on `registry`, read from the daemon serving `stateRoot`. */
export function registerHookDaemonMetrics(registry: Registry, stateRoot: string): void {
  let scrape: Promise<unknown[]> | undefined;
  const daemon = (): Promise<unknown[]> => {
    scrape ??= askDaemon(hookSocketPath(stateRoot), 'metrics', 2_000).then((r) => {
      // Cleared on the next tick: the metrics of one scrape share one answer.
      setImmediate(() => (scrape = undefined));
      const list = (r as { metrics?: unknown } | null)?.metrics;
      return Array.isArray(list) ? (list as unknown[]) : [];
    });
    return scrape;
  };
  for (const name of HOOK_METRIC_NAMES) {
    const metric = {
      name,
      help: HELP[name],
      type: TYPES[name],
      aggregator: 'sum',
      /** What prom-client's registry reads from a metric at scrape time. */
      async get(): Promise<{
        name: string;
        help: string;
        type: string;
        aggregator: string;
        values: MetricValue<string>[];
      }> {
        const found = (await daemon()).find((m) => (m as { name?: unknown }).name === name) as
          { values?: unknown } | undefined;
        const values = Array.isArray(found?.values) ? found.values : [];
        return {
          name,
          help: HELP[name],
          type: TYPES[name],
          aggregator: 'sum',
          values: values.filter((v) => valueOk(name, v)),
        };
      },
    };
    registry.registerMetric(metric as unknown as Metric);
  }
}
