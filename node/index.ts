/**
 * node/: the composition root. Its public surface is the CLI runner, the state helpers and the
 * sensor's supervisor side; test plumbing (ports, child `mesh` processes) is not exported.
 *
 * @throws {UsageError} usage (a command-line mistake: exit 2 from runCli)
 * @throws {ConfigError} config_invalid, config_schema_newer (loadConfig, parseConfig)
 * @throws {StateError} state_schema_newer, state_invalid (openStateDir)
 * (runCli itself does not throw for a command's failure: it prints it and resolves to 1 or 2)
 * @example
 * process.exitCode = await runCli(process.argv.slice(2));
 * const state = openStateDir(resolveStateRoot()); // --state, else $MESH_HOME, else the default
 * const config = loadConfig(state.path('config.json'));
 */
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
