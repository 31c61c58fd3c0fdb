// `mesh serve --role issuer`: the Privacy Pass issuer at /issuer (docs/dap.md "Report tokens"). Config
// section "issuer": { key: FILE (mesh keys new --role issuer), authority: HEX, members: FILE, revocations: FILE }.
import { join } from 'node:path';
import type { Hono } from 'hono';
import { loadKeyFile } from '../../tuf/index.js';
import { ConfigError } from '../errors.js';
import { issuerApp } from '../issuer/app.js';
import { Challenges } from '../issuer/challenges.js';
import { IssuanceLedger } from '../issuer/ledger.js';
import { MembersSource } from '../issuer/members-source.js';
import { WindowKeys } from '../issuer/window-keys.js';
import type { RoleDefinition, RoleOptions } from './role.js';

function section(config: Record<string, unknown>): Record<string, string> {
  const s = (config.issuer ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const k of ['key', 'authority', 'members', 'revocations']) {
    const v = s[k];
    if (typeof v !== 'string' || v === '')
      throw new ConfigError(
        'config_invalid',
        `issuer.${k} missing`,
        'give --config with "issuer": {"key", "authority", "members", "revocations"}',
      );
    out[k] = v;
  }
  return out;
}

export const issuerRole: RoleDefinition = {
  name: 'issuer',
  async mount(app: Hono, opts: RoleOptions) {
    const s = section(opts.config);
    const key = loadKeyFile(s.key ?? '', 'issuer');
    let members: MembersSource;
    try {
      members = new MembersSource(s.members ?? '', s.revocations ?? '', s.authority ?? '');
    } catch (e) {
      throw new ConfigError('config_invalid', `issuer member lists: ${(e as Error).message}`);
    }
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
    opts.log.info('issuer ready', { public_key: key.signer.key.publicKey });
    return { close: () => ledger.close() };
  },
};
