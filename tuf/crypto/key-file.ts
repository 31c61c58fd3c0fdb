// Key files of interlock-mesh (format interlock-mesh/key@1): an Ed25519 secret for one role, 0600.
// Generic on purpose: TUF roles, the log, witnesses, nodes and the collector all use the same file.
import { statSync, readFileSync } from 'node:fs';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { createFileOnce } from '../../common/index.js';
import { TufError } from '../errors.js';
import { firstUnknownField, isObject, parseJsonBytes } from '../json.js';
import { ed25519Signer, newEd25519Secret, type Signer } from './ed25519-signer.js';

export const KEY_FILE_SCHEMA = 'interlock-mesh/key@1';
export const KEY_ROLES = [
  'root',
  'targets',
  'canary',
  'stable',
  'snapshot',
  'timestamp',
  'log',
  'witness',
  'node',
  'collector',
  'issuer',
  'membership',
  'org',
] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

export interface KeyFile {
  role: KeyRole;
  signer: Signer;
  /** Raw 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
}

function isRole(v: unknown): v is KeyRole {
  return typeof v === 'string' && (KEY_ROLES as readonly string[]).includes(v);
}

const FIELDS = [
  'schema',
  'role',
  'keytype',
  'scheme',
  'keyid',
  'public',
  'private',
  'created',
] as const;
/** `Date.prototype.toISOString` output, the only form createKeyFile writes. */
const CREATED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The file's bytes: one field per line, so a keyholder can read the public half and key id. */
export function keyFileBytes(secret: Uint8Array, role: KeyRole, created: Date): Uint8Array {
  const signer = ed25519Signer(secret);
  const body = {
    schema: KEY_FILE_SCHEMA,
    role,
    keytype: 'ed25519',
    scheme: 'ed25519',
    keyid: signer.keyid,
    public: signer.key.publicKey,
    private: bytesToHex(secret),
    created: created.toISOString(),
  };
  return new TextEncoder().encode(`${JSON.stringify(body, null, 2)}\n`);
}

/**
 * Decodes a key file's bytes; this value is attacker-controlled (a file handed over on removable
 * media). Every field is checked: the halves match, the key id is the key's, nothing extra.
 */
export function parseKeyFile(bytes: Uint8Array, where = 'key file'): KeyFile {
  const bad = (why: string): TufError => new TufError('key_file_invalid', `${where}: ${why}`);
  const o = parseJsonBytes(bytes);
  if (!isObject(o) || o.schema !== KEY_FILE_SCHEMA) throw bad(`not a ${KEY_FILE_SCHEMA} file`);
  const extra = firstUnknownField(o, FIELDS);
  if (extra !== undefined) throw bad(`unknown field "${extra}"`);
  if (!isRole(o.role)) throw bad('unknown role');
  if (
    o.keytype !== 'ed25519' ||
    o.scheme !== 'ed25519' ||
    typeof o.private !== 'string' ||
    !/^[0-9a-f]{64}$/.test(o.private)
  ) {
    throw bad('private key is not 32 hex bytes of ed25519');
  }
  const signer = ed25519Signer(hexToBytes(o.private));
  if (o.public !== signer.key.publicKey) throw bad('public key does not match the private key');
  if (o.keyid !== signer.keyid) throw bad("key id is not the key's (sha256 of its canonical form)");
  if (typeof o.created !== 'string' || !CREATED.test(o.created) || isNaN(Date.parse(o.created)))
    throw bad('"created" is not an ISO 8601 UTC time');
  return { role: o.role, signer, publicKey: hexToBytes(signer.key.publicKey) };
}

/**
 * Creates FILE (refusing to overwrite) with mode 0600 and returns the new key.
 * @throws TufError key_file_exists when FILE exists (or another process created it first)
 */
export function createKeyFile(path: string, role: KeyRole, created = new Date()): KeyFile {
  const secret = newEd25519Secret();
  const bytes = keyFileBytes(secret, role, created);
  // Written whole beside the path and linked in: a reader never sees a half-written key, a crash
  // leaves no empty key file, and of concurrent first creators exactly one wins.
  if (!createFileOnce(path, bytes, { mode: 0o600 }))
    throw new TufError('key_file_exists', `${path} exists; key files are never overwritten`);
  return parseKeyFile(bytes, path);
}

/** Loads a key file; refuses one readable by group or others, or whose halves do not match. */
export function loadKeyFile(path: string, expectedRole?: KeyRole): KeyFile {
  const bad = (why: string): TufError => new TufError('key_file_invalid', `${path}: ${why}`);
  let bytes: Uint8Array;
  try {
    if ((statSync(path).mode & 0o077) !== 0)
      throw bad('permissions are wider than 0600 (run chmod 600)');
    bytes = readFileSync(path);
  } catch (e) {
    if (e instanceof TufError) throw e;
    throw bad(`cannot read: ${(e as Error).message}`);
  }
  const key = parseKeyFile(bytes, path);
  if (expectedRole !== undefined && key.role !== expectedRole)
    throw bad(`holds a ${key.role} key, not ${expectedRole}`);
  return key;
}
