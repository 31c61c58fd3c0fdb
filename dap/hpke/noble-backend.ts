// RFC 9180 §7.1, §7.3: the synchronous @noble reference backend.
import { gcm } from '@noble/ciphers/aes.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';
import type { HpkePrimitives } from './primitives.js';

export const nobleBackend: HpkePrimitives = {
  name: 'noble',
  x25519: (sk, pk) => x25519.getSharedSecret(sk, pk),
  x25519PublicKey: (sk) => x25519.getPublicKey(sk),
  randomBytes: (n) => randomBytes(n),
  hmacSha256: (key, data) => {
    const h = hmac.create(sha256, key);
    for (const d of data) h.update(d);
    return h.digest();
  },
  aesGcmSeal: (key, nonce, aad, pt) => gcm(key, nonce, aad).encrypt(pt),
  aesGcmOpen: (key, nonce, aad, ct) => {
    try {
      return gcm(key, nonce, aad).decrypt(ct);
    } catch {
      return null;
    }
  },
};
