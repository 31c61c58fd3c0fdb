/**
 * packs/: pack format, built-in packs, harness, rings and ceilings, publishing and subscription.
 *
 * Main entry points: `compilePack` (validate a pack document), the enforcement of a node's
 * operator policy (`applyEnforcement`), and subscription through one verifier (`withMirror`,
 * `verifiedPack`).
 *
 * @throws {PackError} pack_invalid, pack_format_newer (compilePack); target_missing, tuf_refused,
 * proof_missing, log_inclusion_failed (a subscribed pack that does not verify)
 * @example
 * const loaded = compilePack(JSON.parse(text), 'file:my-pack.json');
 * const pack = await withMirror(input, (repo) => verifiedPack(repo, input.targetPath));
 */
export { PACK_FORMAT } from './version.js';
export { PackError, type PackErrorCode } from './errors.js';
export { compilePack, type LoadedPack, type PackMeta } from './pack.js';
export { loadPack, loadPacks, MAX_PACK_BYTES } from './loader.js';
export { packSkeleton, rehashPack, ruleContentHash } from './rule-hash.js';
export {
  MIN_RULE_EXAMPLES,
  MAX_RULE_EXAMPLES,
  MAX_EXAMPLE_STEPS,
  type ExampleKind,
  type RuleEntry,
  type RuleExample,
  type RuleTests,
} from './rule-tests.js';
export { runPackTests, type PackTestOptions } from './pack-tests/run-pack-tests.js';
export {
  ruleFails,
  type ExampleResult,
  type PackTestReport,
  type RuleTestResult,
  type RuleTestStatus,
} from './pack-tests/report.js';
export { BUILTIN_PACKS } from './builtin/index.js';
export { SELF_PROTECTION, selfProtectionPolicy } from './builtin/self-protection.js';
export { OUTBOUND_TOOLS, READ_TOOLS, SHELL_TOOLS, WRITE_TOOLS } from './builtin/tool-roles.js';
export { parseCorpus, readCorpus, type CorpusEntry } from './harness/corpus.js';
export {
  runHarness,
  percentile,
  type HarnessReport,
  type HarnessOptions,
  type HarnessGuard,
  type Rate,
} from './harness/run.js';
export { stressCases, type StressCase } from './harness/stress.js';
export { BAIT, baitVariants } from './harness/induced.js';
export {
  leafBytes,
  parseLeaf,
  fileLeaf,
  metadataLeaf,
  leafKey,
  leafConflictKey,
  sha256Hex,
  MAX_LEAF_BYTES,
  type Leaf,
} from './leaf.js';
export { PublishKeys } from './publish/keys.js';
export {
  packTargetPath,
  taskTargetPath,
  parseRing,
  roleForPath,
  hashedName,
  PROOF_SUFFIX,
  RINGS,
  type Ring,
} from './publish/paths.js';
export type { DelegationPolicy } from './publish/init-repo.js';
export { logDbPath, commitJournal, type LogConfig, type Committed } from './publish/log-append.js';
export { type Journal } from './publish/journal.js';
export {
  publishOnline,
  proposeOffline,
  applySigned,
  resumePending,
  stagingDir,
  type PublishContext,
  type PublishResult,
  type Addition,
} from './publish/publish.js';
export {
  proposeInitialRepository,
  initialAuthority,
  initDir,
  INITIAL_ROLES,
  type InitialRoles,
  type ThresholdRole,
} from './publish/repo-init.js';
export { applyInitial } from './publish/repo-init-apply.js';
export { requirePassingPackTests } from './publish/pack-gate.js';
export type { PublishRules, OfflineRoleName } from './publish/rules.js';
export { refreshRepository, type RefreshResult } from './publish/refresh.js';
export { withRepoLock } from './publish/repo-lock.js';
export { witnessFloor } from './publish/witness-floor.js';
export { compareSemver } from './publish/semver.js';
export {
  requiredQuorum,
  requireCosigned,
  checkGossip,
  SplitViewError,
  type GossipPolicy,
  type GossipOutcome,
} from './subscribe/trust-rules.js';
export {
  verifyLogged,
  type LogTrust,
  type LogCheckInput,
  type LogCheckResult,
} from './subscribe/verify-log.js';
export {
  fetchVerifiedPack,
  fetchVerifiedTarget,
  verifiedPack,
  verifiedTarget,
  withMirror,
  type FetchedTarget,
  type FetchPackInput,
  type FetchedPack,
} from './subscribe/fetch-pack.js';
export { dirSource, mirrorSource, type RepoSource } from './subscribe/source.js';
export { loadAllRoles, storedRole } from './subscribe/trusted-roles.js';
export { verifyRepository, type VerifyReport } from './subscribe/verify-repo.js';
export { readLogEntries, targetLeaf, type LogEntry } from './subscribe/log-audit.js';
export {
  VerifiedRepository,
  type RepositoryInput,
  type VerifiedTarget,
} from './subscribe/repository-verifier.js';
export {
  DEFAULT_OPERATOR_POLICY,
  RING_CEILING,
  type EnforcementContext,
  type OperatorPolicy,
  type RuleEnforcement,
} from './enforcement/context.js';
export { applyEnforcement, LOCAL_SUFFIX, type Enforced } from './enforcement/apply.js';
export { grantMatches } from './enforcement/glob.js';
