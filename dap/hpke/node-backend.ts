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
import { HpkeError } from '../errors.js';
import { N_PK, N_SK, N_T } from './suite.js';

const view = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

// RFC 8410 DER prefixes for raw X25519 keys.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b656e032100', 'hex');

// A receiver's private key is reused for every report: its KeyObject and public key are derived once
// per key array (keyed by identity, so no secret is ever turned into a map key).
const receivers = new WeakMap<Uint8Array, { key: KeyObject; publicKey: Uint8Array }>();

function receiver(sk: Uint8Array): { key: KeyObject; publicKey: Uint8Array } {
  let r = receivers.get(sk);
  if (!r) {
    const key = createPrivateKey({
      key: Buffer.concat([PKCS8_PREFIX, sk]),
      format: 'der',
      type: 'pkcs8',
    });
    const der = createPublicKey(key).export({ format: 'der', type: 'spki' });
    r = { key, publicKey: view(der.subarray(SPKI_PREFIX.length)) };
    receivers.set(sk, r);
  }
  return r;
}

// JWK import takes the raw key directly; OpenSSL's DER decoder costs several times more per report.
// A client seals every report to the same two configs, so the key object is kept per key array.
const peers = new WeakMap<Uint8Array, KeyObject>();
function publicKeyObject(pk: Uint8Array): KeyObject {
  let key = peers.get(pk);
  if (!key) {
    key = createPublicKey({
      key: { kty: 'OKP', crv: 'X25519', x: Buffer.from(pk).toString('base64url') },
      format: 'jwk',
    });
    peers.set(pk, key);
  }
  return key;
}

// Node 20 asks a private JWK for a string `x` but builds the key from `d` alone (a raw import, no DER
// decoder), deriving the public key as it does; that derived key is what export() returns as `x`.
const X_PLACEHOLDER = Buffer.alloc(N_PK).toString('base64url');

// RFC 9180 §7.1.3 GenerateKeyPair for X25519: random bytes as the private key (RFC 7748 clamps
// them), its public key X25519(sk, 9). OpenSSL computes that public key when the private key is
// imported, so the JWK export reads it back (no second X25519 with the base point); the key object
// is kept for the one X25519 that follows. SPKI/PKCS#8 encoders are not used: they cost more than an
// X25519, and Node 20's export of a key made by generateKeyPair deadlocks with the garbage collector
// finalising its generation job (an imported key has no such job).
function generateKeyPair(): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const privateKey = view(randomBytes(N_SK));
  const key = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'X25519',
      d: Buffer.from(privateKey).toString('base64url'),
      x: X_PLACEHOLDER,
    },
    format: 'jwk',
  });
  const x = key.export({ format: 'jwk' }).x;
  const publicKey = view(Buffer.from(x ?? '', 'base64url'));
  if (publicKey.length !== N_PK)
    throw new HpkeError('hpke_invalid_key', 'the X25519 public key is not 32 bytes');
  receivers.set(privateKey, { key, publicKey });
  return { privateKey, publicKey: publicKey.slice() };
}

export const nodeBackend: HpkePrimitives = {
  name: 'node:crypto',
  x25519: (sk, pk) =>
    view(diffieHellman({ privateKey: receiver(sk).key, publicKey: publicKeyObject(pk) })),
  x25519PublicKey: (sk) => receiver(sk).publicKey.slice(),
  generateKeyPair,
  randomBytes: (n) => view(randomBytes(n)),
  hmacSha256: (key, data) => {
    const h = createHmac('sha256', key);
    for (const d of data) h.update(d);
    return view(h.digest());
  },
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
      const pt = d.update(ct.subarray(0, ct.length - N_T));
      const rest = d.final();
      // GCM's final() yields no bytes: the plaintext needs no second copy.
      return view(rest.length === 0 ? pt : Buffer.concat([pt, rest]));
    } catch {
      return null;
    }
  },
};
