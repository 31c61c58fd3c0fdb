// Ed25519 signing (RFC 8032) for TUF 1.0.34 metadata: the only scheme our tools sign with.
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { ed25519Key, keyIdOf, type Key } from '../metadata/key.js';

export interface Signer {
  readonly keyid: string;
  readonly key: Key;
  sign(message: Uint8Array): string;
}

export function ed25519Signer(secretKey: Uint8Array): Signer {
  const key = ed25519Key(bytesToHex(ed25519.getPublicKey(secretKey)));
  const keyid = keyIdOf(key);
  return {
    keyid,
    key,
    sign: (message) => bytesToHex(ed25519.sign(message, secretKey)),
  };
}

export function newEd25519Secret(): Uint8Array {
  return ed25519.utils.randomSecretKey();
}
