// DAP-18 §5: which batch buckets a query or batch selector names, and the checks both aggregators run.
import { DecodeError } from '../errors.js';
import { hex } from '../encoding.js';
import {
  BatchMode,
  decodeBatchIdConfig,
  decodeIntervalConfig,
  extensionsOrdered,
  type CollectionJobReq,
  type Interval,
  type ModeConfig,
} from '../messages/index.js';
import { DapProblem } from '../problem.js';
import type { Task } from '../task/task.js';

export type Batch =
  { mode: 'time_interval'; interval: Interval } | { mode: 'leader_selected'; batchIdHex: string };

/** The §4.6.1 checks on a CollectionJobReq that depend only on the request and the task. */
export function checkCollectionJobReq(task: Task, req: CollectionJobReq): void {
  if (req.query.batchMode !== task.config.batchMode)
    throw new DapProblem('invalidMessage', 'query batch mode differs from the task', task.id);
  if (!task.vdaf.isValidAggParam(req.aggParam))
    throw new DapProblem('invalidAggregationParameter', 'invalid aggregation parameter', task.id);
  if (!extensionsOrdered(req.extensions))
    throw new DapProblem('invalidExtension', 'collection job extensions out of order', task.id);
  if (req.extensions.length > 0)
    throw new DapProblem(
      'unsupportedExtension',
      'unsupported collection job extension',
      task.id,
      req.extensions.map((e) => e.type),
    );
}

/** A time-interval query's batch interval (§5.1.1); a malformed one names no valid buckets. */
export function queryInterval(task: Task, query: ModeConfig): Interval {
  let i: Interval;
  try {
    // this value is attacker-controlled
    i = decodeIntervalConfig(query.config);
  } catch (e) {
    if (e instanceof DecodeError) throw new DapProblem('invalidMessage', e.message, task.id);
    throw e;
  }
  if (i.duration < 1 || i.start + i.duration > Number.MAX_SAFE_INTEGER)
    throw new DapProblem('batchInvalid', 'batch interval is shorter than time_precision', task.id);
  return i;
}

/** The batch a BatchSelector names, checked against the Collector's query (§4.6.3, §5). */
export function selectorBatch(task: Task, req: CollectionJobReq, sel: ModeConfig): Batch {
  if (sel.batchMode !== task.config.batchMode || req.query.batchMode !== task.config.batchMode)
    throw new DapProblem('invalidMessage', 'batch mode differs from the task', task.id);
  if (sel.batchMode === BatchMode.time_interval) {
    const q = queryInterval(task, req.query);
    const s = queryInterval(task, sel);
    if (s.start < q.start || s.start + s.duration > q.start + q.duration)
      throw new DapProblem('batchInvalid', 'batch selector lies outside the query', task.id);
    return { mode: 'time_interval', interval: s };
  }
  if (req.query.config.length !== 0)
    throw new DapProblem('invalidMessage', 'leader-selected query config must be empty', task.id);
  try {
    return { mode: 'leader_selected', batchIdHex: hex(decodeBatchIdConfig(sel.config)) };
  } catch {
    throw new DapProblem('invalidMessage', 'invalid LeaderSelectedBatchSelectorConfig', task.id);
  }
}
