// draft-dcook-ppm-dap-interop-test-design §4.3 (janus' DAP-18 dialect): the aggregator's add_task.
import { tokenDigest } from '../auth.js';
import { TaskError } from '../errors.js';
import { fromB64url } from '../encoding.js';
import type {
  AggregatorContext,
  AggregatorTask,
  HelperTask,
  LeaderTask,
} from '../aggregator/context.js';
import { helperTaskOf, leaderTaskOf } from '../aggregator/open-aggregator.js';
import { VERIFY_KEY_SIZE } from '../task/new-task.js';
import {
  parseTaskFile,
  TASK_FILE_SCHEMA,
  type HelperTaskFile,
  type LeaderTaskFile,
} from '../task/task-file.js';
import { saveInteropTask } from './aggregator-tasks.js';
import { str, taskParamsOf, uint, type Json } from './json.js';

/** Tasks one aggregator process serves at most (each is a stored record and memory). */
export const MAX_INTEROP_TASKS = 10_000;

export interface InteropAggregators {
  leader?: AggregatorContext<LeaderTask>;
  helper?: AggregatorContext<HelperTask>;
}

/**
 * Adds a task to the Leader or Helper this process serves, as `role` in the request says; it is
 * stored (one synced write) before it is served and before this resolves.
 */
export async function addAggregatorTask(a: InteropAggregators, o: Json): Promise<void> {
  const role = o.role;
  if (role !== 'leader' && role !== 'helper')
    throw new TaskError('task_invalid', 'role must be "leader" or "helper"');
  const params = taskParamsOf(o);
  if (o.task_start !== undefined || o.task_end !== undefined) {
    const tp = params.time_precision;
    const start = Math.floor(uint(o, 'task_start') / tp);
    const end = Math.floor(uint(o, 'task_end') / tp);
    if (end <= start) throw new TaskError('task_invalid', 'task_end must follow task_start');
    params.task_interval = { start, duration: end - start };
  }
  const verifyKey = str(o, 'vdaf_verify_key');
  if (fromB64url(verifyKey).length !== VERIFY_KEY_SIZE)
    throw new TaskError('task_invalid', `vdaf_verify_key must be ${VERIFY_KEY_SIZE} bytes`);
  const base = {
    schema: TASK_FILE_SCHEMA,
    kind: 'dap-task',
    task_id: str(o, 'task_id'),
    task: params,
    vdaf_verify_key: verifyKey,
    collector_hpke_config: str(o, 'collector_hpke_config'),
  };
  const leaderToken = str(o, 'leader_authentication_token');
  if (role === 'leader') {
    const ctx = a.leader;
    if (!ctx) throw new TaskError('task_invalid', 'this process does not serve dap-leader');
    const f = parseTaskFile(
      {
        ...base,
        role,
        aggregator_auth_token: leaderToken,
        collector_auth_token_sha256: tokenDigest(str(o, 'collector_authentication_token')),
      },
      'leader',
    );
    await register(ctx, f as LeaderTaskFile, () => leaderTaskOf(ctx, f as LeaderTaskFile));
  } else {
    const ctx = a.helper;
    if (!ctx) throw new TaskError('task_invalid', 'this process does not serve dap-helper');
    const f = parseTaskFile(
      { ...base, role, aggregator_auth_token_sha256: tokenDigest(leaderToken) },
      'helper',
    );
    await register(ctx, f as HelperTaskFile, () => helperTaskOf(ctx, f as HelperTaskFile));
  }
}

/** Under the writer lock, so two add_task calls for one task_id cannot both pass the check. */
function register<T extends AggregatorTask>(
  ctx: AggregatorContext<T>,
  f: LeaderTaskFile | HelperTaskFile,
  build: () => Promise<T>,
): Promise<void> {
  return ctx.mutex.run(async () => {
    if (ctx.tasks.has(f.task_id))
      throw new TaskError('task_invalid', `task ${f.task_id} already exists`);
    if (ctx.tasks.size >= MAX_INTEROP_TASKS)
      throw new TaskError(
        'task_invalid',
        `this aggregator serves ${MAX_INTEROP_TASKS} tasks already`,
      );
    const t = await build();
    await saveInteropTask(ctx.store, f);
    ctx.tasks.set(t.task.idB64, t);
  });
}
