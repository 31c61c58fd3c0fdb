/**
 * dap/: DAP-18 client, leader, helper and collector on top of vdaf/.
 *
 * Main entry points: `DapClient` (upload), `collect` (a collection job), the aggregator apps
 * that `mesh serve` mounts, task files (`newTaskFiles`, `readTaskFile`) and the stores.
 *
 * @throws {DapError} vdaf_failed, http_failed, http_timeout, http_body_too_large, protocol_failed,
 * storage_* (a store that cannot be opened or migrated)
 * @throws {DapProblem} a DAP problem document answered by a peer (its type in `problemType`)
 * @throws {HpkeError} hpke_open_failed: a share that does not open
 * @example
 * const client = new DapClient(readTaskFile('tasks/client.json', 'client'));
 * await client.upload([{ measurement: 1, timeSeconds: Math.floor(Date.now() / 1000) }]);
 * const { aggregate } = await collect(readTaskFile('tasks/collector.json', 'collector'),
 *   { next: true }, { timeoutMs: 120_000 });
 */
export {
  DAP_DRAFT,
  DAP_VERSION,
  HPKE_INFO_INPUT_SHARE,
  HPKE_INFO_AGGREGATE_SHARE,
} from './version.js';
export {
  DapError,
  DecodeError,
  HpkeError,
  TaskError,
  TaskFileModeError,
  type DapErrorCode,
} from './errors.js';
export {
  DapProblem,
  HttpProblem,
  PROBLEM_TYPES,
  PROBLEM_URN_PREFIX,
  type ProblemType,
} from './problem.js';
export { hpkeDefault, hpkeNode, hpkeNoble, type Hpke, type HpkeKeyPair } from './hpke/index.js';
export * as messages from './messages/index.js';
export {
  parseTaskFile,
  readTaskFile,
  SECRET_FIELDS,
  TASK_FILE_SCHEMA,
  type ClientTaskFile,
  type CollectorTaskFile,
  type HelperTaskFile,
  type LeaderTaskFile,
  type TaskFile,
  type TaskRole,
} from './task/task-file.js';
export {
  encodeTaskInfo,
  parseTaskParams,
  vdafConfigOf,
  type TaskParamsJson,
} from './task/task-params.js';
export { newTaskFiles, type TaskFiles } from './task/new-task.js';
export { DapClient, type Submission, type UploadResult } from './client/client.js';
export {
  collect,
  type Collection,
  type CollectOptions,
  type CollectQuery,
} from './collector/collector.js';
export { migrateStore } from './storage/migrate-store.js';
export { probeStore, type StoreProbe } from './storage/store-probe.js';
export { pingStore, type StoreAnswer } from './storage/ping-store.js';
export { openCollectorStore, type PgCollectedLedger } from './collector/pg-ledger.js';
export { loggableUrl, type PeerCallFailure } from './leader/peer-failure.js';
export {
  heavyHitters,
  type HeavyHitter,
  type HeavyHittersOptions,
  type HeavyHittersResult,
  type WalkLevel,
} from './aggregation-param/heavy-hitters.js';
export {
  mountHelper,
  aggregatorOptionsFrom,
  storeFrom,
  mountLeader,
  taskFilesFor,
  type AggregatorHealth,
  type AggregatorServer,
  type AggregatorServerOptions,
} from './server.js';
export type {
  CollectionOutcome,
  DapEvents,
  JobOutcome,
  UploadRefusal,
} from './aggregator/events.js';
export { aggregatorOptions, type AggregatorOptions } from './aggregator/options.js';
export { openKeyAdmin, type KeyAdmin, type KeyInfo } from './aggregator/key-admin.js';
export { DEFAULT_PEER_LIMITS, peerLimitsWith, type PeerLimits } from './http/peer-limits.js';
export * as privacyPass from './privacy-pass/index.js';
export {
  calibrate as calibrateDpNoise,
  dpParamsFor,
  dpStatement,
  parseDpParams,
  type DpNoise,
  type DpParamsJson,
  type DpStatement,
} from './aggregator/dp-noise.js';
export {
  sampleDiscreteGaussian,
  sampleDiscreteLaplace,
  seededUniform,
  type Rational,
  type UniformSource,
} from './aggregator/dp-sampler.js';
