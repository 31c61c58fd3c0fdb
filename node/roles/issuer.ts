// `mesh serve --role issuer`: the Privacy Pass issuer at /issuer (docs/dap.md "Report tokens"). Config
// section "issuer": { key: FILE (mesh keys new --role issuer), mirror: URL, root: FILE (the
// repository's initial root.json), log_keys: [VKEY], witnesses?: [VKEY], quorum?: N,
// allow_no_witness?: bool, no_gossip?: bool, authority?: HEX, refresh_seconds?: 300,
// max_age_seconds?: 3600 }. The member lists are read through TUF from the mirror, never from a file.
import { join } from 'node:path';
import type { Hono } from 'hono';
import { loadKeyFile } from '../../tuf/index.js';
import { ConfigError } from '../errors.js';
import { issuerApp } from '../issuer/app.js';
import { Challenges } from '../issuer/challenges.js';
import { IssuanceLedger } from '../issuer/ledger.js';
import { membersSourceOf } from '../issuer/members-config.js';
import { WindowKeys } from '../issuer/window-keys.js';
import { issuerOptOuts } from '../doctor/issuer-opt-outs.js';
import type { RoleDefinition, RoleOptions } from './role.js';

export const issuerRole: RoleDefinition = {
  name: 'issuer',
  async mount(app: Hono, opts: RoleOptions) {
    const s = (opts.config.issuer ?? {}) as Record<string, unknown>;
    if (typeof s.key !== 'string' || s.key === '')
      throw new ConfigError(
        'config_invalid',
        'issuer.key missing',
        'give --config with "issuer": {"key", "mirror", "root", "log_keys"}',
      );
    const key = loadKeyFile(s.key, 'issuer');
    const { members, refreshMs } = membersSourceOf(s, join(opts.dataDir, 'members'), opts.log);
    for (const c of issuerOptOuts(s))
      if (c.status === 'warn') opts.log.warn(c.detail, { check: c.name });
    // The first read happens before the server says it is ready; until one verifies, no tokens.
    await members.refresh();
    let running = Promise.resolve();
    const timer = setInterval(() => {
      running = running.then(() => members.refresh().then(() => undefined));
    }, refreshMs);
    timer.unref();
    const ledger = await IssuanceLedger.open(join(opts.dataDir, 'ledger'));
    const keys = new WindowKeys(join(opts.dataDir, 'window-keys'), (m) => key.signer.sign(m));
    app.route(
      '/issuer',
      issuerApp({
        publicKey: key.signer.key.publicKey,
        keys,
        ledger,
        challenges: new Challenges(),
        members,
        log: opts.log,
      }),
    );
    opts.log.info('issuer ready', { public_key: key.signer.key.publicKey, ...members.status() });
    return {
      // Not ready while no token can be issued: the lists never verified, or too old to use.
      health: () => {
        const usable = members.usable();
        if (usable === 'ok') return { state: 'ready' };
        const { error } = members.status();
        return {
          state: 'failed',
          detail: `member lists ${usable === 'stale' ? 'stale' : 'not verified'}${error ? ` (${error})` : ''}`,
        };
      },
      close: async () => {
        clearInterval(timer);
        await running;
        await ledger.close();
      },
    };
  },
};
