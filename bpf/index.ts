/**
 * bpf/: the eBPF sensor, its loader and the TypeScript supervisor. It reports; guard/ decides.
 *
 * @throws {SensorError} build_failed (buildLoader); loader_missing, loader_failed, loader_exited,
 * command_failed, command_timeout (SensorSupervisor); cgroup_unavailable (createWatchCgroup)
 * @example
 * const sensor = new SensorSupervisor({ onEvent: (e) => console.log(e.type, e.pid) });
 * await sensor.start();
 * await sensor.watchCgroup(createWatchCgroup(), 1);
 * await sensor.stop();
 */
export { LOADER_PROTOCOL } from './version.js';
export { SensorError, type SensorErrorCode } from './errors.js';
export {
  parseLoaderLine,
  SENSOR_CAP,
  MAX_LINE_BYTES,
  FLAG_DNS,
  FLAG_DENIED,
  FLAG_TRUNCATED,
  FLAG_READ_ERROR,
  FLAG_EXPLICIT_ADDR,
  type SensorEvent,
  type SensorHealth,
  type LoaderMessage,
  type EventKind,
} from './event.js';
export { LineSplitter } from './line-splitter.js';
export {
  SensorSupervisor,
  type SupervisorOptions,
  type SupervisorNotice,
  type EgressMode,
} from './supervisor.js';
export { parseDnsQuery, encodeDnsQuery, DnsReassembler } from './dns.js';
export { SessionMap, procStartTicks } from './session-map.js';
export {
  cgroup2Root,
  createWatchCgroup,
  cgroupPids,
  killCgroup,
  killPid,
  removeCgroup,
} from './cgroup.js';
export { buildLoader, missingPackages, type BuildResult } from './build.js';
export { sensorReadiness, type Readiness } from './readiness.js';
export { loaderPath, sensorSourceDir } from './paths.js';
export { sslTargets } from './ssl-targets.js';
