// DAP-18 §4.2: a task as the roles use it: its ID, TaskConfiguration bytes, VDAF and context string.
import { b64url, fromB64url } from '../encoding.js';
import {
  encodeTaskConfiguration,
  TASK_ID_SIZE,
  taskInterval,
  type Interval,
  type TaskConfiguration,
  type VdafConfig,
} from '../messages/index.js';
import { bindVdaf } from '../vdaf-binding.js';
import type { DapVdaf } from '../vdaf-port.js';
import { DAP_VERSION } from '../version.js';
import { parseDpParams, type DpParamsJson } from '../aggregator/dp-noise.js';
import type { TaskFile } from './task-file.js';
import { parseTokenPolicy, type TokenPolicy } from '../privacy-pass/policy.js';
import { taskConfigurationOf, vdafConfigOf, type TaskParamsJson } from './task-params.js';

export interface Task {
  id: Uint8Array;
  idB64: string;
  params: TaskParamsJson;
  config: TaskConfiguration;
  /** The encoded TaskConfiguration, bound into every AAD. */
  configBytes: Uint8Array;
  vdafConfig: VdafConfig;
  vdaf: DapVdaf;
  /** "dap-18" || task_id, the VDAF application context (§4.4.2). */
  ctx: Uint8Array;
  interval: Interval | undefined;
  /** Set when every report must carry a valid, unspent token from this issuer. */
  tokens?: TokenPolicy;
  /** Differential privacy of the aggregate shares, when the task asks for it. */
  dp: DpParamsJson | undefined;
}

export function taskOf(file: TaskFile): Task {
  const id = fromB64url(file.task_id, TASK_ID_SIZE);
  const config = taskConfigurationOf(file.task);
  const vdafConfig = vdafConfigOf(file.task.vdaf);
  const version = new TextEncoder().encode(DAP_VERSION);
  const ctx = new Uint8Array(version.length + id.length);
  ctx.set(version);
  ctx.set(id, version.length);
  return {
    id,
    idB64: b64url(id),
    params: file.task,
    config,
    configBytes: encodeTaskConfiguration(config),
    vdafConfig,
    vdaf: bindVdaf(vdafConfig),
    ctx,
    interval: taskInterval(config),
    ...(file.issuer === undefined
      ? {}
      : { tokens: parseTokenPolicy(file.issuer, file.task.time_precision) }),
    dp: file.dp === undefined ? undefined : parseDpParams(file.dp),
  };
}
