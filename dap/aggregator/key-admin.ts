// DAP-18 §4.4.1 HPKE key rotation by the operator: through the running server's admin socket when
// one answers (the change applies at once), else on the stopped aggregator's store directly.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { adminCall, adminListening } from '../admin/client.js';
import type { AdminAnswer, AdminRequest, KeyInfo } from '../admin/messages.js';
import type { AdminHandler } from '../admin/server.js';
import { adminSocketPath, socketPresent } from '../admin/socket-path.js';
import { b64url } from '../encoding.js';
import { DapError, KeyAdminError } from '../errors.js';
import { hpkeDefault } from '../hpke/index.js';
import { encodeHpkeConfig } from '../messages/index.js';
import { openLevelKv } from '../storage/level-kv.js';
import { HpkeKeyring } from './hpke-keys.js';

export type { KeyInfo } from '../admin/messages.js';

export interface KeyAdmin {
  /** True when the changes go to a running server (which applies them at once). */
  readonly live: boolean;
  list(): Promise<KeyInfo[]>;
  add(): Promise<number>;
  setState(id: number, state: 'active' | 'expired'): Promise<void>;
  close(): Promise<void>;
}

function infoOf(ring: HpkeKeyring): KeyInfo[] {
  return ring.all().map((k) => ({
    id: k.config.id,
    state: k.state,
    advertised: k.state === 'active',
    decrypts: k.state !== 'expired',
    config: b64url(encodeHpkeConfig(k.config)),
  }));
}

/** What the server's admin socket does with each request: the same rules as a direct change. */
export function keyAdminHandler(ring: HpkeKeyring): AdminHandler {
  return async (r: AdminRequest): Promise<AdminAnswer> => {
    switch (r.op) {
      case 'list':
        return { ok: true, keys: infoOf(ring) };
      case 'add':
        return { ok: true, id: await ring.addPending() };
      case 'set_state':
        await ring.setState(r.id, r.state);
        return { ok: true };
    }
  };
}

function socketAdmin(path: string): KeyAdmin {
  const call = async (r: AdminRequest): Promise<AdminAnswer> => {
    const a = await adminCall(path, r);
    if (!a.ok) throw new KeyAdminError(a.code, a.message, a.hint);
    return a;
  };
  return {
    live: true,
    async list() {
      const a = await call({ op: 'list' });
      if (!('keys' in a)) throw new KeyAdminError('admin_unavailable', 'list answered no keys');
      return a.keys;
    },
    async add() {
      const a = await call({ op: 'add' });
      if (!('id' in a)) throw new KeyAdminError('admin_unavailable', 'add answered no id');
      return a.id;
    },
    async setState(id, state) {
      await call({ op: 'set_state', id, state });
    },
    close: () => Promise.resolve(),
  };
}

/** `dataDir` is the role's own state directory (`mesh serve --data DIR` + `/dap-leader`). */
export async function openKeyAdmin(dataDir: string): Promise<KeyAdmin> {
  const sock = adminSocketPath(dataDir);
  if (socketPresent(sock) && (await adminListening(sock))) return socketAdmin(sock);
  const path = join(dataDir, 'store');
  if (!existsSync(path))
    throw new DapError('storage_failed', `no aggregator store at ${path}; start the server once`);
  let store;
  try {
    store = await openLevelKv(path);
  } catch (e) {
    throw new KeyAdminError(
      'admin_unavailable',
      `${(e as Error).message}; another process holds the store and no server answers at ${sock}`,
      'retry once mesh serve has started (it opens the socket after the store), or stop it',
      { cause: e },
    );
  }
  const ring = await HpkeKeyring.open(store, hpkeDefault);
  return {
    live: false,
    list: () => Promise.resolve(infoOf(ring)),
    add: () => ring.addPending(),
    setState: (id, state) => ring.setState(id, state),
    close: () => store.close(),
  };
}
