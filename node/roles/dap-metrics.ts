// `/metrics` counters of the DAP roles (docs/dap.md "Metrics"): label values come from closed sets
// (DAP-18 report errors and problem types, job and collection outcomes), never from a client.
import { Counter, type Registry } from 'prom-client';
import type { CollectionOutcome, DapEvents } from '../../dap/index.js';

/** One counter per name and registry: a process serving several DAP roles shares them. */
function counter<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
): Counter<L> {
  const known = registry.getSingleMetric(name);
  if (known instanceof Counter) return known;
  return new Counter({ name, help, labelNames, registers: [registry] });
}

export function collectionsCounter(registry: Registry): Counter<'role' | 'outcome'> {
  return counter(registry, 'mesh_dap_collections_total', 'DAP collections by role and outcome', [
    'role',
    'outcome',
  ]);
}

/** The Leader's events as counters; undefined without a registry (library use). */
export function leaderEvents(registry: Registry | undefined): DapEvents | undefined {
  if (!registry) return undefined;
  const uploads = counter(
    registry,
    'mesh_dap_uploads_total',
    'DAP reports uploaded to the Leader, accepted or refused by reason',
    ['outcome', 'reason'],
  );
  const jobs = counter(
    registry,
    'mesh_dap_aggregation_jobs_total',
    'Leader aggregation jobs by outcome (retried counts each transient failure)',
    ['outcome'],
  );
  const rejected = counter(
    registry,
    'mesh_dap_reports_rejected_total',
    'Reports the Leader dropped without aggregating (retries spent, too large alone, abandoned too often)',
    [],
  );
  const collections = collectionsCounter(registry);
  return {
    uploadAccepted: (n) => {
      uploads.inc({ outcome: 'accepted', reason: 'none' }, n);
    },
    uploadRefused: (reason, n) => {
      uploads.inc({ outcome: 'refused', reason }, n);
    },
    aggregationJob: (outcome) => {
      jobs.inc({ outcome });
    },
    reportsRejected: (n) => {
      rejected.inc(n);
    },
    collection: (outcome: CollectionOutcome) => {
      collections.inc({ role: 'leader', outcome });
    },
  };
}
