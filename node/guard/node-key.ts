// The node key (docs/guard.md "Receipts"): one key file format everywhere, the interlock-mesh/key@1
// file `mesh keys new --role node` writes (0600, refused when wider). It signs receipt heads and the
// review high-water mark, and its public half is the key `mesh receipts verify` pins.
import { createPrivateKey, createPublicKey, sign as signNative } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ReceiptSigner } from '../../guard/index.js';
import { createKeyFile, KEY_FILE_SCHEMA, TufError } from '../../tuf/index.js';
import { ConfigError } from '../errors.js';

// RFC 8410 PKCS#8 prefix of an Ed25519 private key; the 32-byte seed follows.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const HEX64 = /^[0-9a-f]{64}$/i;

function bad(path: string, why: string): ConfigError {
  return new ConfigError(
    'config_invalid',
    `${path}: ${why}`,
    'run `mesh keys new --role node --out FILE` and give it with --node-key, or omit --node-key',
  );
}

/**
 * The node key's seed. A missing default key is created (`create`); a key file readable by group or
 * others is refused. The interlock-mesh/key@1 file is the format; a bare hex seed and the older
 * {"type":"ed25519","seed"} file are still read, so existing nodes keep their key.
 * @throws ConfigError (config_invalid) when the file is missing, too open or not a node key
 * @example const seed = readNodeSeed(join(home, 'keys', 'node.key'), true)
 */
export function readNodeSeed(path: string, create: boolean): Buffer {
  if (!existsSync(path)) {
    if (!create) throw bad(path, 'no node key here');
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    // Parallel tool calls are parallel hook processes: one creates the key, the others read it.
    try {
      createKeyFile(path, 'node');
    } catch (e) {
      if (!(e instanceof TufError && e.code === 'key_file_exists')) throw e;
    }
  }
  if ((statSync(path).mode & 0o077) !== 0)
    throw bad(path, 'permissions are wider than 0600 (run chmod 600)');
  const text = readFileSync(path, 'utf8').trim();
  if (HEX64.test(text)) return Buffer.from(text, 'hex');
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw bad(path, 'not an Ed25519 node key');
  }
  if (doc.schema === KEY_FILE_SCHEMA) {
    if (doc.role !== 'node') throw bad(path, `holds a ${String(doc.role)} key, not a node key`);
    if (typeof doc.private !== 'string' || !HEX64.test(doc.private))
      throw bad(path, 'private key is not 32 hex bytes of ed25519');
    const seed = Buffer.from(doc.private, 'hex');
    if (doc.public !== publicKeyHex(seed))
      throw bad(path, 'public key does not match the private key');
    return seed;
  }
  if (typeof doc.seed === 'string' && HEX64.test(doc.seed)) return Buffer.from(doc.seed, 'hex');
  throw bad(path, 'not an Ed25519 node key');
}

function privateKeyOf(seed: Buffer): ReturnType<typeof createPrivateKey> {
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** The raw public key of a seed, hex. */
export function publicKeyHex(seed: Buffer): string {
  const spki = createPublicKey(privateKeyOf(seed)).export({ format: 'der', type: 'spki' });
  return spki.subarray(spki.length - 32).toString('hex');
}

/**
 * The node key as a native Ed25519 signer: a hook is one process per tool call, and a pure-JS
 * signer's first use costs hundreds of milliseconds of precomputation.
 * @throws ConfigError as readNodeSeed
 * @example new ReceiptStore(file, nodeSigner(keyPath, true))
 */
export function nodeSigner(path: string, create: boolean): ReceiptSigner {
  const seed = readNodeSeed(path, create);
  const key = privateKeyOf(seed);
  return {
    publicKey: new Uint8Array(Buffer.from(publicKeyHex(seed), 'hex')),
    sign: (m) => new Uint8Array(signNative(null, m, key)),
  };
}
