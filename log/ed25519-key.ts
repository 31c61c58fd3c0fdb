// c2sp.org/signed-note §Ed25519 signatures (type 0x01): note signers and verifiers.
import { ed25519 } from '@noble/curves/ed25519.js';
import { SIG_TYPE_ED25519 } from './version.js';
import { assertKeyName, keyIdFor } from './key-name.js';
import { NoteError } from './errors.js';
import type { NoteSigner, NoteVerifier } from './verifier.js';

export function ed25519Verifier(name: string, publicKey: Uint8Array): NoteVerifier {
  assertKeyName(name);
  if (publicKey.length !== 32) throw new NoteError('malformed_vkey', 'Ed25519 key is not 32 bytes');
  return {
    name,
    keyId: keyIdFor(name, SIG_TYPE_ED25519, publicKey),
    verify: (text, sig) => sig.length === 64 && safeVerify(sig, text, publicKey),
  };
}

export type Ed25519NoteSigner = NoteSigner & { readonly publicKey: Uint8Array };

export function ed25519Signer(name: string, seed: Uint8Array): Ed25519NoteSigner {
  assertKeyName(name);
  if (seed.length !== 32) throw new NoteError('malformed_skey', 'Ed25519 seed is not 32 bytes');
  const publicKey = ed25519.getPublicKey(seed);
  return {
    name,
    publicKey,
    keyId: keyIdFor(name, SIG_TYPE_ED25519, publicKey),
    sign: (text) => ed25519.sign(text, seed),
  };
}

/** noble throws on malformed points; for a verifier that is just "does not verify". */
export function safeVerify(sig: Uint8Array, msg: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    return ed25519.verify(sig, msg, publicKey);
  } catch {
    return false;
  }
}
