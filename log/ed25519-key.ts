// c2sp.org/signed-note §Ed25519 signatures (type 0x01): note signers and verifiers. RFC 8032 Ed25519
// through node:crypto (OpenSSL), which is deterministic and several times faster than pure JS here.
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { SIG_TYPE_ED25519 } from './version.js';
import { assertKeyName, keyIdFor } from './key-name.js';
import { NoteError } from './errors.js';
import type { NoteSigner, NoteVerifier } from './verifier.js';

const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function ed25519PublicKeyObject(publicKey: Uint8Array): KeyObject {
  return createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, publicKey]),
    format: 'der',
    type: 'spki',
  });
}

export function ed25519PrivateKeyObject(seed: Uint8Array): KeyObject {
  return createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** The raw 32-byte public key of a seed. */
export function ed25519PublicKey(seed: Uint8Array): Uint8Array {
  const der = createPublicKey(ed25519PrivateKeyObject(seed)).export({
    format: 'der',
    type: 'spki',
  });
  return new Uint8Array(der.subarray(der.length - 32));
}

/** Malformed keys or signatures are "does not verify", never an exception. */
export function safeVerify(sig: Uint8Array, msg: Uint8Array, key: KeyObject): boolean {
  try {
    return sig.length === 64 && verify(null, msg, key, sig);
  } catch {
    return false;
  }
}

export function ed25519Sign(msg: Uint8Array, key: KeyObject): Uint8Array {
  return new Uint8Array(sign(null, msg, key));
}

/**
 * The key object of a verifier key named `name` (both attacker-controlled when read from a vkey).
 * @throws NoteError malformed_vkey when the name is not a key name or the key not an Ed25519 key
 */
export function verifierKeyObject(name: string, publicKey: Uint8Array): KeyObject {
  assertKeyName(name);
  if (publicKey.length !== 32) throw new NoteError('malformed_vkey', 'Ed25519 key is not 32 bytes');
  try {
    return ed25519PublicKeyObject(publicKey);
  } catch {
    throw new NoteError('malformed_vkey', 'not an Ed25519 public key');
  }
}

export function ed25519Verifier(name: string, publicKey: Uint8Array): NoteVerifier {
  const key = verifierKeyObject(name, publicKey);
  return {
    name,
    keyId: keyIdFor(name, SIG_TYPE_ED25519, publicKey),
    verify: (text, sig) => safeVerify(sig, text, key),
  };
}

export type Ed25519NoteSigner = NoteSigner & { readonly publicKey: Uint8Array };

export function ed25519Signer(name: string, seed: Uint8Array): Ed25519NoteSigner {
  assertKeyName(name);
  if (seed.length !== 32) throw new NoteError('malformed_skey', 'Ed25519 seed is not 32 bytes');
  const key = ed25519PrivateKeyObject(seed);
  const publicKey = ed25519PublicKey(seed);
  return {
    name,
    publicKey,
    keyId: keyIdFor(name, SIG_TYPE_ED25519, publicKey),
    sign: (text) => ed25519Sign(text, key),
  };
}
