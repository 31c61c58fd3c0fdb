// docs/architecture.md "Subscribe", TUF half: refresh through the TUF 1.0.34 §5 client from a mirror, find the
// pack target through the delegations, download it with its length and hashes checked, and fetch
// its .tlog-proof; then the log checks of verify-log.ts. Nothing here changes the caller's pack.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TileReader } from '../../log/index.js';
import { DownloadError, HttpFetcher, TufError, Updater } from '../../tuf/index.js';
import { PackError } from '../errors.js';
import { type Leaf } from '../leaf.js';
import { compilePack, type PackMeta } from '../pack.js';
import { hashedName, PROOF_SUFFIX, roleForPath } from '../publish/paths.js';
import { storedRole } from './trusted-roles.js';
import { verifyLogged, type LogCheckResult } from './verify-log.js';
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

const MAX_PROOF_BYTES = 256 * 1024;
const base = (u: string): string => u.replace(/\/+$/, '');

function tufRefused(e: unknown, what: string): never {
  if (e instanceof PackError) throw e;
  if (e instanceof TufError)
    throw new PackError(
      'tuf_refused',
      `${what}: [${e.code}] ${e.message}`,
      'the mirror or a key may be compromised; the last good pack stays',
    );
  throw e;
}

/** The trusted version of the targets role that lists `path`, from the updater's stored copy. */
function listingRole(
  metadataDir: string,
  path: string,
  sha256: string,
): { role: string; version: number } {
  const role = roleForPath(path);
  const t = storedRole(metadataDir, role);
  if (t === undefined) throw new PackError('target_missing', `no trusted ${role} metadata`);
  if (t.targets.get(path)?.hashes.sha256 !== sha256)
    throw new PackError('target_missing', `${role} v${t.version} does not list ${path}`);
  return { role, version: t.version };
}

/** Any target (a pack, a DAP task file) through TUF and the log; the caller validates its content. */
export async function fetchVerifiedTarget(input: FetchPackInput): Promise<FetchedTarget> {
  const fetcher = new HttpFetcher({ totalTimeoutMs: input.timeoutMs ?? 60_000 });
  try {
    const mirror = base(input.mirror);
    const updater = new Updater({
      metadataDir: input.metadataDir,
      metadataBaseUrl: `${mirror}/metadata/`,
      targetBaseUrl: `${mirror}/targets/`,
      targetDir: input.downloadDir,
      fetcher,
    });
    let info;
    try {
      await updater.refresh();
      info = await updater.getTargetInfo(input.targetPath);
    } catch (e) {
      tufRefused(e, 'TUF refresh refused');
    }
    if (info === undefined)
      throw new PackError('target_missing', `the repository does not list ${input.targetPath}`);
    const sha256 = info.hashes.sha256;
    if (sha256 === undefined)
      throw new PackError('target_missing', `${input.targetPath} has no sha256 hash`);
    let file: string;
    try {
      file = await updater.downloadTarget(info, join(input.downloadDir, `${sha256}.json`));
    } catch (e) {
      tufRefused(e, 'pack download refused');
    }
    const bytes = readFileSync(file);
    const { role, version } = listingRole(input.metadataDir, input.targetPath, sha256);
    const leaf: Leaf = { role, version, path: input.targetPath, sha256, length: bytes.length };
    let proof: string;
    try {
      const raw = await fetcher.fetch(
        `${mirror}/targets/${hashedName(input.targetPath, sha256)}${PROOF_SUFFIX}`,
        MAX_PROOF_BYTES,
      );
      proof = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch (e) {
      if (e instanceof DownloadError || e instanceof TypeError)
        throw new PackError(
          'proof_missing',
          `no usable tlog-proof beside the pack: ${e.message}`,
          undefined,
          { cause: e },
        );
      throw e;
    }
    const log = await verifyLogged({
      leaf,
      proof,
      trust: input.trust,
      ...(input.lastAccepted !== undefined ? { lastAccepted: input.lastAccepted } : {}),
      reader: new TileReader(`${mirror}/log`),
      gossip: input.gossip,
    });
    return { file, bytes, leaf, log };
  } finally {
    fetcher.close();
  }
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
export async function fetchVerifiedPack(input: FetchPackInput): Promise<FetchedPack> {
  const target = await fetchVerifiedTarget(input);
  // this value is attacker-controlled until the log checks pass; compiling it only validates it
  let meta: PackMeta;
  try {
    meta = compilePack(JSON.parse(new TextDecoder().decode(target.bytes)), input.targetPath).meta;
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
