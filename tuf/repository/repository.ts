// Repository operations (TUF 1.0.34 §4, §6.1): init, targets, delegations, version bumps, expiry,
// consistent snapshots, and the static directory layout of docs/architecture.md.
import { verifyThreshold } from '../crypto/verify-threshold.js';
import type { Signer } from '../crypto/ed25519-signer.js';
import { formatExpires } from '../dates.js';
import { TufError } from '../errors.js';
import { digestHex } from '../hashes.js';
import type { JsonObject } from '../json.js';
import { envelopeFileBytes, type Envelope } from '../metadata/envelope.js';
import { keyIdOf, type Key } from '../metadata/key.js';
import type { DelegatedRole, Role } from '../metadata/role.js';
import { parseRoot, rootToJson, type Root, type TopLevelRole } from '../metadata/root.js';
import type { SignedCommon } from '../metadata/signed-common.js';
import { snapshotToJson, type Snapshot } from '../metadata/snapshot.js';
import { parseTargets, targetsToJson, type Targets } from '../metadata/targets.js';
import { timestampToJson, type Timestamp } from '../metadata/timestamp.js';
import { SPEC_VERSION } from '../version.js';
import { DEFAULT_EXPIRY, expiryFor, type ExpiryPolicy } from './expiry-policy.js';
import { signEnvelope } from './sign-envelope.js';
import { targetEntry, targetFileName } from './target-entry.js';

export interface RoleKeys {
  keys: Key[];
  threshold: number;
}

export interface RepositoryInit {
  roles: Record<TopLevelRole, RoleKeys>;
  consistentSnapshot?: boolean;
  expiry?: ExpiryPolicy;
  now?: number;
}

export interface Delegation extends RoleKeys {
  name: string;
  terminating?: boolean;
  paths?: string[];
  pathHashPrefixes?: string[];
}

/** One file the repository wants written, relative to the repository directory. */
export interface RepoFile {
  path: string;
  bytes: Uint8Array;
}

const ROLE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function common<T extends SignedCommon['type']>(
  type: T,
  now: number,
  ttl: number,
): SignedCommon & { type: T } {
  return {
    type,
    specVersion: SPEC_VERSION,
    version: 1,
    expires: formatExpires(now + ttl),
    expiresMs: now + ttl,
  };
}

function role(r: RoleKeys): Role {
  return { keyids: r.keys.map(keyIdOf), threshold: r.threshold, unrecognized: {} };
}

/** The repository in memory: edits mark roles dirty; `publish` bumps, signs and lays out files. */
export class Repository {
  readonly expiry: ExpiryPolicy;
  private readonly dirty = new Set<string>();
  /** Roles signed or installed since the last publish: their files are written next. */
  private readonly fresh = new Set<string>();
  private readonly pendingTargets = new Map<string, Uint8Array>();
  /** The envelope last written per role: a role already written gets version+1 when edited. */
  readonly envelopes = new Map<string, Envelope>();

  constructor(
    public root: Root,
    public timestamp: Timestamp,
    public snapshot: Snapshot,
    readonly targets: Map<string, Targets>,
    expiry: ExpiryPolicy = DEFAULT_EXPIRY,
  ) {
    this.expiry = expiry;
  }

  static create(init: RepositoryInit): Repository {
    const now = init.now ?? Date.now();
    const expiry = init.expiry ?? DEFAULT_EXPIRY;
    const keys = new Map<string, Key>();
    for (const r of Object.values(init.roles)) for (const k of r.keys) keys.set(keyIdOf(k), k);
    const root: Root = {
      ...common('root', now, expiryFor(expiry, 'root')),
      consistentSnapshot: init.consistentSnapshot ?? true,
      keys,
      roles: {
        root: role(init.roles.root),
        timestamp: role(init.roles.timestamp),
        snapshot: role(init.roles.snapshot),
        targets: role(init.roles.targets),
      },
      unrecognized: {},
    };
    const targets: Targets = {
      ...common('targets', now, expiryFor(expiry, 'targets')),
      targets: new Map(),
      unrecognized: {},
    };
    const snapshot: Snapshot = {
      ...common('snapshot', now, expiryFor(expiry, 'snapshot')),
      meta: new Map(),
      unrecognized: {},
    };
    const timestamp: Timestamp = {
      ...common('timestamp', now, expiryFor(expiry, 'timestamp')),
      snapshotMeta: { version: 1, unrecognized: {} },
      unrecognized: {},
    };
    const repo = new Repository(root, timestamp, snapshot, new Map([['targets', targets]]), expiry);
    repo.dirty.add('root').add('targets');
    return repo;
  }

  get consistent(): boolean {
    return this.root.consistentSnapshot;
  }

