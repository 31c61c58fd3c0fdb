// DAP-18 §4.4.1 HPKE key rotation by the operator: the keyring of a stopped aggregator's store.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DapError } from '../errors.js';
import { b64url } from '../encoding.js';
import { hpkeDefault } from '../hpke/index.js';
import { encodeHpkeConfig } from '../messages/index.js';
import { openLevelKv } from '../storage/level-kv.js';
import { HpkeKeyring, type KeyState } from './hpke-keys.js';

export interface KeyInfo {
  id: number;
  state: KeyState;
  /** Whether hpke_config advertises it (active keys only). */
  advertised: boolean;
  /** Whether a report sealed to it is decrypted (pending and active keys). */
  decrypts: boolean;
  /** The encoded HpkeConfig, base64url (public). */
  config: string;
}

export interface KeyAdmin {
  list(): KeyInfo[];
  add(): Promise<number>;
  setState(id: number, state: 'active' | 'expired'): Promise<void>;
  close(): Promise<void>;
}

/** `dataDir` is the role's own state directory (`mesh serve --data DIR` + `/dap-leader`). */
export async function openKeyAdmin(dataDir: string): Promise<KeyAdmin> {
  const path = join(dataDir, 'store');
  if (!existsSync(path))
    throw new DapError('storage_failed', `no aggregator store at ${path}; start the server once`);
  let store;
  try {
    store = await openLevelKv(path);
  } catch (e) {
    throw new DapError(
      'storage_failed',
      `${(e as Error).message}; stop the mesh serve process that holds it, then retry`,
    );
  }
  const ring = await HpkeKeyring.open(store, hpkeDefault);
  return {
    list: () =>
      ring.all().map((k) => ({
        id: k.config.id,
        state: k.state,
        advertised: k.state === 'active',
        decrypts: k.state !== 'expired',
        config: b64url(encodeHpkeConfig(k.config)),
      })),
    add: () => ring.addPending(),
    async setState(id, state) {
      if (!ring.list().some((k) => k.id === id))
        throw new DapError('storage_failed', `no HPKE key with config id ${id}`);
      await ring.setState(id, state);
    },
    close: () => store.close(),
  };
}
