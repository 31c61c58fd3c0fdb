// node/: the composition root. Its public surface is the CLI runner and the state helpers.
export { runCli } from './cli/run.js';
export { buildProgram } from './cli/program.js';
export { openStateDir, resolveStateRoot, type StateDir } from './state/state-dir.js';
export {
  loadConfig,
  parseConfig,
  saveConfig,
  defaultConfig,
  type NodeConfig,
} from './state/config.js';
export { writeFileAtomic, fsyncDir } from '../common/index.js';
export { createLogger, type Logger, type LogLevel } from './log/logger.js';
export { maskSecret, redact } from './log/redact.js';
export { NodeError, UsageError, ConfigError, StateError, type NodeErrorCode } from './errors.js';
export { PACKAGE_VERSION, CONFIG_SCHEMA, STATE_SCHEMA } from './version.js';
export {
  runSensorExec,
  eventRecord,
  Correlator,
  Containment,
  ExcerptBuilder,
  killedVerdict,
  SENSOR_RULE,
  SensorHub,
  type TaintMatcher,
  type TaintHitView,
  type SensorVerdict,
  type SensorExecOptions,
  type SensorExecResult,
} from './sensor/index.js';
