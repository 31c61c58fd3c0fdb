// The TUF 1.0.34 §5 client update workflow: refresh top-level metadata, find and download targets.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DownloadError, RepositoryError, TufError } from '../errors.js';
import { checkLengthAndHashes } from '../hashes.js';
import type { TargetFile } from '../metadata/target-file.js';
import type { Targets } from '../metadata/targets.js';
import { findTarget } from './delegation-walk.js';
import type { Fetcher } from './fetcher.js';
import { HttpFetcher } from './http-fetcher.js';
import { DEFAULT_LIMITS, type UpdaterLimits } from './limits.js';
import { MetadataStore, quoteName } from './metadata-store.js';
import { replaceFile } from './replace-file.js';
import { TrustedSet } from './trusted-set.js';

export interface UpdaterOptions {
  metadataDir: string;
  /** Base URL of the repository's metadata/ (a trailing slash is added when missing). */
  metadataBaseUrl: string;
  targetBaseUrl?: string;
  targetDir?: string;
  fetcher?: Fetcher;
  limits?: Partial<UpdaterLimits>;
  /** The clock; read once per update (§5.1). */
  now?: () => number;
}

const slash = (u: string): string => (u.endsWith('/') ? u : `${u}/`);

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((k) => b.includes(k));
}

/**
 * The TUF 1.0.34 §5 client: `refresh` updates root, timestamp, snapshot and targets from the
 * trusted root.json in `metadataDir`; `getTargetInfo` and `downloadTarget` then fetch a target
 * checked against the trusted length and hashes. A refusal leaves the stored state as it was.
 *
 * @throws {RepositoryError} signature_threshold_unmet, version_rollback, metadata_expired,
 * version_mismatch, length_mismatch, hash_mismatch, meta_missing, role_not_delegated
 * @throws {DownloadError} http_status, download_failed, download_timeout, download_too_large
 * @throws {TufError} state_missing, metadata_invalid, spec_version_unsupported
 * @example
 * const updater = new Updater({
 *   metadataDir: '/var/lib/mesh/tuf', // holds the trusted root.json
 *   metadataBaseUrl: 'https://packs.example.org/metadata/',
 *   targetBaseUrl: 'https://packs.example.org/targets/',
 *   targetDir: '/var/lib/mesh/targets',
 * });
 * await updater.refresh();
 * const info = await updater.getTargetInfo('packs/core.json');
 * if (info) await updater.downloadTarget(info); // the local path of the verified file
 */
export class Updater {
  private readonly store: MetadataStore;
  private readonly fetcher: Fetcher;
  private readonly limits: UpdaterLimits;
  private readonly metadataBaseUrl: string;
  private trusted: TrustedSet | undefined;

  constructor(private readonly opts: UpdaterOptions) {
    this.store = new MetadataStore(opts.metadataDir);
    this.fetcher = opts.fetcher ?? new HttpFetcher();
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.metadataBaseUrl = slash(opts.metadataBaseUrl);
  }

  private metadataUrl(role: string, version?: number): string {
    const name = quoteName(role);
    return `${this.metadataBaseUrl}${version === undefined ? '' : `${version}.`}${name}.json`;
  }

  /**
   * §5.1-§5.6: one full update of the top-level metadata. Runs at most once per Updater.
   *
   * @throws {TufError} state_missing (no trusted root.json), and the refusals listed on Updater
   */
  async refresh(): Promise<void> {
    // §5.1: the fixed update start time.
    const start = (this.opts.now ?? Date.now)();
    // §5.2: the trusted root from local storage.
    const rootBytes = this.store.read('root');
    if (rootBytes === undefined) {
      throw new TufError('state_missing', `no trusted root.json in ${this.opts.metadataDir}`);
    }
    const set = new TrustedSet(rootBytes, start);
    this.trusted = undefined;
    await this.flushed(async () => {
      await this.updateRoot(set);
      await this.updateTimestamp(set);
      await this.updateSnapshot(set);
      await this.updateTopLevelTargets(set);
    });
    this.trusted = set;
  }

