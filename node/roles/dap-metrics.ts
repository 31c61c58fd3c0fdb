// `/metrics` counters of the DAP roles (docs/dap.md "Metrics and health"): label values come from
// closed sets (DAP-18 report errors and problem types, job and collection outcomes), never from a
// client.
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

/** Transaction retries and lease takeovers of a role's store (PostgreSQL fleets). */
function storeEvents(registry: Registry, role: 'leader' | 'helper'): DapEvents {
  const retries = counter(
    registry,
    'mesh_dap_store_transaction_retries_total',
    'Database transactions or statements retried (lost connection, serialization failure)',
    ['role'],
  );
  const takeovers = counter(
    registry,
    'mesh_dap_lease_takeovers_total',
    'Work leases this process took over from a process that let them expire',
    ['role'],
  );
  return {
    transactionRetried: () => {
      retries.inc({ role });
    },
    leaseTakeover: () => {
      takeovers.inc({ role });
    },
  };
}

/** The Helper's events as counters (its own /metrics); undefined without a registry. */
export function helperEvents(registry: Registry | undefined): DapEvents | undefined {
  if (!registry) return undefined;
  const jobs = counter(
    registry,
    'mesh_dap_helper_aggregation_jobs_total',
    'Aggregation jobs the Helper answered, created or repeated',
    ['outcome'],
  );
  const reports = counter(
    registry,
    'mesh_dap_helper_reports_total',
    "Reports in the Helper's new aggregation jobs, aggregated or rejected",
    ['outcome'],
  );
  const shares = counter(
    registry,
    'mesh_dap_helper_aggregate_shares_total',
    'Aggregate shares the Helper answered, created or repeated',
    ['outcome'],
  );
  return {
    ...storeEvents(registry, 'helper'),
    helperAggregationJob: (outcome, aggregated, rejected) => {
      jobs.inc({ outcome });
      if (aggregated > 0) reports.inc({ outcome: 'aggregated' }, aggregated);
      if (rejected > 0) reports.inc({ outcome: 'rejected' }, rejected);
    },
    helperAggregateShare: (outcome) => {
      shares.inc({ outcome });
    },
  };
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
    ...storeEvents(registry, 'leader'),
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
