// draft-dcook-ppm-dap-interop-test-design §4.3 (janus' DAP-18 dialect): the aggregator's add_task.
import { tokenDigest } from '../auth.js';
import { TaskError } from '../errors.js';
import { fromB64url } from '../encoding.js';
import type { AggregatorContext, HelperTask, LeaderTask } from '../aggregator/context.js';
import { addHelperTask, addLeaderTask } from '../aggregator/open-aggregator.js';
import { VERIFY_KEY_SIZE } from '../task/new-task.js';
import { parseTaskFile, TASK_FILE_SCHEMA, type TaskFile } from '../task/task-file.js';
import { str, taskParamsOf, uint, type Json } from './json.js';

export interface InteropAggregators {
  leader?: AggregatorContext<LeaderTask>;
  helper?: AggregatorContext<HelperTask>;
}

/** Adds a task to the Leader or Helper this process serves, as `role` in the request says. */
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
    refuseDuplicate(ctx, f);
    await addLeaderTask(ctx, f as Extract<TaskFile, { role: 'leader' }>);
  } else {
    const ctx = a.helper;
    if (!ctx) throw new TaskError('task_invalid', 'this process does not serve dap-helper');
    const f = parseTaskFile(
      { ...base, role, aggregator_auth_token_sha256: tokenDigest(leaderToken) },
      'helper',
    );
    refuseDuplicate(ctx, f);
    await addHelperTask(ctx, f as Extract<TaskFile, { role: 'helper' }>);
  }
}

function refuseDuplicate(ctx: { tasks: Map<string, unknown> }, f: TaskFile): void {
  if (ctx.tasks.has(f.task_id))
    throw new TaskError('task_invalid', `task ${f.task_id} already exists`);
}
