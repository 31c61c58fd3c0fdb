// The trusted metadata of one update (TUF 1.0.34 §5.2-§5.6): every check of a new file, in the spec's
// order, before it replaces the trusted one. A refusal leaves the trusted set as it was.
import { bytesEqual } from '../../common/index.js';
import { signedMessage, verifyThreshold, type SignedMessage } from '../crypto/verify-threshold.js';
import { RepositoryError, TufError } from '../errors.js';
import { checkLengthAndHashes } from '../hashes.js';
import { parseEnvelopeBytes, type Envelope } from '../metadata/envelope.js';
import type { Key } from '../metadata/key.js';
import { parseRoot, type Root } from '../metadata/root.js';
import { isExpired } from '../metadata/signed-common.js';
import { parseSnapshot, type Snapshot } from '../metadata/snapshot.js';
import { parseTargets, type Targets } from '../metadata/targets.js';
import { parseTimestamp, type Timestamp } from '../metadata/timestamp.js';
import type { Role } from '../metadata/role.js';

export interface Trusted<T> {
  signed: T;
  /** Exactly the bytes received: what gets persisted. */
  bytes: Uint8Array;
}

interface TrustedTargets extends Trusted<Targets> {
  /** Its signatures and the bytes they cover, for a check against another delegator's keys. */
  signatures: SignedMessage;
  delegator: string;
}

/** Parses a document and encodes what its signatures cover, once for every check of it. */
function load<T>(bytes: Uint8Array, parse: (e: Envelope) => T): { env: SignedMessage; signed: T } {
  const env = parseEnvelopeBytes(bytes);
  return { env: signedMessage(env), signed: parse(env) };
}

export type TimestampOutcome = 'updated' | 'unchanged';

export class TrustedSet {
  root: Trusted<Root>;
  timestamp?: Trusted<Timestamp>;
  snapshot?: Trusted<Snapshot>;
  readonly targets = new Map<string, TrustedTargets>();

  /** §5.1: `referenceTime` is fixed once, at the start of the update. */
  constructor(
    rootBytes: Uint8Array,
    readonly referenceTime: number,
  ) {
    // §5.2: load the trusted root; it is verified by itself only.
    const { env, signed } = load(rootBytes, (e) => parseRoot(e.signed));
    verifyThreshold('root', signed.roles.root, signed.keys, env);
    this.root = { signed, bytes: rootBytes };
  }

  /** §5.3.4-§5.3.8: one step of the root rotation loop (expired intermediate roots are fine). */
  updateRoot(bytes: Uint8Array): Root {
    if (this.timestamp !== undefined)
      throw new TufError('update_out_of_order', 'root cannot change after timestamp');
    const trusted = this.root.signed;
    const { env, signed } = load(bytes, (e) => parseRoot(e.signed));
    // §5.3.4: signed by a threshold of the trusted root's root keys and of the new root's own.
    verifyThreshold('root (by trusted root)', trusted.roles.root, trusted.keys, env);
    verifyThreshold('root (by itself)', signed.roles.root, signed.keys, env);
    // §5.3.5: exactly the next version.
    if (signed.version !== trusted.version + 1) {
      throw new RepositoryError(
        'version_mismatch',
        `root version ${signed.version}, expected ${trusted.version + 1}`,
      );
    }
    this.root = { signed, bytes };
    return signed;
  }

  /** §5.3.10: the final root must not be expired (freeze attack). */
  checkFinalRoot(): void {
    if (isExpired(this.root.signed, this.referenceTime)) {
      throw new RepositoryError('metadata_expired', 'root is expired');
    }
  }

  private verifyTopLevel(name: 'timestamp' | 'snapshot' | 'targets', env: SignedMessage): void {
    const root = this.root.signed;
    verifyThreshold(name, root.roles[name], root.keys, env);
  }

  /**
   * §5.4.2-§5.4.4. `local` marks our own earlier-trusted copy: it is kept as the rollback reference
   * even when expired, while a downloaded one must pass every check before it is kept.
   */
  updateTimestamp(bytes: Uint8Array, local = false): TimestampOutcome {
    if (this.snapshot !== undefined)
      throw new TufError('update_out_of_order', 'timestamp cannot change after snapshot');
    this.checkFinalRoot();
    // §5.4.3.1: the very bytes of the trusted timestamp are its version again, whose signatures were
    // checked under this same root: unchanged, as the checks below would find.
    if (this.timestamp !== undefined && bytesEqual(bytes, this.timestamp.bytes)) return 'unchanged';
    const { env, signed } = load(bytes, (e) => parseTimestamp(e.signed));
    // §5.4.2: signatures by the root's timestamp keys.
    this.verifyTopLevel('timestamp', env);
    const old = this.timestamp?.signed;
    if (old !== undefined) {
      // §5.4.3.1: no older timestamp than the trusted one; an equal one changes nothing.
      if (signed.version < old.version) {
        throw new RepositoryError(
          'version_rollback',
          `timestamp ${signed.version} < trusted ${old.version}`,
        );
      }
      if (signed.version === old.version) return 'unchanged';
      // §5.4.3.2: nor an older snapshot than the trusted timestamp named.
      if (signed.snapshotMeta.version < old.snapshotMeta.version) {
        throw new RepositoryError(
          'version_rollback',
          `snapshot ${signed.snapshotMeta.version} < trusted ${old.snapshotMeta.version}`,
        );
      }
    }
    // §5.4.4: freeze attack.
    const expired = isExpired(signed, this.referenceTime);
    if (expired && !local) throw new RepositoryError('metadata_expired', 'timestamp is expired');
    this.timestamp = { signed, bytes };
    if (expired) throw new RepositoryError('metadata_expired', 'trusted timestamp is expired');
    return 'updated';
  }

