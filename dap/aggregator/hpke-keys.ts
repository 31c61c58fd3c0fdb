// DAP-18 §4.4.1 aggregator HPKE configurations with a pending -> active -> expired lifecycle.
// Only active keys are advertised. Pending keys decrypt (a config may be handed out before it is
// advertised); an expired key no longer does, so a report sealed to it is answered with
// outdated_config and the client refetches hpke_config. The Leader still decrypts the reports it
// accepted before the expiry (`decryptExpired`): an accepted report is never lost. Rotation: add, activate the new key while
// the old one stays active (clients holding a cached config keep working), then expire the old one.
// Each change is one synced single-key write, then the in-memory set is replaced by a new immutable
// snapshot, so a running server's readers see the old set or the new one, never a mix. On a store
// shared by a fleet the keys are shared state: a change runs as one store transaction over the keys
// re-read inside it, and every process re-reads them periodically (`startRefresh`) and at once when
// a config id it does not know arrives (`ensureKnown`), so a rotation needs no restart.
import { randomInt } from 'node:crypto';
import { DapError, KeyAdminError } from '../errors.js';
import { b64url, fromB64url } from '../encoding.js';
import type { Hpke } from '../hpke/index.js';
import { AEAD_AES_128_GCM, KDF_HKDF_SHA256, KEM_DHKEM_X25519_HKDF_SHA256 } from '../hpke/index.js';
import type { HpkeConfig } from '../messages/index.js';
import { jsonValue, parseJson, type KvStore } from '../storage/kv.js';
import { Mutex } from '../storage/mutex.js';

export type KeyState = 'pending' | 'active' | 'expired';

/** Schema 1 added `schema` and `changed`; a record without them is schema 0 (created = changed). */
const KEY_SCHEMA = 1;

interface StoredKey {
  schema?: number;
  id: number;
  state: KeyState;
  publicKey: string;
  privateKey: string;
  created: number;
  /** When the key entered its state; the newest activated key is advertised first. */
  changed?: number;
}

export interface HpkeKey {
  readonly config: HpkeConfig;
  readonly privateKey: Uint8Array;
  readonly state: KeyState;
}

interface Entry {
  key: HpkeKey;
  stored: StoredKey;
}

interface Snapshot {
  entries: ReadonlyMap<number, Entry>;
  active: HpkeConfig[];
}

const PREFIX = 'hpke/';
const keyOf = (id: number) => `${PREFIX}${String(id).padStart(3, '0')}`;
const ORDER: KeyState[] = ['pending', 'active', 'expired'];

function snapshotOf(entries: ReadonlyMap<number, Entry>): Snapshot {
  const since = (e: Entry) => e.stored.changed ?? e.stored.created;
  const active = [...entries.values()]
    .filter((e) => e.key.state === 'active')
    .sort((a, b) => since(b) - since(a) || b.key.config.id - a.key.config.id)
    .map((e) => e.key.config);
  return { entries, active };
}

function entryOf(s: StoredKey): Entry {
  return {
    stored: s,
    key: {
      state: s.state,
      privateKey: fromB64url(s.privateKey),
      config: {
        id: s.id,
        kemId: KEM_DHKEM_X25519_HKDF_SHA256,
        kdfId: KDF_HKDF_SHA256,
        aeadId: AEAD_AES_128_GCM,
        publicKey: fromB64url(s.publicKey),
      },
    },
  };
}

const refused = (message: string, hint?: string) =>
  new KeyAdminError('key_rotation_refused', message, hint);

export class HpkeKeyring {
  private snap: Snapshot = snapshotOf(new Map());
  /** Read-check-write sequences of rotations (e.g. "not the last active key") never interleave. */
  private readonly mutex = new Mutex();
  private loaded = false;
  private reading: Promise<void> | undefined;

  private constructor(
    private readonly store: KvStore,
    private readonly hpke: Hpke,
    private readonly decryptExpired: boolean,
  ) {}

  /**
   * Loads the keys; creates one active key when none is, so a fresh server can serve. The Leader
   * sets `decryptExpired`: its uploads check `accepts`, so only reports it accepted reach `get`.
   */
  static async open(
    store: KvStore,
    hpke: Hpke,
    opts: { decryptExpired?: boolean } = {},
  ): Promise<HpkeKeyring> {
    const ring = new HpkeKeyring(store, hpke, opts.decryptExpired === true);
    // Processes of a fleet starting together create one first key, not one each.
    await ring.serial(async () => {
      if (ring.active().length === 0) await ring.addKey('active');
    });
    return ring;
  }

  /** Re-reads every key from the store (inside a transaction: that transaction's view). */
  private async load(): Promise<void> {
    const entries = new Map<number, Entry>();
    for await (const [k, v] of this.store.scan(PREFIX)) {
      const s = parseJson<StoredKey>(v);
      if ((s.schema ?? 0) > KEY_SCHEMA)
        throw new DapError('storage_failed', `HPKE key record ${k} has a newer schema`);
      entries.set(s.id, entryOf(s));
    }
    this.snap = snapshotOf(entries);
  }

