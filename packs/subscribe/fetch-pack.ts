// docs/architecture.md "Subscribe": a pack (or any target) from a mirror through the one repository
// verifier (repository-verifier.ts: TUF 1.0.34 §5, the log, witnesses, gossip), then validated as a
// pack. Nothing here changes the caller's pack.
import { PackError } from '../errors.js';
import { type Leaf } from '../leaf.js';
import { compilePack, type PackMeta } from '../pack.js';
import { VerifiedRepository } from './repository-verifier.js';
import { mirrorSource } from './source.js';
import type { LogCheckResult } from './verify-log.js';
import type { GossipPolicy, LogTrust } from './trust-rules.js';

export interface FetchPackInput {
  /** Mirror base URL: /metadata/, /targets/ and /log/ below it. */
  mirror: string;
  /** TUF trusted metadata directory (holds root.json at least). */
  metadataDir: string;
  /** Where downloaded targets are written before they are accepted. */
  downloadDir: string;
  targetPath: string;
  trust: LogTrust;
  lastAccepted?: string;
  gossip: GossipPolicy;
  timeoutMs?: number;
}

export interface FetchedTarget {
  file: string;
  bytes: Uint8Array;
  leaf: Leaf;
  log: LogCheckResult;
}

export interface FetchedPack extends FetchedTarget {
  meta: PackMeta;
}

/**
 * A target of an opened (so verified) repository, with the log result to remember.
 *
 * @throws {PackError} target_missing, tuf_refused, proof_missing, log_inclusion_failed,
 * log_inconsistent, log_conflict, quorum_not_met
 * @example
 * const task = await verifiedTarget(repo, taskTargetPath('core'));
 */
export async function verifiedTarget(
  repo: VerifiedRepository,
  path: string,
): Promise<FetchedTarget> {
  const t = await repo.target(path);
  const log: LogCheckResult = {
    accepted: repo.log.accepted,
    size: repo.log.size,
    index: t.index,
    witnesses: t.witnesses,
    gossip: repo.log.gossip,
  };
  return { file: t.file, bytes: t.bytes, leaf: t.leaf, log };
}

/**
 * A pack of an opened repository: verifiedTarget, then validated as a pack.
 *
 * @throws {PackError} as verifiedTarget, and pack_invalid
 * @example
 * const pack = await verifiedPack(repo, packTargetPath('core', 'stable'));
 */
export async function verifiedPack(repo: VerifiedRepository, path: string): Promise<FetchedPack> {
  const target = await verifiedTarget(repo, path);
  // this value is attacker-controlled until the log checks pass; compiling it only validates it
  let meta: PackMeta;
  try {
    meta = compilePack(JSON.parse(new TextDecoder().decode(target.bytes)), path).meta;
  } catch (e) {
    throw new PackError(
      'pack_invalid',
      `the downloaded pack is invalid: ${(e as Error).message}`,
      undefined,
      { cause: e },
    );
  }
  return { ...target, meta };
}

/**
 * Opens the mirror's repository through the one verifier and runs `use` on it.
 *
 * @throws {PackError} every refusal of VerifiedRepository.open, and what `use` throws
 * @example
 * const pack = await withMirror(input, (repo) => verifiedPack(repo, input.targetPath));
 */
export async function withMirror<T>(
  input: Omit<FetchPackInput, 'targetPath'>,
  use: (repo: VerifiedRepository) => Promise<T>,
): Promise<T> {
  const source = mirrorSource(input.mirror, { totalTimeoutMs: input.timeoutMs ?? 60_000 });
  try {
    const repo = await VerifiedRepository.open({
      source,
      metadataDir: input.metadataDir,
      downloadDir: input.downloadDir,
      trust: input.trust,
      gossip: input.gossip,
      ...(input.lastAccepted !== undefined ? { lastAccepted: input.lastAccepted } : {}),
    });
    return await use(repo);
  } finally {
    source.close();
  }
}

/** Any target (a pack, a DAP task file) through TUF and the log; the caller validates its content. */
export function fetchVerifiedTarget(input: FetchPackInput): Promise<FetchedTarget> {
  return withMirror(input, (repo) => verifiedTarget(repo, input.targetPath));
}

/**
 * The subscribe side: fetches a pack through TUF from `mirror`, then proves it in the
 * transparency log (its tlog-proof, the witnesses' quorum, consistency with `lastAccepted`, and
 * gossip against split views) before validating it as a pack. Nothing is accepted on a refusal.
 *
 * @throws {PackError} tuf_refused, target_missing, proof_missing, log_inclusion_failed,
 * log_inconsistent, quorum_not_met, gossip_failed, pack_invalid
 * @throws {SplitViewError} split_view (the log showed two histories; carries the evidence)
 * @example
 * const pack = await fetchVerifiedPack({
 *   mirror: 'https://packs.example.org',
 *   metadataDir: '/var/lib/mesh/subscriptions/core/tuf',
 *   downloadDir: '/var/lib/mesh/subscriptions/core/download',
 *   targetPath: packTargetPath('core', 'stable'),
 *   trust, // log key and witness keys, with the quorum
 *   gossip,
 *   lastAccepted: previousCheckpoint,
 * });
 * pack.meta.version;
 */
export function fetchVerifiedPack(input: FetchPackInput): Promise<FetchedPack> {
  return withMirror(input, (repo) => verifiedPack(repo, input.targetPath));
}
