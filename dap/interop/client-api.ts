// draft-dcook-ppm-dap-interop-test-design §4.1 (janus' DAP-18 dialect): the client's upload.
import { DapClient } from '../client/client.js';
import { DapError } from '../errors.js';
import { parseTaskFile, TASK_FILE_SCHEMA, type ClientTaskFile } from '../task/task-file.js';
import { measurementOf, str, taskParamsOf, uint, type Json } from './json.js';

/** Shards, encrypts and uploads one measurement; resolves once the Leader accepted it. */
export async function interopUpload(o: Json): Promise<void> {
  const params = taskParamsOf(o);
  const file = parseTaskFile(
    {
      schema: TASK_FILE_SCHEMA,
      kind: 'dap-task',
      role: 'client',
      task_id: str(o, 'task_id'),
      task: params,
    },
    'client',
  ) as ClientTaskFile;
  const measurement = measurementOf(params.vdaf, o.measurement);
  const timeSeconds = o.time === undefined || o.time === null ? Date.now() / 1000 : uint(o, 'time');
  const r = await new DapClient(file).upload([{ measurement, timeSeconds }]);
  const refused = r.rejected[0];
  if (refused)
    throw new DapError('protocol_failed', `the Leader refused the report: ${refused.error}`);
}
