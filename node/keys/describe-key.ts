// `mesh keys show`: the public half of a key file, as others pin it. For log and witness keys that
// is also the c2sp.org/signed-note verifier key (a log's names its origin; a witness's its name).
import { readFileSync } from 'node:fs';
import { exposedMode } from '../../common/index.js';
import {
  cosigner,
  cosignerVkey,
  ed25519Signer as noteSigner,
  parseSkey,
  signerVkey,
} from '../../log/index.js';
import { loadKeyFile, TufError } from '../../tuf/index.js';
import { ConfigError } from '../errors.js';

export interface KeyDescription {
  file: string;
  role: string;
  /** TUF key id and Ed25519 public key (hex), for key files of TUF roles and others. */
  keyid?: string;
  public?: string;
  /** The C2SP verifier key, for log (type 0x01) and witness (cosignature/v1, type 0x04) keys. */
  vkey?: string;
}

export const DEFAULT_LOG_NAME = 'interlock-mesh/log';

function vkeyOf(role: string, name: string, seed: Uint8Array): string | undefined {
  if (role === 'log') return signerVkey(noteSigner(name, seed));
  if (role === 'witness') return cosignerVkey(cosigner(name, seed));
  return undefined;
}

/**
 * Describes FILE: an interlock-mesh key file (`mesh keys new`) or a signed-note PRIVATE+KEY file
 * (a witness's or log's key). `name` is the note key name for key files that carry none (the log
 * origin, the witness name). The secret is read, never printed; files wider than 0600 are refused.
 *
 * @throws ConfigError config_invalid | TufError key_file_invalid
 * @example describeKey('keys/log.key', { name: 'interlock-mesh/log' }).vkey
 */
export function describeKey(
  file: string,
  opts: { name?: string; role?: string } = {},
): KeyDescription {
  const text = readFileSync(file, 'utf8');
  if (text.startsWith('PRIVATE+KEY+')) {
    if (exposedMode(file) !== undefined)
      throw new ConfigError(
        'config_invalid',
        `${file}: permissions are wider than 0600`,
        `chmod 600 ${file}`,
      );
    let parsed;
    try {
      parsed = parseSkey(text);
    } catch (e) {
      throw new ConfigError('config_invalid', `${file}: ${(e as Error).message}`);
    }
    const role = opts.role ?? 'witness';
    const vkey = vkeyOf(role, parsed.name, parsed.seed);
    if (vkey === undefined)
      throw new ConfigError(
        'config_invalid',
        `--role ${role}: a PRIVATE+KEY file is a log or witness key`,
      );
    return { file, role, vkey };
  }
  const key = loadKeyFile(file);
  const out: KeyDescription = {
    file,
    role: key.role,
    keyid: key.signer.keyid,
    public: key.signer.key.publicKey,
  };
  if (key.role === 'log' || key.role === 'witness') {
    const name = opts.name ?? (key.role === 'log' ? DEFAULT_LOG_NAME : undefined);
    if (name === undefined)
      throw new TufError(
        'key_file_invalid',
        `${file}: a witness key needs --name (the witness's name)`,
      );
    const hex = (JSON.parse(text) as { private: string }).private;
    out.vkey = vkeyOf(key.role, name, Uint8Array.from(Buffer.from(hex, 'hex')));
  }
  return out;
}
