// docs/architecture.md "Publish" keys: the online roles sign from `<role>.key` files in --keys (TUF 1.0.34 §6.1
// online keys); root.key and targets.key there only initialise a test or demo repository.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ed25519Signer as noteSigner, parseSkey, type Ed25519NoteSigner } from '../../log/index.js';
import { loadKeyFile, type KeyFile, type KeyRole } from '../../tuf/index.js';
import { readSecretFile } from '../../common/index.js';
import { PackError } from '../errors.js';

export class PublishKeys {
  constructor(readonly dir: string) {}

  has(role: KeyRole): boolean {
    return existsSync(this.path(role));
  }

  path(role: KeyRole): string {
    return join(this.dir, `${role}.key`);
  }

  /** The key file of `role`, or a coded error saying which file is missing. */
  load(role: KeyRole): KeyFile {
    if (!this.has(role))
      throw new PackError(
        'publish_keys_missing',
        `no ${role}.key in ${this.dir}`,
        `create it with: mesh keys new --role ${role} --out ${this.path(role)}`,
      );
    return loadKeyFile(this.path(role), role);
  }

  /**
   * The log's note signer named `origin` (c2sp.org/signed-note key name = the log origin), from
   * log.key: an interlock-mesh key file or a PRIVATE+KEY signed-note key. Either is refused when
   * group or others may read it.
   *
   * @throws {PackError} publish_keys_missing
   * @throws {SecretFileError} secret_file_exposed (mode wider than 0600), secret_file_unreadable
   * @example
   * const signer = new PublishKeys('./keys').logSigner('example.org/packs');
   */
  logSigner(origin: string): Ed25519NoteSigner {
    const file = this.path('log');
    if (!existsSync(file))
      throw new PackError(
        'publish_keys_missing',
        `no log.key in ${this.dir}`,
        `create it with: mesh keys new --role log --out ${file}`,
      );
    const text = new TextDecoder().decode(readSecretFile(file, 'log key'));
    if (text.startsWith('PRIVATE+KEY+')) return noteSigner(origin, parseSkey(text).seed);
    this.load('log');
    const hex = (JSON.parse(text) as { private: string }).private;
    return noteSigner(origin, Uint8Array.from(Buffer.from(hex, 'hex')));
  }
}
