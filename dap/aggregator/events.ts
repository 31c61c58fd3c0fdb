// What an aggregator reports about its work (docs/dap.md "Metrics and health"): closed label sets
// only, never IDs or anything a client chose, so a metrics backend may count them directly.
import type { ReportErrorName } from '../messages/index.js';
import type { ProblemType } from '../problem.js';
import type { PeerCallFailure } from '../leader/peer-failure.js';

/** Why an upload was refused: the per-report error, or the problem type of a refused request. */
export type UploadRefusal = ReportErrorName | ProblemType;

/** committed, abandoned (a problem document), split (413), failed (retries spent), retried. */
export type JobOutcome = 'committed' | 'abandoned' | 'split' | 'failed' | 'retried';

export type CollectionOutcome = 'done' | 'failed';

export interface DapEvents {
  uploadAccepted?(count: number): void;
  uploadRefused?(reason: UploadRefusal, count: number): void;
  aggregationJob?(outcome: JobOutcome): void;
  /** Reports a job dropped without aggregating them (retries spent, or too large alone). */
  reportsRejected?(count: number): void;
  collection?(outcome: CollectionOutcome): void;
  /** Helper: an aggregation job answered, new or repeated (the same job sent again). */
  helperAggregationJob?(
    outcome: 'created' | 'repeated',
    aggregated: number,
    rejected: number,
  ): void;
  /** Helper: an aggregate share answered, new or repeated. */
  helperAggregateShare?(outcome: 'created' | 'repeated'): void;
  /** A database transaction or statement retried after a lost connection or serialization failure. */
  transactionRetried?(): void;
  /** This process took over a lease another process let expire (it was killed or stalled). */
  leaseTakeover?(): void;
  /** A call to a peer aggregator failed (for a rate-limited warn log, never a metric label). */
  peerCallFailed?(f: PeerCallFailure): void;
}

/** The store's counters only (a Helper has no job or upload events). */
export type StoreEvents = Pick<DapEvents, 'transactionRetried' | 'leaseTakeover'>;
