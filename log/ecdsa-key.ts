// c2sp.org/signed-note type 0x02: ECDSA note signatures (Rekor v1), key ID = SHA-256(DER SPKI)[:4].
import { createHash, createPublicKey, verify } from 'node:crypto';
import { assertKeyName } from './key-name.js';
import { NoteError } from './errors.js';
import type { NoteVerifier } from './verifier.js';

/** `spki` is the DER SubjectPublicKeyInfo of a P-256/P-384/P-521 key; signatures are DER ECDSA. */
export function ecdsaVerifier(name: string, spki: Uint8Array): NoteVerifier {
  assertKeyName(name);
  let key;
  try {
    key = createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' });
  } catch {
    throw new NoteError('malformed_vkey', 'ECDSA key is not a DER SPKI public key');
  }
  if (key.asymmetricKeyType !== 'ec') throw new NoteError('malformed_vkey', 'not an EC key');
  const curve = key.asymmetricKeyDetails?.namedCurve;
  const digest = curve === 'secp384r1' ? 'sha384' : curve === 'secp521r1' ? 'sha512' : 'sha256';
  return {
    name,
    keyId: createHash('sha256').update(spki).digest().readUInt32BE(0),
    verify(text, sig) {
      try {
        return verify(digest, text, key, sig);
      } catch {
        return false;
      }
    },
  };
}
