// Aggregator operating parameters (DAP-18 §4.4.2 clock skew, §6.4.1 storage horizon, job sizing).
import { DEFAULT_LIMITS, type DecodeLimits } from '../codec/limits.js';

export interface AggregatorOptions {
  /** Bounds on every decoded message. */
  limits: DecodeLimits;
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
}

export const DEFAULT_AGGREGATOR_OPTIONS: AggregatorOptions = {
  limits: DEFAULT_LIMITS,
  clockSkewSeconds: 300,
  reportRetentionSeconds: 14 * 24 * 3600,
  minJobSize: 50,
  maxJobSize: 1000,
  maxJobAgeMs: 500,
  tickMs: 50,
  gcIntervalMs: 60_000,
  maxBodyBytes: 64 * 1024 * 1024,
  peerTimeoutMs: 30_000,
};

export function aggregatorOptions(o: Partial<AggregatorOptions> = {}): AggregatorOptions {
  return { ...DEFAULT_AGGREGATOR_OPTIONS, ...o };
}
