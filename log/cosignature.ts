// c2sp.org/tlog-cosignature §Ed25519 signed message: cosignature/v1 (type 0x04) with a timestamp.
import { COSIGNATURE_V1, SIG_TYPE_COSIGNATURE_V1 } from './version.js';
import { assertKeyName, keyIdFor } from './key-name.js';
import {
  ed25519PrivateKeyObject,
  ed25519PublicKey,
  verifierKeyObject,
  ed25519Sign,
  safeVerify,
} from './ed25519-key.js';
import { NoteError } from './errors.js';
import type { NoteSigner, NoteVerifier } from './verifier.js';

const encoder = new TextEncoder();

/** "cosignature/v1\ntime <t>\n" || checkpoint body. */
export function cosignatureMessage(timestamp: number, body: Uint8Array): Uint8Array {
  const head = encoder.encode(`${COSIGNATURE_V1}\ntime ${timestamp}\n`);
  const msg = new Uint8Array(head.length + body.length);
  msg.set(head);
  msg.set(body, head.length);
  return msg;
}

/** The timestamp a cosignature carries, or undefined if the blob is not a v1 Ed25519 one. */
export function cosignatureTimestamp(sig: Uint8Array): number | undefined {
  if (sig.length !== 8 + 64) return undefined;
  const t = new DataView(sig.buffer, sig.byteOffset, 8).getBigUint64(0);
  // this value is attacker-controlled: the spec caps it at 2^63-1; we also need it exact in a number
  if (t > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  return Number(t);
}

export function cosignatureVerifier(name: string, publicKey: Uint8Array): NoteVerifier {
  const key = verifierKeyObject(name, publicKey);
  return {
    name,
    keyId: keyIdFor(name, SIG_TYPE_COSIGNATURE_V1, publicKey),
    verify(text, sig) {
      const t = cosignatureTimestamp(sig);
      if (t === undefined) return false;
      return safeVerify(sig.subarray(8), cosignatureMessage(t, text), key);
    },
  };
}

export interface Cosigner extends NoteSigner {
  readonly publicKey: Uint8Array;
}

/** A witness's signer; `now` gives POSIX seconds (never 0: tlog-witness forbids a zero timestamp). */
export function cosigner(
  name: string,
  seed: Uint8Array,
  now: () => number = () => Math.floor(Date.now() / 1000),
): Cosigner {
  assertKeyName(name);
  if (seed.length !== 32) throw new NoteError('malformed_skey', 'Ed25519 seed is not 32 bytes');
  const publicKey = ed25519PublicKey(seed);
  const key = ed25519PrivateKeyObject(seed);
  return {
    name,
    publicKey,
    keyId: keyIdFor(name, SIG_TYPE_COSIGNATURE_V1, publicKey),
    sign(text) {
      const t = now();
      if (!Number.isSafeInteger(t) || t <= 0)
        throw new NoteError('argument_invalid', 'cosignature time must be > 0');
      const out = new Uint8Array(8 + 64);
      new DataView(out.buffer).setBigUint64(0, BigInt(t));
      out.set(ed25519Sign(cosignatureMessage(t, text), key), 8);
      return out;
    },
  };
}
