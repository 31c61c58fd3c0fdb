// docs/operator.md "config.json": the node config's `guard` section, hosts the operator adds to the
// guard's host policy: `{"egress": {"allowHosts": ["pkgs.corp.example", "*.internal.example"]}}`.
import { GuardError, operatorHosts } from '../../guard/index.js';
import { ConfigError } from '../errors.js';

export interface GuardConfig {
  egress?: { allowHosts: string[] };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function only(raw: Record<string, unknown>, keys: readonly string[], at: string, source: string) {
  for (const k of Object.keys(raw))
    if (!keys.includes(k))
      throw new ConfigError('config_invalid', `${source}: unknown key "${at}.${k}"`);
}

/**
 * Validates the `guard` section (attacker-controlled if the config file is shared). A cloud
 * metadata endpoint is refused here too: it stays blocked whatever the host policy lists.
 * @throws ConfigError config_invalid on an unknown key, more than 256 hosts or an entry that is not
 * a host name, an [IPv6] address or a `*.` wildcard over two labels or more
 * @example parseGuardSection({ egress: { allowHosts: ['*.corp.example'] } }, 'config.json')
 */
export function parseGuardSection(raw: unknown, source: string): GuardConfig {
  if (!isObject(raw))
    throw new ConfigError('config_invalid', `${source}: "guard" must be an object`);
  only(raw, ['egress'], 'guard', source);
  if (raw.egress === undefined) return {};
  const e = raw.egress;
  if (!isObject(e))
    throw new ConfigError('config_invalid', `${source}: "guard.egress" must be an object`);
  only(e, ['allowHosts'], 'guard.egress', source);
  const list = e.allowHosts;
  if (!Array.isArray(list) || !list.every((h): h is string => typeof h === 'string'))
    throw new ConfigError(
      'config_invalid',
      `${source}: "guard.egress.allowHosts" must be a list of host names`,
    );
  try {
    return { egress: { allowHosts: operatorHosts(list) } };
  } catch (err) {
    if (!(err instanceof GuardError)) throw err;
    throw new ConfigError(
      'config_invalid',
      `${source}: "guard.egress.allowHosts": ${err.message}`,
      'list host names (api.corp.example) or wildcards over two labels (*.corp.example)',
      { cause: err },
    );
  }
}

/** The operator's hosts for createGuard's `egressHosts` (none when the section is absent). */
export function configEgressHosts(config: { guard?: GuardConfig }): string[] {
  return config.guard?.egress?.allowHosts ?? [];
}
