// DAP-18 §4.5.1.4 input share validation and §4.4.2 upload time checks.
import type { ReportErrorName, ReportMetadata } from '../messages/index.js';
import type { Task } from '../task/task.js';
import type { AggregatorOptions } from './options.js';

/** Time checks shared by upload and aggregation: too early, outside task_interval, too old. */
export function timeError(
  task: Task,
  time: number,
  nowSeconds: number,
  o: AggregatorOptions,
): ReportErrorName | null {
  const tp = task.params.time_precision;
  if (time * tp > nowSeconds + o.clockSkewSeconds) return 'report_too_early';
  const iv = task.interval;
  if (iv && time < iv.start) return 'task_not_started';
  if (iv && time >= iv.start + iv.duration) return 'task_expired';
  // Replay state older than the horizon is gone, so such a report cannot be checked (§6.4.1).
  if ((time + 1) * tp < nowSeconds - o.reportRetentionSeconds) return 'report_dropped';
  return null;
}

/**
 * Extension checks after decryption. No report extension is defined by DAP-18, so any extension
 * is unrecognised except the public ones the task accepts (its report token); order within each
 * list was enforced when it was decoded.
 */
export function extensionError(
  metadata: ReportMetadata,
  privateExtensionTypes: readonly number[],
  acceptedPublic: readonly number[] = [],
): ReportErrorName | null {
  const all = [...metadata.publicExtensions.map((e) => e.type), ...privateExtensionTypes];
  if (new Set(all).size !== all.length) return 'invalid_message';
  if (privateExtensionTypes.length > 0) return 'invalid_message';
  if (metadata.publicExtensions.some((e) => !acceptedPublic.includes(e.type)))
    return 'invalid_message';
  return null;
}
