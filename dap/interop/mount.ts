// `mesh serve --interop` for one aggregator role: the interop tasks stored in its own store are
// served again, then the role joins the process-wide interop registry (janus' DAP-18 dialect).
import type { Hono } from 'hono';
import type { AggregatorContext, HelperTask, LeaderTask } from '../aggregator/context.js';
import { addHelperTask, addLeaderTask } from '../aggregator/open-aggregator.js';
import { TaskError } from '../errors.js';
import type { HelperTaskFile, LeaderTaskFile } from '../task/task-file.js';
import { loadInteropTasks } from './aggregator-tasks.js';
import { openInteropRegistry, type InteropRegistry } from './app.js';

export type InteropRole =
  | { role: 'leader'; ctx: AggregatorContext<LeaderTask> }
  | { role: 'helper'; ctx: AggregatorContext<HelperTask> };

export async function mountInterop(
  app: Hono,
  r: InteropRole,
  prefix: string,
  dir: string,
  onError: (e: unknown) => void,
): Promise<InteropRegistry> {
  const skipped = (id: string) => {
    onError(
      new TaskError(
        'task_invalid',
        `interop task ${id} is also a --task file; the --task file is served`,
        {
          hint: 'remove the task from the interop store or drop its --task file',
        },
      ),
    );
  };
  if (r.role === 'leader') {
    for (const f of await loadInteropTasks<LeaderTaskFile>(r.ctx, 'leader', skipped))
      await addLeaderTask(r.ctx, f);
  } else {
    for (const f of await loadInteropTasks<HelperTaskFile>(r.ctx, 'helper', skipped))
      await addHelperTask(r.ctx, f);
  }
  const reg = await openInteropRegistry(app, dir, onError);
  if (r.role === 'leader') reg.leader = { ctx: r.ctx, prefix };
  else reg.helper = { ctx: r.ctx, prefix };
  return reg;
}