  /** Runs `f`, then waits until everything it persisted is durable, whether it failed or not. */
  private async flushed<T>(f: () => Promise<T>): Promise<T> {
    try {
      return await f();
    } finally {
      await this.store.flush();
    }
  }

  /** §5.3: the root rotation loop, at most `maxRootRotations` steps. */
  private async updateRoot(set: TrustedSet): Promise<void> {
    const original = set.root.signed;
    const first = original.version + 1;
    for (let v = first; v < first + this.limits.maxRootRotations; v++) {
      let bytes: Uint8Array;
      try {
        // §5.3.2-§5.3.3: fetch version N+1, capped.
        bytes = await this.fetcher.fetch(this.metadataUrl('root', v), this.limits.rootMaxLength);
      } catch (e) {
        // §5.3.3: no N+1 (404/403) means the trusted root is the newest.
        if (e instanceof DownloadError && (e.status === 404 || e.status === 403)) break;
        throw e;
      }
      // §5.3.4-§5.3.8: verify, then trust and persist it.
      set.updateRoot(bytes);
      this.store.write('root', bytes);
    }
    // §5.3.10: the final root must be fresh.
    set.checkFinalRoot();
    // §5.3.11: fast-forward recovery: rotated timestamp/snapshot keys void the stored copies.
    const now = set.root.signed;
    if (
      !sameKeys(original.roles.timestamp.keyids, now.roles.timestamp.keyids) ||
      !sameKeys(original.roles.snapshot.keyids, now.roles.snapshot.keyids)
    ) {
      this.store.remove('timestamp');
      this.store.remove('snapshot');
    }
    // A new root is on disk before any file it vouches for, so after a crash every stored file
    // still verifies under the stored root chain. Rotations are rare; the wait costs nothing else.
    if (now.version !== original.version) await this.store.flush();
  }

  /** §5.4: timestamp, against our stored copy for rollback protection. */
  private async updateTimestamp(set: TrustedSet): Promise<void> {
    const local = this.store.read('timestamp');
    if (local !== undefined) tryLocal(() => set.updateTimestamp(local, true));
    // §5.4.1: download with the timestamp cap.
    const bytes = await this.fetcher.fetch(
      this.metadataUrl('timestamp'),
      this.limits.timestampMaxLength,
    );
    // §5.4.2-§5.4.4 in TrustedSet; §5.4.5: persist.
    if (set.updateTimestamp(bytes) === 'updated') this.store.write('timestamp', bytes);
  }

  /** §5.5: snapshot; our stored copy is used when it is still the one timestamp names. */
  private async updateSnapshot(set: TrustedSet): Promise<void> {
    const local = this.store.read('snapshot');
    if (local !== undefined && tryLocal(() => set.updateSnapshot(local, true))) return;
    const meta = set.timestamp?.signed.snapshotMeta;
    if (meta === undefined) throw new TufError('state_missing', 'timestamp missing');
    // §5.5.1: versioned name under consistent snapshots, length from timestamp or the cap.
    const version = set.root.signed.consistentSnapshot ? meta.version : undefined;
    const bytes = await this.fetcher.fetch(
      this.metadataUrl('snapshot', version),
      meta.length ?? this.limits.snapshotMaxLength,
    );
    set.updateSnapshot(bytes);
    // §5.5.7: persist.
    this.store.write('snapshot', bytes);
  }

  private async updateTopLevelTargets(set: TrustedSet): Promise<void> {
    await this.loadTargets(set, 'targets', 'root');
  }

  /** §5.6.1: versioned name under consistent snapshots, length from snapshot or the cap. */
  private targetsUrl(
    set: TrustedSet,
    role: string,
  ): { url: string; maxLength: number } | undefined {
    const meta = set.snapshot?.signed.meta.get(`${role}.json`);
    if (meta === undefined) return undefined;
    const version = set.root.signed.consistentSnapshot ? meta.version : undefined;
    return {
      url: this.metadataUrl(role, version),
      maxLength: meta.length ?? this.limits.targetsMaxLength,
    };
  }

