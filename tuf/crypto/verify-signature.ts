// Signature schemes a TUF 1.0.34 KEY can name (§4.2): ed25519, ecdsa-sha2-nistp256/384, rsassa-pss-sha256.
import { createPublicKey, verify as nodeVerify, constants, type KeyObject } from 'node:crypto';
import { hexToBytes } from '@noble/hashes/utils.js';
import { TufError } from '../errors.js';
import type { Key } from '../metadata/key.js';

const HEX = /^(?:[0-9a-fA-F]{2})+$/;
const ed25519Cache = new Map<string, KeyObject>();

/** Node's (OpenSSL's) RFC 8032 verification: native speed on the client's hot path. */
function ed25519PublicKey(hex: string): KeyObject {
  let k = ed25519Cache.get(hex);
  if (k === undefined) {
    try {
      // the raw key as an RFC 8037 OKP JWK: OpenSSL takes the 32 bytes as they are, where a DER
      // SubjectPublicKeyInfo goes through its decoder framework, some 50 times slower per key
      k = createPublicKey({
        key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(hex, 'hex').toString('base64url') },
        format: 'jwk',
      });
    } catch {
      throw new TufError('key_invalid', 'ed25519 key is not a valid public key');
    }
    if (ed25519Cache.size > 1024) ed25519Cache.clear();
    ed25519Cache.set(hex, k);
  }
  return k;
}

/** The PEM key, which must be of the algorithm (and curve) the scheme names: no cross-type use. */
function pem(k: Key, type: 'ec' | 'rsa', curve?: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: k.publicKey, format: 'pem' });
  } catch {
    throw new TufError('key_invalid', `${k.keytype} key is not a PEM public key`);
  }
  const actual = key.asymmetricKeyType;
  const actualCurve = key.asymmetricKeyDetails?.namedCurve;
  if (actual !== type || (curve !== undefined && actualCurve !== curve)) {
    throw new TufError(
      'key_invalid',
      `${k.keytype}/${k.scheme} key holds a ${String(actual)}${actualCurve === undefined ? '' : ` ${actualCurve}`} key`,
    );
  }
  return key;
}

/** OpenSSL's verdict; a signature it cannot even parse (bad DER, wrong length) is just invalid. */
function safeVerify(
  alg: string | null,
  message: Uint8Array,
  key: Parameters<typeof nodeVerify>[2],
  sig: Uint8Array,
): boolean {
  try {
    return nodeVerify(alg, message, key, sig);
  } catch {
    return false;
  }
}

/**
 * Whether `sigHex` is a valid signature by `key` over `message`. A malformed signature is simply
 * invalid (false); an unusable key or unknown scheme is a coded error. Both values are attacker-controlled.
 */
export function verifySignature(key: Key, message: Uint8Array, sigHex: string): boolean {
  if (!HEX.test(sigHex)) return false;
  const sig = hexToBytes(sigHex);
  switch (`${key.keytype}/${key.scheme}`) {
    case 'ed25519/ed25519': {
      if (!/^[0-9a-fA-F]{64}$/.test(key.publicKey))
        throw new TufError('key_invalid', 'ed25519 key is not 32 hex bytes');
      if (sig.length !== 64) return false;
      return safeVerify(null, message, ed25519PublicKey(key.publicKey), sig);
    }
    case 'ecdsa/ecdsa-sha2-nistp256':
    case 'ecdsa-sha2-nistp256/ecdsa-sha2-nistp256':
      return safeVerify(
        'sha256',
        message,
        { key: pem(key, 'ec', 'prime256v1'), dsaEncoding: 'der' },
        sig,
      );
    case 'ecdsa/ecdsa-sha2-nistp384':
    case 'ecdsa-sha2-nistp384/ecdsa-sha2-nistp384':
      return safeVerify(
        'sha384',
        message,
        { key: pem(key, 'ec', 'secp384r1'), dsaEncoding: 'der' },
        sig,
      );
    case 'rsa/rsassa-pss-sha256':
      return safeVerify(
        'sha256',
        message,
        {
          key: pem(key, 'rsa'),
          padding: constants.RSA_PKCS1_PSS_PADDING,
          saltLength: constants.RSA_PSS_SALTLEN_AUTO,
        },
        sig,
      );
    default:
      throw new TufError('scheme_unsupported', `unsupported key ${key.keytype}/${key.scheme}`);
  }
}