  targetsRole(name: string): Targets {
    const t = this.targets.get(name);
    if (t === undefined) throw new TufError('repository_invalid', `no targets role ${name}`);
    return t;
  }

  markDirty(name: string): void {
    if (name !== 'root' && !this.targets.has(name))
      throw new TufError('repository_invalid', `no role ${name}`);
    this.dirty.add(name);
  }

  addTarget(roleName: string, path: string, data: Uint8Array, custom?: JsonObject): void {
    const entry = targetEntry(path, data, custom);
    this.targetsRole(roleName).targets.set(path, entry);
    this.pendingTargets.set(`targets/${targetFileName(entry, this.consistent)}`, data);
    this.dirty.add(roleName);
  }

  removeTarget(roleName: string, path: string): boolean {
    const removed = this.targetsRole(roleName).targets.delete(path);
    if (removed) this.dirty.add(roleName);
    return removed;
  }

  /** §4.5: appends a delegation (order is priority) from `from` and creates the role, empty. */
  delegate(from: string, d: Delegation, now = Date.now()): void {
    if (!ROLE_NAME.test(d.name) || d.name === 'root' || this.targets.has(d.name)) {
      throw new TufError('repository_invalid', `cannot delegate to ${d.name}`);
    }
    if ((d.paths === undefined) === (d.pathHashPrefixes === undefined)) {
      throw new TufError(
        'repository_invalid',
        'a delegation needs exactly one of paths and pathHashPrefixes',
      );
    }
    const parent = this.targetsRole(from);
    parent.delegations ??= { keys: new Map(), roles: [], unrecognized: {} };
    for (const k of d.keys) parent.delegations.keys.set(keyIdOf(k), k);
    const dr: DelegatedRole = { ...role(d), name: d.name, terminating: d.terminating ?? false };
    if (d.paths !== undefined) dr.paths = d.paths;
    if (d.pathHashPrefixes !== undefined) dr.pathHashPrefixes = d.pathHashPrefixes;
    parent.delegations.roles.push(dr);
    this.targets.set(d.name, {
      ...common('targets', now, expiryFor(this.expiry, d.name)),
      targets: new Map(),
      unrecognized: {},
    });
    this.dirty.add(from).add(d.name);
  }

  /** The keys and role that authorise `name`: root's for top-level roles, else its delegator's. */
  authority(name: string): { role: Role; keys: ReadonlyMap<string, Key> } {
    if (name === 'root' || name === 'timestamp' || name === 'snapshot' || name === 'targets') {
      return { role: this.root.roles[name], keys: this.root.keys };
    }
    for (const t of this.targets.values()) {
      const r = t.delegations?.roles.find((x) => x.name === name);
      if (r !== undefined && t.delegations !== undefined)
        return { role: r, keys: t.delegations.keys };
    }
    throw new TufError('repository_invalid', `no role delegates ${name}`);
  }

  /** §6.1 step 1: the next version of `name`, with a fresh expiry; its JSON is what gets signed. */
  nextSigned(name: string, now = Date.now()): JsonObject {
    const s = this.signedObject(name);
    if (this.envelopes.has(name)) s.version = this.versionOf(name) + 1;
    s.expiresMs = now + expiryFor(this.expiry, name);
    s.expires = formatExpires(s.expiresMs);
    return this.toJson(name);
  }

  private signedObject(name: string): SignedCommon {
    if (name === 'root') return this.root;
    if (name === 'timestamp') return this.timestamp;
    if (name === 'snapshot') return this.snapshot;
    return this.targetsRole(name);
  }

  versionOf(name: string): number {
    return this.signedObject(name).version;
  }

  private toJson(name: string): JsonObject {
    if (name === 'root') return rootToJson(this.root);
    if (name === 'timestamp') return timestampToJson(this.timestamp);
    if (name === 'snapshot') return snapshotToJson(this.snapshot);
    return targetsToJson(this.targetsRole(name));
  }

  /**
   * Installs a signed envelope for `name` (ours, or one assembled in a ceremony), refusing one that
   * misses its threshold(s); the next `publish` writes it.
   */
  install(name: string, env: Envelope, previousRoot?: Root): void {
    if (name === 'root') {
      const next = parseRoot(env.signed);
      if (previousRoot !== undefined) {
        verifyThreshold('root (by previous root)', previousRoot.roles.root, previousRoot.keys, env);
      }
      verifyThreshold('root', next.roles.root, next.keys, env);
      this.root = next;
    } else if (name === 'timestamp' || name === 'snapshot') {
      const { role: r, keys } = this.authority(name);
      verifyThreshold(name, r, keys, env);
    } else {
      const { role: r, keys } = this.authority(name);
      verifyThreshold(name, r, keys, env);
      this.targets.set(name, parseTargets(env.signed));
    }
    this.envelopes.set(name, env);
    this.dirty.delete(name);
    this.fresh.add(name);
  }

