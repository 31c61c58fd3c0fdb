// RFC 9474 §4 RSABSSA-SHA384-PSS-Deterministic as RFC 9578 §6 uses it: Blind and Finalize through
// @cloudflare/blindrsa-ts, BlindSign (RSASP1 then the RSAVP1 check of §4.3) and Verify through OpenSSL.
import {
  constants,
  createPrivateKey,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  verify,
  webcrypto,
  type KeyObject,
} from 'node:crypto';
import { RSABSSA } from '@cloudflare/blindrsa-ts';
import { DapError } from '../errors.js';
import { NK } from './token.js';

const suite = RSABSSA.SHA384.PSS.Deterministic();
const PSS = { name: 'RSA-PSS', hash: 'SHA-384' } as const;
type WebKey = Parameters<typeof suite.blind>[0];

/** An RSA public key as the blinding client holds it: big-endian modulus and exponent. */
export interface RsaPublic {
  n: Uint8Array;
  e?: Uint8Array;
}

const E_65537 = Uint8Array.from([1, 0, 1]);

async function webPublicKey(pk: RsaPublic): Promise<WebKey> {
  const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64url');
  return webcrypto.subtle.importKey(
    'jwk',
    { kty: 'RSA', n: b64(pk.n), e: b64(pk.e ?? E_65537) },
    PSS,
    true,
    ['verify'],
  );
}

/** RFC 9474 §4.2 Blind with PrepareIdentity (§4.1): the blinded message and the inverse to keep. */
export async function blind(
  key: RsaPublic,
  msg: Uint8Array,
): Promise<{ blindedMsg: Uint8Array; inv: Uint8Array }> {
  const out = await suite.blind(await webPublicKey(key), msg);
  return { blindedMsg: out.blindedMsg, inv: out.inv };
}

/**
 * RFC 9474 §4.4 Finalize: unblinds and verifies; a signature that does not verify is refused.
 * @throws DapError protocol_failed when the issuer's blind signature is not valid for `msg`.
 */
export async function finalize(
  key: RsaPublic,
  msg: Uint8Array,
  blindSig: Uint8Array,
  inv: Uint8Array,
): Promise<Uint8Array> {
  try {
    return await suite.finalize(await webPublicKey(key), msg, blindSig, inv);
  } catch (e) {
    throw new DapError('protocol_failed', `blind signature refused: ${(e as Error).message}`);
  }
}

/**
 * RFC 9474 §4.3 BlindSign: s = RSASP1(sk, m), then RSAVP1(pk, s) must give m back (a fault check).
 * OpenSSL's raw RSA (with CRT) does RSASP1; the library's big-integer code takes over a second here.
 * @throws DapError protocol_failed on a message not below the modulus or a signing fault.
 */
export function blindSign(privateKey: KeyObject, blindedMsg: Uint8Array): Uint8Array {
  const bits = privateKey.asymmetricKeyDetails?.modulusLength ?? 8 * NK;
  if (blindedMsg.length !== Math.ceil(bits / 8))
    throw new DapError('protocol_failed', 'unexpected input size');
  let s: Buffer;
  try {
    s = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, blindedMsg);
  } catch {
    throw new DapError('protocol_failed', 'blinded message out of range');
  }
  const back = publicEncrypt(
    { key: createPublicKey(privateKey), padding: constants.RSA_NO_PADDING },
    s,
  );
  if (!back.equals(blindedMsg)) throw new DapError('protocol_failed', 'signing failure');
  return Uint8Array.from(s);
}

/** RFC 9578 §6.5: RSASSA-PSS-VERIFY with SHA-384, MGF1-SHA-384 and a 48-byte salt. */
export function verifyAuthenticator(
  key: KeyObject,
  input: Uint8Array,
  authenticator: Uint8Array,
): boolean {
  try {
    return verify(
      'sha384',
      input,
      { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 48 },
      authenticator,
    );
  } catch {
    return false;
  }
}

/** A PKCS#8 PEM private key, for the issuer's window keys. */
export const privateKeyFromPem = (pem: string): KeyObject => createPrivateKey(pem);
