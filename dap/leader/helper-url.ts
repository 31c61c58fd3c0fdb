// Where a Leader process sends a task's Helper requests (docs/dap.md "Running a fleet"): the Helper
// endpoint the task names, or the URL the process's `dap.helperUrls` maps that endpoint to. The
// task keeps its endpoints as named: they are part of every report's InputShareAad (DAP-18 §4.4.2),
// so a process that changed them would fail every report's HPKE open.
import { TaskError } from '../errors.js';
import type { AggregatorOptions } from '../aggregator/options.js';
import type { Task } from '../task/task.js';
import { endpoint } from '../task/task-params.js';

/** The base URL of the task's Helper API for this process. */
export function helperBase(options: AggregatorOptions, task: Task): string {
  return options.helperUrls.get(task.params.helper) ?? task.params.helper;
}

/**
 * `dap.helperUrls` of a config file: an object from a task's Helper endpoint to the URL this
 * process calls instead, both http(s) URLs ending with '/'.
 *
 * @throws {TaskError} task_invalid naming the key or value refused
 */
export function helperUrlsFrom(v: unknown): ReadonlyMap<string, string> {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new TaskError('task_invalid', 'dap.helperUrls must map Helper endpoints to URLs');
  const out = new Map<string, string>();
  for (const [from, to] of Object.entries(v))
    out.set(endpoint(from, 'a dap.helperUrls key'), endpoint(to, `dap.helperUrls["${from}"]`));
  return out;
}
