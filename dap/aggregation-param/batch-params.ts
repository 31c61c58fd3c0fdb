// DAP-18 §4.6.1 and §4.6.3 for VDAFs with an aggregation parameter: a batch is aggregated at most
// once per parameter, its parameters follow the VDAF's is_valid (VDAF-20 §5.3; for Poplar1 §8.2,
// levels strictly increase and prefixes extend the last level's), and batch intervals that overlap
// without being equal are refused. Both Aggregators run these checks on their own store.
import { bytesEqual } from '../../common/index.js';
import { b64url, fromB64url } from '../encoding.js';
import type { Interval } from '../messages/index.js';
import { DapProblem } from '../problem.js';
import { jsonValue, parseJson, type KvOp, type KvStore } from '../storage/kv.js';
import type { Task } from '../task/task.js';
import { AK } from './keys.js';

/** The parameters a batch interval was aggregated with, oldest first. */
export async function batchParams(store: KvStore, t: Task, i: Interval): Promise<Uint8Array[]> {
  const v = await store.get(AK.batchParams(t.idB64, i.start, i.duration));
  return v ? parseJson<string[]>(v).map((s) => fromB64url(s)) : [];
}

/**
 * Checks `aggParam` for the batch `i` and returns the write that records it.
 *
 * @throws {DapProblem} batchOverlap (another interval overlapping this one was aggregated),
 * invalidAggregationParameter (a repeated parameter, or one is_valid refuses after the earlier ones)
 */
export async function admitBatchParam(
  store: KvStore,
  t: Task,
  i: Interval,
  aggParam: Uint8Array,
): Promise<KvOp> {
  const rule = t.vdaf.aggParamAtCollection;
  if (!rule) throw new DapProblem('invalidAggregationParameter', 'the task takes none', t.id);
  const prefix = AK.batchParamsPrefix(t.idB64);
  for await (const [k] of store.scan(prefix)) {
    const [start, duration] = k.slice(prefix.length).split('/').map(Number);
    if (start === undefined || duration === undefined) continue;
    const same = start === i.start && duration === i.duration;
    if (!same && start < i.start + i.duration && i.start < start + duration)
      throw new DapProblem(
        'batchOverlap',
        'the interval overlaps another interval collected with an aggregation parameter',
        t.id,
      );
  }
  const previous = await batchParams(store, t, i);
  if (previous.some((p) => bytesEqual(p, aggParam)))
    throw new DapProblem(
      'invalidAggregationParameter',
      'this batch was already aggregated with this aggregation parameter',
      t.id,
    );
  if (!rule.isValid(aggParam, previous))
    throw new DapProblem(
      'invalidAggregationParameter',
      "the aggregation parameter does not follow the batch's earlier ones (a deeper level, prefixes extending the last level's)",
      t.id,
    );
  return {
    type: 'put',
    key: AK.batchParams(t.idB64, i.start, i.duration),
    value: jsonValue([...previous, aggParam].map((p) => b64url(p))),
  };
}

/** Per report: the parameters it was verified with, to refuse a repeat (§4.5.2.1 replay). */
export async function reportParams(store: KvStore, t: Task, idHex: string): Promise<Uint8Array[]> {
  const v = await store.get(AK.reportParams(t.idB64, idHex));
  return v ? parseJson<string[]>(v).map((s) => fromB64url(s)) : [];
}

/** Whether a report may be verified with `aggParam` after `previous`; else its report error. */
export function reportParamError(
  t: Task,
  aggParam: Uint8Array,
  previous: readonly Uint8Array[],
): 'report_replayed' | 'invalid_message' | null {
  if (previous.some((p) => bytesEqual(p, aggParam))) return 'report_replayed';
  return t.vdaf.aggParamAtCollection?.isValid(aggParam, previous) ? null : 'invalid_message';
}

export const reportParamsOp = (
  t: Task,
  idHex: string,
  previous: readonly Uint8Array[],
  aggParam: Uint8Array,
): KvOp => ({
  type: 'put',
  key: AK.reportParams(t.idB64, idHex),
  value: jsonValue([...previous, aggParam].map((p) => b64url(p))),
});
