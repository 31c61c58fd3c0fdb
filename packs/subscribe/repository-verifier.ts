// The one repository verifier (docs/architecture.md "Subscribe"): the TUF 1.0.34 §5 client update from the
// trusted root, every delegated targets role, and the log accepted under the rules of accept-log.ts;
// then targets, each downloaded with its length and hashes checked and proven by its tlog-proof.
// `mesh subscribe`, `mesh verify` and mirror seeding all go through it, over a directory or a URL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TileReader } from '../../log/index.js';
import { TufError, Updater, type Targets } from '../../tuf/index.js';
import { PackError } from '../errors.js';
import type { Leaf } from '../leaf.js';
import { hashedName, PROOF_SUFFIX, roleForPath } from '../publish/paths.js';
import { acceptLog, proveLeaf, type AcceptedLog } from './accept-log.js';
import type { RepoSource } from './source.js';
import { loadAllRoles } from './trusted-roles.js';
import type { GossipPolicy, LogTrust } from './trust-rules.js';

export interface RepositoryInput {
  source: RepoSource;
  /** TUF trusted metadata directory; holds root.json at least (the pinned or first root). */
  metadataDir: string;
  /** Where downloaded targets are written before they are accepted. */
  downloadDir: string;
  trust: LogTrust;
  gossip: GossipPolicy;
  /** The last signed checkpoint this node accepted, if any. */
  lastAccepted?: string;
}

export interface VerifiedTarget {
  /** The downloaded file, hashes checked. */
  file: string;
  bytes: Uint8Array;
  leaf: Leaf;
  /** this value is attacker-controlled until proven; it is proven here: the .tlog-proof text. */
  proof: string;
  index: number;
  witnesses: string[];
}

const MAX_PROOF_BYTES = 256 * 1024;

/** A TUF failure as the subscriber's coded refusal. */
export function tufRefused(e: unknown, what: string): never {
  if (e instanceof PackError) throw e;
  if (e instanceof TufError)
    throw new PackError(
      'tuf_refused',
      `${what}: [${e.code}] ${e.message}`,
      'the mirror or a key may be compromised; the last good copy stays',
      { cause: e },
    );
  throw e;
}

export class VerifiedRepository {
  private constructor(
    private readonly input: RepositoryInput,
    private readonly updater: Updater,
    private readonly reader: TileReader,
    /** Every targets role the client verified, top-level first. */
    readonly roles: ReadonlyMap<string, Targets>,
    /** The log as accepted: checkpoint, cosigners, entries, conflicts, gossip outcomes. */
    readonly log: AcceptedLog,
  ) {}

  /**
   * Refreshes TUF from `input.source`, then accepts its log. Nothing is written but the client's
   * trusted metadata (which TUF itself only ever moves forward).
   *
   * @throws {PackError} tuf_refused, mirror_unreachable, quorum_not_met, log_inconsistent,
   * gossip_failed
   * @throws {SplitViewError} split_view (carries the evidence)
   * @example
   * const repo = await VerifiedRepository.open({ source: mirrorSource(url), metadataDir,
   *   downloadDir, trust, gossip, lastAccepted });
   * const pack = await repo.target(packTargetPath('core', 'stable'));
   */
  static async open(input: RepositoryInput): Promise<VerifiedRepository> {
    const { source } = input;
    const updater = new Updater({
      metadataDir: input.metadataDir,
      metadataBaseUrl: new URL('metadata/', source.base).href,
      targetBaseUrl: new URL('targets/', source.base).href,
      targetDir: input.downloadDir,
      fetcher: source,
    });
    let roles;
    try {
      await updater.refresh();
      roles = await loadAllRoles(updater, input.metadataDir);
    } catch (e) {
      tufRefused(e, 'TUF refresh refused');
    }
    const reader = source.tiles();
    const log = await acceptLog({
      reader,
      trust: input.trust,
      gossip: input.gossip,
      ...(input.lastAccepted !== undefined ? { lastAccepted: input.lastAccepted } : {}),
    });
    return new VerifiedRepository(input, updater, reader, roles, log);
  }

  /**
   * `path` through the delegations, downloaded with its length and hashes checked, and its
   * tlog-proof proven against the accepted log.
   *
   * @throws {PackError} target_missing, tuf_refused, proof_missing, log_inclusion_failed,
   * log_inconsistent, log_conflict, quorum_not_met
   */
  async target(path: string): Promise<VerifiedTarget> {
    let info;
    try {
      info = await this.updater.getTargetInfo(path);
    } catch (e) {
      tufRefused(e, `${path}: delegation refused`);
    }
    if (info === undefined)
      throw new PackError('target_missing', `the repository does not list ${path}`);
    const sha256 = info.hashes.sha256;
    if (sha256 === undefined) throw new PackError('target_missing', `${path} has no sha256 hash`);
    let file: string;
    try {
      file = await this.updater.downloadTarget(info, join(this.input.downloadDir, sha256));
    } catch (e) {
      tufRefused(e, `${path}: download refused`);
    }
    const bytes = new Uint8Array(readFileSync(file));
    const role = roleForPath(path);
    const listed = this.roles.get(role);
    if (listed?.targets.get(path)?.hashes.sha256 !== sha256)
      throw new PackError('target_missing', `no trusted ${role} metadata lists ${path}`);
    const leaf: Leaf = { role, version: listed.version, path, sha256, length: bytes.length };
    const proof = await this.proofOf(path, sha256);
    const { index, witnesses } = await proveLeaf(
      this.log,
      this.reader,
      this.input.trust,
      leaf,
      proof,
    );
    return { file, bytes, leaf, proof, index, witnesses };
  }

  private async proofOf(path: string, sha256: string): Promise<string> {
    const name = `targets/${hashedName(path, sha256)}${PROOF_SUFFIX}`;
    let raw: Uint8Array | undefined;
    try {
      raw = await this.input.source.get(name, MAX_PROOF_BYTES);
    } catch (e) {
      throw new PackError(
        'proof_missing',
        `${path}: no usable tlog-proof: ${(e as Error).message}`,
        undefined,
        { cause: e },
      );
    }
    if (raw === undefined) throw new PackError('proof_missing', `${path}: no tlog-proof beside it`);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch (e) {
      throw new PackError('proof_missing', `${path}: the tlog-proof is not UTF-8`, undefined, {
        cause: e,
      });
    }
  }
}
