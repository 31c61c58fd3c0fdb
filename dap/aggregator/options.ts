// Aggregator operating parameters (DAP-18 §4.4.2 clock skew, §6.4.1 storage horizon, job sizing).
import { DEFAULT_LIMITS, type DecodeLimits } from '../codec/limits.js';
import { DEFAULT_PEER_LIMITS, type PeerLimits } from '../http/peer-limits.js';

export interface AggregatorOptions {
  /** Bounds on every decoded message. */
  limits: DecodeLimits;
  /** Bounds on every answer read from the peer aggregator. */
  peerLimits: PeerLimits;
  /** Leeway for report times ahead of the clock (report_too_early beyond it). */
  clockSkewSeconds: number;
  /** Replay state is kept this long; older reports are refused with report_dropped. */
  reportRetentionSeconds: number;
  /** Aggregation jobs: created once this many reports wait, or once the oldest waited maxAgeMs. */
  minJobSize: number;
  maxJobSize: number;
  maxJobAgeMs: number;
  /** How often the Leader's driver looks for work. */
  tickMs: number;
  /** How often replay state, waiting reports and Helper jobs past the retention horizon are dropped. */
  gcIntervalMs: number;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Timeout of each request to the peer aggregator. */
  peerTimeoutMs: number;
  /**
   * Leader: the largest request body the Helper accepts (its own maxBodyBytes, as its operator
   * configured it); aggregation jobs are built below it.
   */
  peerMaxBodyBytes: number;
  /** Leader: transient failures of one aggregation job before it fails and its reports are rejected. */
  jobRetries: number;
  /** Leader: the first retry of a job waits this long, doubling up to jobRetryMaxMs. */
  jobRetryMs: number;
  jobRetryMaxMs: number;
  /**
   * Leader: aggregation jobs one process runs at once (each waits for the Helper while the next is
   * made or finished); bounds the jobs' reports and VDAF states held in memory. 0 counts as 1.
   */
  jobsInFlight: number;
  /**
   * Leader on a shared store: a process drives a task (creates and runs its jobs, advances its
   * collections) while it holds the task's lease, renewed every tick; a lease not renewed for this
   * long is taken over by another process.
   */
  leaseMs: number;
  /**
   * Leader: the URL this process sends a task's Helper requests to, by the Helper endpoint the task
   * names (absent: that endpoint), so each process of a fleet may call a Helper process of its own.
   */
  helperUrls: ReadonlyMap<string, string>;
}

export const DEFAULT_AGGREGATOR_OPTIONS: AggregatorOptions = {
  limits: DEFAULT_LIMITS,
  peerLimits: DEFAULT_PEER_LIMITS,
  clockSkewSeconds: 300,
  reportRetentionSeconds: 14 * 24 * 3600,
  minJobSize: 50,
  maxJobSize: 1000,
  maxJobAgeMs: 500,
  tickMs: 50,
  gcIntervalMs: 60_000,
  maxBodyBytes: 64 * 1024 * 1024,
  peerTimeoutMs: 30_000,
  peerMaxBodyBytes: 64 * 1024 * 1024,
  jobRetries: 10,
  jobRetryMs: 500,
  jobRetryMaxMs: 60_000,
  jobsInFlight: 3,
  leaseMs: 10_000,
  helperUrls: new Map(),
};

export function aggregatorOptions(o: Partial<AggregatorOptions> = {}): AggregatorOptions {
  return { ...DEFAULT_AGGREGATOR_OPTIONS, ...o };
}
