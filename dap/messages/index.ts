// DAP-18 §4: every protocol message and its codec.
export * from './basic.js';
export * from './task-configuration.js';
export * from './hpke-config.js';
export * from './upload.js';
export * from './aggregation.js';
export * from './collection.js';
export * from './media-types.js';
export * from './vdaf-config.js';
export {
  DEFAULT_LIMITS,
  limitsWith as limitsWithDefaults,
  type DecodeLimits,
} from '../codec/limits.js';
