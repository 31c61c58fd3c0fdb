// Configured approver keys (docs/console.md "Approver keys"): {"console": {"approvers": [{"name":
// "Alice Example", "keyFile": "/home/alice/.mesh/console.key"}]}}. Each key file is a secret (0600,
// refused when wider); signing in with its key records that configured name on every decision.
import { readSecretFile } from '../../common/index.js';
import { ConfigError } from '../errors.js';

export interface ApproverKey {
  name: string;
  key: string;
}

/** A name the review queue records: a plain name, as the login form accepts. */
export const APPROVER_NAME = /^[A-Za-z][A-Za-z0-9 ._-]{0,63}$/;
/** A key shorter than this is guessable: refused. */
export const MIN_KEY_CHARS = 24;
const MAX_APPROVERS = 64;

/**
 * The approvers of the console section of a `mesh serve --config` file (operator-written).
 * @throws ConfigError config_invalid on a malformed entry, a short key or a repeated name;
 *   SecretFileError secret_file_exposed when a key file is readable by others
 * @example approverKeys({ approvers: [{ name: 'Alice Example', keyFile: '/home/alice/.mesh/console.key' }] })
 */
export function approverKeys(section: Record<string, unknown>): ApproverKey[] {
  const list = section.approvers;
  if (list === undefined) return [];
  if (!Array.isArray(list) || list.length > MAX_APPROVERS)
    throw new ConfigError(
      'config_invalid',
      `console.approvers must be a list of at most ${MAX_APPROVERS} {name, keyFile}`,
    );
  const seen = new Set<string>();
  return list.map((entry: unknown, i) => {
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const { name, keyFile } = e;
    if (typeof name !== 'string' || !APPROVER_NAME.test(name) || typeof keyFile !== 'string')
      throw new ConfigError(
        'config_invalid',
        `console.approvers[${i}] needs a plain "name" and a "keyFile" path`,
      );
    if (seen.has(name.toLowerCase()))
      throw new ConfigError('config_invalid', `console.approvers names ${name} twice`);
    seen.add(name.toLowerCase());
    const key = Buffer.from(readSecretFile(keyFile, `approver key of ${name}`))
      .toString('utf8')
      .trim();
    if (key.length < MIN_KEY_CHARS)
      throw new ConfigError(
        'config_invalid',
        `the approver key ${keyFile} of ${name} is shorter than ${MIN_KEY_CHARS} characters`,
        `make one: openssl rand -base64 32 > ${keyFile} && chmod 600 ${keyFile}`,
      );
    return { name, key };
  });
}
