// DAP-18 §4.4.1 aggregator HPKE configurations with a pending -> active -> expired lifecycle.
// Only active keys are advertised. Pending keys decrypt (a config may be handed out before it is
// advertised); an expired key no longer does, so a report sealed to it is answered with
// outdated_config and the client refetches hpke_config. Rotation: add, activate the new key while
// the old one stays active (clients holding a cached config keep working), then expire the old one.
import { randomInt } from 'node:crypto';
import { DapError } from '../errors.js';
import { b64url, fromB64url } from '../encoding.js';
import type { Hpke } from '../hpke/index.js';
import { AEAD_AES_128_GCM, KDF_HKDF_SHA256, KEM_DHKEM_X25519_HKDF_SHA256 } from '../hpke/index.js';
import type { HpkeConfig } from '../messages/index.js';
import { jsonValue, parseJson, type KvStore } from '../storage/kv.js';

export type KeyState = 'pending' | 'active' | 'expired';

interface StoredKey {
  id: number;
  state: KeyState;
  publicKey: string;
  privateKey: string;
  created: number;
}

export interface HpkeKey {
  config: HpkeConfig;
  privateKey: Uint8Array;
  state: KeyState;
}

const PREFIX = 'hpke/';
const keyOf = (id: number) => `${PREFIX}${String(id).padStart(3, '0')}`;

export class HpkeKeyring {
  private keys = new Map<number, HpkeKey>();

  private constructor(
    private readonly store: KvStore,
    private readonly hpke: Hpke,
  ) {}

  /** Loads the keys; creates and activates one when none is active, so a fresh server can serve. */
  static async open(store: KvStore, hpke: Hpke): Promise<HpkeKeyring> {
    const ring = new HpkeKeyring(store, hpke);
    for await (const [, v] of store.scan(PREFIX)) {
      const s = parseJson<StoredKey>(v);
      ring.keys.set(s.id, ring.fromStored(s));
    }
    if (ring.active().length === 0) {
      const id = await ring.addPending();
      await ring.setState(id, 'active');
    }
    return ring;
  }

  private fromStored(s: StoredKey): HpkeKey {
    return {
      state: s.state,
      privateKey: fromB64url(s.privateKey),
      config: {
        id: s.id,
        kemId: KEM_DHKEM_X25519_HKDF_SHA256,
        kdfId: KDF_HKDF_SHA256,
        aeadId: AEAD_AES_128_GCM,
        publicKey: fromB64url(s.publicKey),
      },
    };
  }

  /** Configs to advertise at hpke_config, most recently created first. */
  active(): HpkeConfig[] {
    return [...this.keys.values()]
      .filter((k) => k.state === 'active')
      .map((k) => k.config)
      .reverse();
  }

  /** The key that decrypts for a config_id: pending or active; undefined once expired or unknown. */
  get(id: number): HpkeKey | undefined {
    const k = this.keys.get(id);
    return k?.state === 'expired' ? undefined : k;
  }

  /** Every key still stored, in any state (for the operator). */
  all(): HpkeKey[] {
    return [...this.keys.values()];
  }

  list(): { id: number; state: KeyState }[] {
    return [...this.keys.values()].map((k) => ({ id: k.config.id, state: k.state }));
  }

  async addPending(): Promise<number> {
    if (this.keys.size >= 256)
      throw new DapError('storage_failed', 'all 256 HPKE config ids in use');
    let id: number;
    do id = randomInt(256);
    while (this.keys.has(id));
    const kp = this.hpke.generateKeyPair();
    const s: StoredKey = {
      id,
      state: 'pending',
      publicKey: b64url(kp.publicKey),
      privateKey: b64url(kp.privateKey),
      created: Date.now(),
    };
    await this.store.write([{ type: 'put', key: keyOf(id), value: jsonValue(s) }]);
    this.keys.set(id, this.fromStored(s));
    return id;
  }

  async setState(id: number, state: KeyState): Promise<void> {
    const k = this.keys.get(id);
    if (!k) throw new DapError('storage_failed', `no HPKE key ${id}`);
    const order: KeyState[] = ['pending', 'active', 'expired'];
    if (order.indexOf(state) < order.indexOf(k.state))
      throw new DapError('storage_failed', `HPKE key ${id} cannot go from ${k.state} to ${state}`);
    if (state === 'expired' && k.state === 'active' && this.active().length === 1)
      throw new DapError(
        'storage_failed',
        `HPKE key ${id} is the only active key; add and activate another one first`,
      );
    const s: StoredKey = {
      id,
      state,
      publicKey: b64url(k.config.publicKey),
      privateKey: b64url(k.privateKey),
      created: Date.now(),
    };
    await this.store.write([{ type: 'put', key: keyOf(id), value: jsonValue(s) }]);
    k.state = state;
  }

  async delete(id: number): Promise<void> {
    const k = this.keys.get(id);
    if (k?.state !== 'expired')
      throw new DapError('storage_failed', 'only an expired key is deleted');
    await this.store.write([{ type: 'del', key: keyOf(id) }]);
    this.keys.delete(id);
  }
}