  /** A read-check-write on the keys: across the fleet on a shared store, in process otherwise. */
  private serial<T>(f: () => Promise<T>): Promise<T> {
    if (!this.store.shared)
      return this.mutex.run(async () => {
        if (!this.loaded) await this.load();
        this.loaded = true;
        return f();
      });
    return this.store.exclusive(async () => {
      await this.load();
      return f();
    });
  }

  /**
   * Re-reads the keys other processes of a fleet may have changed; no-op on a store of one process.
   * Concurrent callers share one read.
   *
   * @throws {DapError} storage_unavailable, storage_failed
   */
  async refresh(): Promise<void> {
    if (!this.store.shared) return;
    this.reading ??= this.load().finally(() => {
      this.reading = undefined;
    });
    await this.reading;
  }

  /** Before a config id is judged unknown: one fresh read (a key another process just added). */
  async ensureKnown(ids: Iterable<number>): Promise<void> {
    if (!this.store.shared) return;
    for (const id of ids)
      if (!this.snap.entries.has(id)) {
        // A read already under way may have started before that key was written.
        await this.reading;
        await this.refresh();
        return;
      }
  }

  /**
   * Refreshes every `everyMs` on a shared store (advertised configs and expiries follow other
   * processes' rotations within that time); returns the stop function.
   */
  startRefresh(everyMs: number, onError: (e: unknown) => void): () => void {
    if (!this.store.shared) return () => undefined;
    const timer = setInterval(() => {
      this.refresh().catch(onError);
    }, everyMs);
    timer.unref();
    return () => {
      clearInterval(timer);
    };
  }

  /** Configs to advertise at hpke_config, the most recently activated first. */
  active(): HpkeConfig[] {
    return this.snap.active;
  }

  /** Whether a new report sealed to this config_id is taken: pending or active keys. */
  accepts(id: number): boolean {
    const state = this.snap.entries.get(id)?.key.state;
    return state === 'pending' || state === 'active';
  }

  /** The key that decrypts for a config_id; undefined if unknown, or expired unless decryptExpired. */
  get(id: number): HpkeKey | undefined {
    const k = this.snap.entries.get(id)?.key;
    return k?.state === 'expired' && !this.decryptExpired ? undefined : k;
  }

  /** Every key still stored, in any state (for the operator), in config id order. */
  all(): HpkeKey[] {
    return [...this.snap.entries.values()]
      .map((e) => e.key)
      .sort((a, b) => a.config.id - b.config.id);
  }

  list(): { id: number; state: KeyState }[] {
    return this.all().map((k) => ({ id: k.config.id, state: k.state }));
  }

  addPending(): Promise<number> {
    return this.serial(() => this.addKey('pending'));
  }

  setState(id: number, state: KeyState): Promise<void> {
    return this.serial(async () => {
      const e = this.snap.entries.get(id);
      if (!e)
        throw refused(`no HPKE key with config id ${id}`, 'see `mesh dap keys list` for the ids');
      const from = e.key.state;
      if (ORDER.indexOf(state) < ORDER.indexOf(from))
        throw refused(`HPKE key ${id} cannot go from ${from} to ${state}`);
      if (state === from) return;
      if (state === 'expired' && from === 'active' && this.active().length === 1)
        throw refused(
          `HPKE key ${id} is the only active key`,
          'add and activate another key first, then expire this one',
        );
      await this.commit({ ...e.stored, schema: KEY_SCHEMA, state, changed: Date.now() });
    });
  }

  delete(id: number): Promise<void> {
    return this.serial(async () => {
      if (this.snap.entries.get(id)?.key.state !== 'expired')
        throw refused('only an expired key is deleted');
      await this.store.write([{ type: 'del', key: keyOf(id) }]);
      this.store.afterCommit(() => {
        const next = new Map(this.snap.entries);
        next.delete(id);
        this.snap = snapshotOf(next);
      });
    });
  }

  private async addKey(state: KeyState): Promise<number> {
    const used = this.snap.entries;
    if (used.size >= 256)
      throw refused('all 256 HPKE config ids are in use', 'delete expired keys first');
    let id: number;
    do id = randomInt(256);
    while (used.has(id));
    const kp = this.hpke.generateKeyPair();
    const now = Date.now();
    await this.commit({
      schema: KEY_SCHEMA,
      id,
      state,
      publicKey: b64url(kp.publicKey),
      privateKey: b64url(kp.privateKey),
      created: now,
      changed: now,
    });
    return id;
  }

  /** One synced write, then the swap once committed: a crash leaves the old record or the new one. */
  private async commit(s: StoredKey): Promise<void> {
    await this.store.write([{ type: 'put', key: keyOf(s.id), value: jsonValue(s) }]);
    this.store.afterCommit(() => {
      const next = new Map(this.snap.entries);
      next.set(s.id, entryOf(s));
      this.snap = snapshotOf(next);
    });
  }
}