  private signRole(name: string, signers: readonly Signer[], now: number): void {
    const last = name === 'root' ? this.envelopes.get('root') : undefined;
    const previousRoot = last === undefined ? undefined : parseRoot(last.signed);
    const signed = this.nextSigned(name, now);
    this.install(name, signEnvelope(signed, signers), previousRoot);
  }

  /**
   * Signs every edited role with `signers` (by role name), then a new snapshot and timestamp, and
   * returns the files to write. Offline roles edited through a ceremony are installed first.
   *
   * @throws {RepositoryError} signature_threshold_unmet (the signers do not meet a role's
   * threshold)
   * @throws {TufError} repository_invalid, canonical_json_invalid
   * @example
   * const signer = ed25519Signer(newEd25519Secret());
   * const one = { keys: [signer.key], threshold: 1 };
   * const roles = { root: one, timestamp: one, snapshot: one, targets: one };
   * const repo = Repository.create({ roles });
   * repo.addTarget('targets', 'packs/core.json', packBytes);
   * const s = [signer];
   * writeRepository(dir, repo.publish({ root: s, timestamp: s, snapshot: s, targets: s }));
   */
  publish(signers: Readonly<Record<string, readonly Signer[]>>, now = Date.now()): RepoFile[] {
    const files: RepoFile[] = [];
    const order = [...this.dirty].sort((a, b) => (a === 'root' ? -1 : b === 'root' ? 1 : 0));
    for (const name of order) this.signRole(name, signers[name] ?? [], now);
    for (const name of this.fresh) files.push(this.metadataFile(name));
    this.fresh.clear();
    for (const [name, t] of this.targets) {
      const prev = this.snapshot.meta.get(`${name}.json`);
      if (prev?.version !== t.version)
        this.snapshot.meta.set(`${name}.json`, { version: t.version, unrecognized: {} });
    }
    files.push(...this.signOnline(signers, now, true));
    for (const [path, bytes] of this.pendingTargets) files.push({ path, bytes });
    this.pendingTargets.clear();
    if (this.metadataFile('root').path !== 'metadata/root.json') {
      files.push({ path: 'metadata/root.json', bytes: this.metadataFile('root').bytes });
    }
    return files;
  }

  /** A new snapshot (when asked) and a new timestamp over it, signed by the online keys. */
  private signOnline(
    signers: Readonly<Record<string, readonly Signer[]>>,
    now: number,
    withSnapshot: boolean,
  ): RepoFile[] {
    const files: RepoFile[] = [];
    if (withSnapshot) {
      this.signRole('snapshot', signers.snapshot ?? [], now);
      this.fresh.clear();
      files.push(this.metadataFile('snapshot'));
    }
    const snap = this.metadataFile('snapshot');
    this.timestamp.snapshotMeta = {
      version: this.snapshot.version,
      length: snap.bytes.length,
      hashes: { sha256: digestHex('sha256', snap.bytes) },
      unrecognized: {},
    };
    this.signRole('timestamp', signers.timestamp ?? [], now);
    this.fresh.clear();
    files.push(this.metadataFile('timestamp'));
    return files;
  }

  /**
   * Re-signs timestamp, and snapshot when `withSnapshot`, with nothing else changed (TUF 1.0.34
   * §6.1 steps 2-3): how an online process keeps a repository without publishes from expiring.
   * Refuses while another role has unsigned edits, so a refresh never publishes half a change.
   *
   * @throws TufError repository_invalid
   */
  refresh(
    signers: Readonly<Record<string, readonly Signer[]>>,
    now = Date.now(),
    withSnapshot = false,
  ): RepoFile[] {
    if (this.dirty.size > 0 || this.pendingTargets.size > 0)
      throw new TufError('repository_invalid', 'a refresh cannot carry unpublished edits');
    return this.signOnline(signers, now, withSnapshot);
  }

  /** When `name`'s current metadata expires, in milliseconds since the epoch. */
  expiresAt(name: string): number {
    return this.signedObject(name).expiresMs;
  }

  /** docs/architecture.md layout: metadata/N.root.json, timestamp.json, V.<role>.json under consistent snapshots. */
  metadataFile(name: string): RepoFile {
    const env = this.envelopes.get(name);
    if (env === undefined) throw new TufError('repository_invalid', `${name} is not signed yet`);
    const versioned = name === 'root' || (name !== 'timestamp' && this.consistent);
    const file = versioned ? `${this.versionOf(name)}.${name}.json` : `${name}.json`;
    return { path: `metadata/${file}`, bytes: envelopeFileBytes(env) };
  }
}
