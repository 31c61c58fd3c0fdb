/**
 * The leaf module: code every room shares and that imports nothing of ours (docs/architecture.md
 * "Rooms"): the coded error base, durable atomic writes, canonical JSON, bounded reads and waits, secret files.
 *
 * @throws {CanonicalJsonError} canonical_json_invalid (canonicalString, canonicalBytes)
 * @throws {SecretFileError} secret_file_exposed, secret_file_unreadable (readSecretFile)
 * @throws {BoundedReadError} body_too_large, body_timeout, body_failed (readBounded, fetchBounded)
 * @throws {DeadlineError} deadline_passed (withDeadline)
 * @example
 * canonicalString({ b: 1, a: [true, 'x'] }); // '{"a":[true,"x"],"b":1}'
 * writeFileAtomic('/var/lib/mesh/config.json', text); // fsynced, renamed into place
 * const key = readSecretFile('/etc/mesh/witness.key', 'witness key'); // refused if group-readable
 */
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
export { constantTimeEqual, bytesEqual, concatBytes } from './bytes.js';
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
export { withDeadline, DeadlineError } from './with-deadline.js';
export { yieldToIo, ioSlicer } from './yield-to-io.js';