  private requireTimestamp(): Timestamp {
    const ts = this.timestamp?.signed;
    if (ts === undefined)
      throw new TufError('update_out_of_order', 'snapshot needs a timestamp first');
    if (isExpired(ts, this.referenceTime)) {
      throw new RepositoryError('metadata_expired', 'timestamp is expired');
    }
    return ts;
  }

  /** §5.5.2-§5.5.6, hashes before signatures; `local` as for updateTimestamp. */
  updateSnapshot(bytes: Uint8Array, local = false): Snapshot {
    if (this.targets.size > 0)
      throw new TufError('update_out_of_order', 'snapshot cannot change after targets');
    const meta = this.requireTimestamp().snapshotMeta;
    // §5.5.2: our own stored copy was hash-checked when it arrived; a new one is checked now.
    if (!local) checkLengthAndHashes('snapshot', bytes, meta.length, meta.hashes);
    const { env, signed } = load(bytes, (e) => parseSnapshot(e.signed));
    // §5.5.3: signatures by the root's snapshot keys.
    this.verifyTopLevel('snapshot', env);
    // §5.5.4: the version the timestamp names.
    const versionOk = signed.version === meta.version;
    if (!versionOk && !local) {
      throw new RepositoryError(
        'version_mismatch',
        `snapshot ${signed.version}, timestamp says ${meta.version}`,
      );
    }
    // §5.5.5: no targets role rolls back or disappears.
    const old = this.snapshot?.signed;
    if (old !== undefined) {
      for (const [name, m] of old.meta) {
        const next = signed.meta.get(name);
        if (next === undefined)
          throw new RepositoryError('meta_missing', `new snapshot drops ${name}`);
        if (next.version < m.version) {
          throw new RepositoryError(
            'version_rollback',
            `${name} ${next.version} < trusted ${m.version}`,
          );
        }
      }
    }
    // §5.5.6: freeze attack.
    const expired = isExpired(signed, this.referenceTime);
    if (expired && !local) throw new RepositoryError('metadata_expired', 'snapshot is expired');
    this.snapshot = { signed, bytes };
    if (!versionOk)
      throw new RepositoryError('version_mismatch', 'stored snapshot is not the current one');
    if (expired) throw new RepositoryError('metadata_expired', 'stored snapshot is expired');
    return signed;
  }

  private finalSnapshot(): Snapshot {
    const ts = this.requireTimestamp();
    const snap = this.snapshot?.signed;
    if (snap === undefined)
      throw new TufError('update_out_of_order', 'targets need a snapshot first');
    if (isExpired(snap, this.referenceTime))
      throw new RepositoryError('metadata_expired', 'snapshot is expired');
    if (snap.version !== ts.snapshotMeta.version) {
      throw new RepositoryError('version_mismatch', 'snapshot is not the one timestamp names');
    }
    return snap;
  }

  /** The keys and role that `delegator` gives `roleName`. */
  private delegation(
    roleName: string,
    delegator: string,
  ): { role: Role; keys: ReadonlyMap<string, Key> } {
    if (delegator === 'root')
      return { role: this.root.signed.roles.targets, keys: this.root.signed.keys };
    const parent = this.targets.get(delegator)?.signed.delegations;
    const role = parent?.roles.find((r) => r.name === roleName);
    if (parent === undefined || role === undefined) {
      throw new RepositoryError(
        'role_not_delegated',
        `${delegator} does not delegate to ${roleName}`,
      );
    }
    return { role, keys: parent.keys };
  }

  /** §5.6.2-§5.6.5 for top-level targets, and the same for a delegated role (§5.6.7.2). */
  updateTargets(bytes: Uint8Array, roleName: string, delegator: string): Targets {
    const snapshot = this.finalSnapshot();
    const meta = snapshot.meta.get(`${roleName}.json`);
    if (meta === undefined)
      throw new RepositoryError('meta_missing', `snapshot does not list ${roleName}.json`);
    // §5.6.2: hashes (and length) before signatures.
    checkLengthAndHashes(roleName, bytes, meta.length, meta.hashes);
    const { env, signed } = load(bytes, (e) => parseTargets(e.signed));
    // §5.6.3: signatures by the delegator's keys for this role.
    const { role, keys } = this.delegation(roleName, delegator);
    verifyThreshold(roleName, role, keys, env);
    // §5.6.4: the version snapshot names.
    if (signed.version !== meta.version) {
      throw new RepositoryError(
        'version_mismatch',
        `${roleName} ${signed.version}, snapshot says ${meta.version}`,
      );
    }
    // §5.6.5: freeze attack.
    if (isExpired(signed, this.referenceTime))
      throw new RepositoryError('metadata_expired', `${roleName} is expired`);
    this.targets.set(roleName, { signed, bytes, signatures: env, delegator });
    return signed;
  }

  /**
   * A role already loaded in this update, reached again through another delegator: it must also
   * satisfy that delegator's keys and threshold (§5.6.7.2), or this path does not trust it.
   */
  loadedTargets(roleName: string, delegator: string): Targets | undefined {
    const have = this.targets.get(roleName);
    if (have === undefined) return undefined;
    if (have.delegator !== delegator) {
      const { role, keys } = this.delegation(roleName, delegator);
      verifyThreshold(roleName, role, keys, have.signatures);
    }
    return have.signed;
  }
}
