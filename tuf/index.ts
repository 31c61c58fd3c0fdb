/**
 * tuf/: canonical JSON, metadata, repository operations, the client workflow and ceremonies
 * (TUF 1.0.34).
 *
 * @throws {TufError} repository_invalid, json_invalid, metadata_invalid, metadata_type_mismatch,
 * metadata_expired (opening or updating metadata)
 * @throws {RepositoryError} signature_threshold_unmet (publishing without enough signers)
 * @throws {DownloadError} a target or metadata file that cannot be fetched within its limits
 * @example
 * const repo = openRepository('/srv/tuf');
 * repo.addTarget('targets', 'packs/core.json', packBytes);
 * writeRepository('/srv/tuf', repo.publish(signers));
 */
export { SPEC_VERSION } from './version.js';
export { TufError, RepositoryError, DownloadError, type TufErrorCode } from './errors.js';
export { canonicalBytes, canonicalString } from './canonical-json.js';
export { parseJsonBytes, type JsonObject, type JsonValue } from './json.js';
export { formatExpires, parseExpires } from './dates.js';
export { digestHex, checkLengthAndHashes } from './hashes.js';
export { keyIdOf, ed25519Key, parseKey, keyToJson, type Key } from './metadata/key.js';
export type { Role, DelegatedRole } from './metadata/role.js';
export {
  parseRoot,
  rootToJson,
  type Root,
  TOP_LEVEL_ROLES,
  type TopLevelRole,
} from './metadata/root.js';
export { parseTimestamp, timestampToJson, type Timestamp } from './metadata/timestamp.js';
export { parseSnapshot, snapshotToJson, type Snapshot } from './metadata/snapshot.js';
export { parseTargets, targetsToJson, type Targets } from './metadata/targets.js';
export { roleMatchesPath, pathPatternMatches, type Delegations } from './metadata/delegations.js';
export type { MetaFile } from './metadata/meta-file.js';
export type { TargetFile } from './metadata/target-file.js';
export {
  parseEnvelope,
  parseEnvelopeBytes,
  envelopeToJson,
  envelopeFileBytes,
  signedBytes,
  type Envelope,
  type Signature,
} from './metadata/envelope.js';
export { verifySignature } from './crypto/verify-signature.js';
export { verifyThreshold, countValidSignatures } from './crypto/verify-threshold.js';
export { ed25519Signer, newEd25519Secret, type Signer } from './crypto/ed25519-signer.js';
export type { Fetcher } from './client/fetcher.js';
export { HttpFetcher, type HttpFetcherOptions } from './client/http-fetcher.js';
export { DEFAULT_LIMITS, type UpdaterLimits } from './client/limits.js';
export { Updater, type UpdaterOptions } from './client/updater.js';
export { TrustedSet } from './client/trusted-set.js';
export { quoteName } from './client/metadata-store.js';
export {
  createKeyFile,
  loadKeyFile,
  parseKeyFile,
  keyFileBytes,
  KEY_FILE_SCHEMA,
  KEY_ROLES,
  type KeyFile,
  type KeyRole,
} from './crypto/key-file.js';
export { DEFAULT_EXPIRY, expiryFor, type ExpiryPolicy } from './repository/expiry-policy.js';
export { signEnvelope } from './repository/sign-envelope.js';
export { targetEntry, targetFileName, checkTargetPath } from './repository/target-entry.js';
export {
  Repository,
  type RepositoryInit,
  type RoleKeys,
  type Delegation,
  type RepoFile,
} from './repository/repository.js';
export { writeRepository, openRepository } from './repository/write-repository.js';
export {
  parseProposal,
  proposalToJson,
  proposalDigest,
  proposalFileBytes,
  PROPOSAL_SCHEMA,
  type Proposal,
} from './ceremony/proposal.js';
export {
  signProposal,
  parseDetachedSignature,
  detachedSignatureToJson,
  detachedSignatureFileBytes,
  SIGNATURE_SCHEMA,
  type DetachedSignature,
} from './ceremony/detached-signature.js';
export {
  assemble,
  assembleReport,
  type Assembled,
  type Authority,
  type Refusal,
} from './ceremony/assemble.js';
export { proposeKeyChange, type KeyChange } from './ceremony/key-change.js';
