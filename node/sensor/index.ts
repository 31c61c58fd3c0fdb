// node/sensor: the composition of bpf/ (what processes send) with guard/ (whether it is a secret).
export type { TaintMatcher, TaintHitView } from './matcher.js';
export { ExcerptBuilder, type Excerpt } from './excerpt.js';
export { Containment } from './containment.js';
export { Correlator, type CorrelatorOptions } from './correlator.js';
export { killedVerdict, SENSOR_RULE, type SensorVerdict } from './verdict.js';
export {
  runSensorExec,
  eventRecord,
  type SensorExecOptions,
  type SensorExecResult,
} from './exec.js';
export { SensorHub, type EventHandler } from './hub.js';