  /** §5.6 (and §5.6.7.2 for delegated roles): stored copy if current, else download. */
  async loadTargets(set: TrustedSet, role: string, delegator: string): Promise<Targets> {
    const have = set.loadedTargets(role, delegator);
    if (have !== undefined) return have;
    const local = this.store.read(role);
    if (local !== undefined) {
      let ok: Targets | undefined;
      tryLocal(() => (ok = set.updateTargets(local, role, delegator)));
      if (ok !== undefined) return ok;
    }
    const at = this.targetsUrl(set, role);
    if (at === undefined)
      throw new RepositoryError('meta_missing', `snapshot does not list ${role}.json`);
    const bytes = await this.fetcher.fetch(at.url, at.maxLength);
    const signed = set.updateTargets(bytes, role, delegator);
    // §5.6.6: persist (a cache: the snapshot vouches for every later load of it).
    this.store.writeCache(role, bytes);
    return signed;
  }

  private async ready(): Promise<TrustedSet> {
    if (this.trusted === undefined) await this.refresh();
    if (this.trusted === undefined) throw new TufError('state_missing', 'refresh did not complete');
    return this.trusted;
  }

  /** §5.7.1-§5.7.2: the trusted TARGETS entry for `path`, via the pre-order delegation search. */
  async getTargetInfo(path: string): Promise<TargetFile | undefined> {
    const set = await this.ready();
    return this.flushed(() =>
      findTarget(path, this.limits.maxDelegations, (role, delegator) =>
        this.loadTargets(set, role, delegator),
      ),
    );
  }

  private targetPath(info: TargetFile): string {
    if (this.opts.targetDir === undefined)
      throw new TufError('state_missing', 'no target directory given');
    return join(this.opts.targetDir, quoteName(info.path));
  }

  /** The artifact cache: a local file whose length and hashes match is used as is. */
  findCachedTarget(info: TargetFile, filePath = this.targetPath(info)): string | undefined {
    if (!existsSync(filePath)) return undefined;
    try {
      checkLengthAndHashes(info.path, readFileSync(filePath), info.length, info.hashes);
      return filePath;
    } catch (e) {
      if (e instanceof TufError) return undefined;
      throw e;
    }
  }

  /**
   * §5.7.3: download, capped at the trusted length, checked against every trusted hash, then stored
   * whole (temp file, rename) but not synced: like targets metadata it is a cache that is checked
   * against its trusted length and hashes wherever it is read (findCachedTarget), so a copy torn by a
   * power loss is fetched again, never served.
   */
  async downloadTarget(
    info: TargetFile,
    filePath = this.targetPath(info),
    baseUrl = this.opts.targetBaseUrl,
  ): Promise<string> {
    if (baseUrl === undefined) throw new TufError('state_missing', 'no target base URL given');
    const set = await this.ready();
    let name = info.path;
    if (set.root.signed.consistentSnapshot) {
      const first = Object.values(info.hashes)[0] ?? '';
      const cut = name.lastIndexOf('/');
      name = `${name.slice(0, cut + 1)}${first}.${name.slice(cut + 1)}`;
    }
    const bytes = await this.fetcher.fetch(`${slash(baseUrl)}${name}`, info.length);
    checkLengthAndHashes(info.path, bytes, info.length, info.hashes);
    mkdirSync(dirname(filePath), { recursive: true });
    replaceFile(filePath, bytes);
    return filePath;
  }
}

/** Runs a load of our own stored copy; a refusal only means it is not usable as final. */
function tryLocal(f: () => unknown): boolean {
  try {
    f();
    return true;
  } catch (e) {
    if (e instanceof TufError) return false;
    throw e;
  }
}
