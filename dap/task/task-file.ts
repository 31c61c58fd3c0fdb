// Task files per role (docs/architecture.md): each party holds only its own secrets; schema-versioned JSON, 0600.
import { existsSync, readFileSync } from 'node:fs';
import { exposedMode, modeText } from '../../common/index.js';
import { TaskError, TaskFileModeError } from '../errors.js';
import { fromB64url } from '../encoding.js';
import { decodeHpkeConfig, TASK_ID_SIZE } from '../messages/index.js';
import { parseTaskParams, type TaskParamsJson } from './task-params.js';
import { parseTokenPolicy, type TokenPolicyJson } from '../privacy-pass/policy.js';
import { parseDpParams, type DpParamsJson } from '../aggregator/dp-noise.js';

export const TASK_FILE_SCHEMA = 1;
export type TaskRole = 'client' | 'leader' | 'helper' | 'collector';

interface Base {
  schema: number;
  kind: 'dap-task';
  task_id: string;
  task: TaskParamsJson;
  /** Present when the task requires a Privacy Pass token per report (docs/dap.md "Report tokens"). */
  issuer?: TokenPolicyJson;
  /** Differential privacy the aggregators add to their aggregate shares (absent: none). */
  dp?: DpParamsJson;
}
export interface ClientTaskFile extends Base {
  role: 'client';
}
export interface LeaderTaskFile extends Base {
  role: 'leader';
  vdaf_verify_key: string;
  /** Presented to the Helper. */
  aggregator_auth_token: string;
  /** SHA-256 of the token the Collector presents; the Leader never holds that token itself. */
  collector_auth_token_sha256: string;
  collector_hpke_config: string;
}
export interface HelperTaskFile extends Base {
  role: 'helper';
  vdaf_verify_key: string;
  aggregator_auth_token_sha256: string;
  collector_hpke_config: string;
}
export interface CollectorTaskFile extends Base {
  role: 'collector';
  collector_auth_token: string;
  collector_hpke_config: string;
  collector_hpke_private_key: string;
}
export type TaskFile = ClientTaskFile | LeaderTaskFile | HelperTaskFile | CollectorTaskFile;

const FIELDS: Record<TaskRole, string[]> = {
  client: [],
  leader: [
    'vdaf_verify_key',
    'aggregator_auth_token',
    'collector_auth_token_sha256',
    'collector_hpke_config',
  ],
  helper: ['vdaf_verify_key', 'aggregator_auth_token_sha256', 'collector_hpke_config'],
  collector: ['collector_auth_token', 'collector_hpke_config', 'collector_hpke_private_key'],
};

/** Secret-bearing fields: a file of another role that carries one is refused. */
export const SECRET_FIELDS = [
  'vdaf_verify_key',
  'aggregator_auth_token',
  'collector_auth_token',
  'collector_hpke_private_key',
];

export function parseTaskFile(v: unknown, expectRole?: TaskRole): TaskFile {
  if (typeof v !== 'object' || v === null) throw new TaskError('task_invalid', 'not a JSON object');
  const o = v as Record<string, unknown>;
  if (o.kind !== 'dap-task') throw new TaskError('task_invalid', 'not a DAP task file');
  if (typeof o.schema !== 'number' || !Number.isInteger(o.schema) || o.schema < 1)
    throw new TaskError('task_invalid', 'schema must be a positive integer');
  if (o.schema > TASK_FILE_SCHEMA)
    throw new TaskError(
      'task_schema_newer',
      `task file schema ${o.schema} is newer than this mesh understands (${TASK_FILE_SCHEMA}); upgrade mesh`,
    );
  const role = o.role as TaskRole;
  if (!(role in FIELDS))
    throw new TaskError('task_invalid', 'role must be client|leader|helper|collector');
  if (expectRole && role !== expectRole)
    throw new TaskError(
      'task_invalid',
      `this is a ${role} task file; a ${expectRole} file is needed`,
    );
  if (typeof o.task_id !== 'string') throw new TaskError('task_invalid', 'task_id missing');
  fromB64url(o.task_id, TASK_ID_SIZE);
  const params = parseTaskParams(o.task);
  if (o.issuer !== undefined) parseTokenPolicy(o.issuer, params.time_precision);
  if (o.dp !== undefined) parseDpParams(o.dp);
  for (const f of FIELDS[role])
    if (typeof o[f] !== 'string' || o[f] === '')
      throw new TaskError('task_invalid', `${role} task file lacks ${f}`);
  for (const f of SECRET_FIELDS)
    if (!FIELDS[role].includes(f) && f in o)
      throw new TaskError('task_invalid', `a ${role} task file must not carry ${f}`);
  if (typeof o.collector_hpke_config === 'string')
    decodeHpkeConfig(fromB64url(o.collector_hpke_config));
  return o as unknown as TaskFile;
}

function refuseExposed(path: string, role: string): void {
  if (!existsSync(path)) throw new TaskError('task_invalid', `cannot read task file ${path}`);
  const mode = exposedMode(path);
  if (mode !== undefined)
    throw new TaskFileModeError(
      `${role} task file ${path} is readable by other users (mode ${modeText(mode)}); it holds secrets`,
      `run chmod 600 ${path}`,
    );
}

/**
 * Reads and checks a task file. A Leader, Helper or Collector file holds secrets (docs/architecture.md "Key
 * files 0600"), so one that group or others may read is refused before it is parsed.
 *
 * @throws {TaskFileModeError} `task_file_exposed` for a secret-holding file wider than 0600
 * @throws {TaskError} `task_invalid` or `task_schema_newer`
 * @example
 * const leader = readTaskFile('tasks/leader.json', 'leader');
 */
export function readTaskFile<R extends TaskRole>(
  path: string,
  role: R,
): Extract<TaskFile, { role: R }> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new TaskError('task_invalid', `cannot read task file ${path}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new TaskError('task_invalid', `${path} is not JSON`);
  }
  // Whatever role was asked for, a file that holds secrets is refused when others may read it.
  const actual = (v as { role?: unknown } | null)?.role;
  if (typeof actual === 'string' && actual !== 'client') refuseExposed(path, actual);
  return parseTaskFile(v, role) as Extract<TaskFile, { role: R }>;
}
