// The leaf module: code every room shares and that imports nothing of ours (docs/architecture.md "Rooms").
export { MeshError, isMeshError, type MeshErrorOptions } from './errors.js';
export {
  writeFileAtomic,
  writeFileAtomicAsync,
  createFileOnce,
  removeFileDurably,
  removeFileDurablyAsync,
  fsyncDir,
  type AtomicWriteOptions,
  type AtomicWriteAsyncOptions,
} from './atomic-file.js';
export {
  readBounded,
  fetchBounded,
  describeFetchFailure,
  BoundedReadError,
  type BoundedReadErrorCode,
  type BoundedReadLimits,
  type BoundedResponse,
} from './bounded-read.js';
export { constantTimeEqual, bytesEqual } from './bytes.js';
export {
  canonicalString,
  canonicalBytes,
  CanonicalJsonError,
  MAX_JSON_DEPTH,
  type JsonValue,
  type JsonObject,
} from './canonical-json.js';
export {
  readSecretFile,
  refuseExposedFile,
  exposedMode,
  modeText,
  SecretFileError,
  type SecretFileErrorCode,
} from './secret-file.js';
export { pidLockHolder, releasePidLock, tryTakePidLock } from './pid-lock.js';
export { describeConnectionFailure, type ConnectionFailure } from './http-cause.js';
export { trustCaFile, readCaFile, TlsCaError, type TlsCaErrorCode } from './tls/ca.js';
