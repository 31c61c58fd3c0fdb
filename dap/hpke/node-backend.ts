// RFC 9180 §7.1, §7.3: the node:crypto fast path (OpenSSL X25519, HMAC and AES-128-GCM).
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { HpkePrimitives } from './primitives.js';
import { N_T } from './suite.js';

// RFC 8410 DER prefixes for raw X25519 keys.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');

// Private keys are reused across many opens; parsing them once dominates small messages otherwise.
const privateCache = new Map<string, KeyObject>();

function privateKey(sk: Uint8Array): KeyObject {
  const id = Buffer.from(sk).toString('base64');
  let k = privateCache.get(id);
  if (!k) {
    k = createPrivateKey({
      key: Buffer.concat([PKCS8_PREFIX, sk]),
      format: 'der',
      type: 'pkcs8',
    });
    if (privateCache.size > 64) privateCache.clear();
    privateCache.set(id, k);
  }
  return k;
}

function publicKey(pk: Uint8Array): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, pk]), format: 'der', type: 'spki' });
}

const view = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

export const nodeBackend: HpkePrimitives = {
  name: 'node:crypto',
  x25519: (sk, pk) => view(diffieHellman({ privateKey: privateKey(sk), publicKey: publicKey(pk) })),
  x25519PublicKey: (sk) => {
    const der = createPublicKey(privateKey(sk)).export({ format: 'der', type: 'spki' });
    return view(der.subarray(SPKI_PREFIX.length));
  },
  randomBytes: (n) => view(randomBytes(n)),
  hmacSha256: (key, data) => view(createHmac('sha256', key).update(data).digest()),
  aesGcmSeal: (key, nonce, aad, pt) => {
    const c = createCipheriv('aes-128-gcm', key, nonce);
    c.setAAD(aad);
    return view(Buffer.concat([c.update(pt), c.final(), c.getAuthTag()]));
  },
  aesGcmOpen: (key, nonce, aad, ct) => {
    if (ct.length < N_T) return null;
    const d = createDecipheriv('aes-128-gcm', key, nonce);
    d.setAAD(aad);
    d.setAuthTag(ct.subarray(ct.length - N_T));
    try {
      return view(Buffer.concat([d.update(ct.subarray(0, ct.length - N_T)), d.final()]));
    } catch {
      return null;
    }
  },
};
