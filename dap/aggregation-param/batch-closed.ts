// DAP-18 §4.5.1.4 (batch collected) for VDAFs with an aggregation parameter: once a batch was
// aggregated with a first parameter, its set of reports is closed. A report that was not part of
// that first aggregation is never verified with a later parameter of the walk, so the counts of one
// level never differ from the last by a report uploaded in between. The Leader keeps the first
// level's report IDs; the Helper refuses, as batch_collected, a report first seen in a batch that
// already has a parameter (a Leader adding reports between levels is refused too).
import type { Interval } from '../messages/index.js';
import { jsonValue, parseJson, type KvOp, type KvStore } from '../storage/kv.js';
import type { Task } from '../task/task.js';
import { AK } from './keys.js';

/** Batch intervals aggregated with at least one parameter, as [start, end) in time_precision units. */
export async function closedIntervals(store: KvStore, t: Task): Promise<[number, number][]> {
  const prefix = AK.batchParamsPrefix(t.idB64);
  const out: [number, number][] = [];
  for await (const [k] of store.scan(prefix)) {
    const [start, duration] = k.slice(prefix.length).split('/').map(Number);
    if (start !== undefined && duration !== undefined) out.push([start, start + duration]);
  }
  return out;
}

/**
 * A report with no earlier parameter whose time lies in a closed batch: batch_collected (§4.5.1.4);
 * null when it may be verified.
 */
export function closedBatchError(
  closed: readonly [number, number][],
  time: number,
  previous: readonly Uint8Array[],
): 'batch_collected' | null {
  if (previous.length > 0) return null;
  return closed.some(([s, e]) => time >= s && time < e) ? 'batch_collected' : null;
}

/** The Leader's record of the reports a batch's first parameter aggregated (hex report IDs). */
export async function batchMembers(
  store: KvStore,
  t: Task,
  i: Interval,
): Promise<Set<string> | undefined> {
  const v = await store.get(AK.batchMembers(t.idB64, i.start, i.duration));
  return v ? new Set(parseJson<string[]>(v)) : undefined;
}

export const batchMembersOp = (t: Task, i: Interval, idsHex: readonly string[]): KvOp => ({
  type: 'put',
  key: AK.batchMembers(t.idB64, i.start, i.duration),
  value: jsonValue(idsHex),
});
