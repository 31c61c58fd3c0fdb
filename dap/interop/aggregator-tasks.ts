// Interop aggregator tasks (janus' DAP-18 dialect, add_task with "role") kept in the aggregator's
// own store: written synced before add_task answers success, served again after a restart.
import type { AggregatorContext, AggregatorTask } from '../aggregator/context.js';
import type { KvStore } from '../storage/kv.js';
import { parseTaskFile, type HelperTaskFile, type LeaderTaskFile } from '../task/task-file.js';
import { putRecord, scanRecords } from './records.js';

const PREFIX = 'interop/task/';

export const saveInteropTask = (
  store: KvStore,
  f: LeaderTaskFile | HelperTaskFile,
): Promise<void> => putRecord(store, PREFIX + f.task_id, f);

/**
 * The stored task files of `role`, validated as add_task validates them; a task a --task file
 * already serves is left out (reported through `skipped`).
 */
export async function loadInteropTasks<F extends LeaderTaskFile | HelperTaskFile>(
  ctx: AggregatorContext<AggregatorTask>,
  role: F['role'],
  skipped: (taskId: string) => void,
): Promise<F[]> {
  const out: F[] = [];
  for (const [, v] of await scanRecords(ctx.store, PREFIX)) {
    const f = parseTaskFile(v, role) as F;
    if (ctx.tasks.has(f.task_id)) skipped(f.task_id);
    else out.push(f);
  }
  return out;
}
