// RFC 9474 Appendix A and RFC 9578 Appendix A.2 vectors through dap/privacy-pass (blind RSA, codecs).
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as pp from '../../dap/privacy-pass/index.js';
import { ROOT } from '../support/env.js';

const dir = join(ROOT, 'test-vectors/privacypass');
const H = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));
const big = (b: Uint8Array) => BigInt(`0x${Buffer.from(b).toString('hex') || '0'}`);
const toBytes = (x: bigint, n: number) => H(x.toString(16).padStart(2 * n, '0'));
const b64u = (x: bigint) =>
  Buffer.from(
    x.toString(16).padStart(2 * Math.ceil(x.toString(16).length / 2), '0'),
    'hex',
  ).toString('base64url');

function modInverse(a: bigint, m: bigint): bigint {
  let [r0, r1] = [a % m, m];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % m) + m) % m;
}

interface Rfc9474 {
  name: string;
  p: string;
  q: string;
  n: string;
  e: string;
  d: string;
  msg: string;
  prepared_msg: string;
  inv: string;
  blinded_msg: string;
  blind_sig: string;
  sig: string;
}
interface Rfc9578 {
  skS: string;
  pkS: string;
  token_challenge: string;
  nonce: string;
  blind: string;
  token_request: string;
  token_response: string;
  token: string;
}

const v9474 = JSON.parse(readFileSync(join(dir, 'rfc9474-appendix-a.json'), 'utf8')) as Rfc9474[];
const v9578 = JSON.parse(readFileSync(join(dir, 'rfc9578-appendix-a2.json'), 'utf8')) as Rfc9578[];

describe('RFC 9474 Appendix A through blind-rsa.ts', () => {
  for (const v of v9474) {
    it(`${v.name}: BlindSign, Finalize and Verify give the vector's values`, async () => {
      const [p, q, d, e] = [big(H(v.p)), big(H(v.q)), big(H(v.d)), big(H(v.e))];
      const jwk = {
        kty: 'RSA',
        n: Buffer.from(H(v.n)).toString('base64url'),
        e: b64u(e),
        d: b64u(d),
        p: b64u(p),
        q: b64u(q),
        dp: b64u(d % (p - 1n)),
        dq: b64u(d % (q - 1n)),
        qi: b64u(modInverse(q, p)),
      };
      const sk = createPrivateKey({ key: jwk, format: 'jwk' });
      const pk = createPublicKey(sk);
      const rsa = { n: H(v.n), e: H(v.e) };
      expect(Buffer.from(pp.blindSign(sk, H(v.blinded_msg))).toString('hex')).toBe(v.blind_sig);
      const sig = await pp.finalize(rsa, H(v.prepared_msg), H(v.blind_sig), H(v.inv));
      expect(Buffer.from(sig).toString('hex')).toBe(v.sig);
      expect(pp.verifyAuthenticator(pk, H(v.prepared_msg), H(v.sig))).toBe(true);
      const flipped = H(v.sig);
      flipped[10] = (flipped[10] ?? 0) ^ 1;
      expect(pp.verifyAuthenticator(pk, H(v.prepared_msg), flipped)).toBe(false);
      const badInv = H(v.inv);
      badInv[badInv.length - 1] = (badInv[badInv.length - 1] ?? 0) ^ 1;
      await expect(
        pp.finalize(rsa, H(v.prepared_msg), H(v.blind_sig), badInv),
      ).rejects.toMatchObject({
        code: 'protocol_failed',
      });
    });
  }
});

describe('RFC 9578 Appendix A.2 through the token codecs and blind-rsa.ts', () => {
  v9578.forEach((v, i) => {
    it(`vector ${i + 1}: issuer key, challenge, request, response and token`, async () => {
      const sk = createPrivateKey(v.skS);
      const n = Buffer.from(sk.export({ format: 'jwk' }).n ?? '', 'base64url');
      const spki = pp.encodeIssuerSpki(n);
      expect(Buffer.from(spki).toString('hex')).toBe(v.pkS);
      const key = pp.parseIssuerSpki(H(v.pkS));
      const token = pp.decodeToken(H(v.token));
      expect(Buffer.from(pp.encodeToken(token)).toString('hex')).toBe(v.token);
      expect(key.tokenKeyId).toEqual(token.tokenKeyId);
      expect(Buffer.from(token.nonce).toString('hex')).toBe(v.nonce);
      const challenge = pp.decodeTokenChallenge(H(v.token_challenge));
      expect(Buffer.from(pp.encodeTokenChallenge(challenge)).toString('hex')).toBe(
        v.token_challenge,
      );
      expect(createHash('sha256').update(H(v.token_challenge)).digest()).toEqual(
        Buffer.from(token.challengeDigest),
      );
      const req = pp.decodeTokenRequest(H(v.token_request));
      expect(Buffer.from(pp.encodeTokenRequest(req)).toString('hex')).toBe(v.token_request);
      expect(req.truncatedTokenKeyId).toBe(key.tokenKeyId[31]);
      const blindSig = pp.blindSign(sk, req.blindedMsg);
      expect(Buffer.from(pp.encodeTokenResponse(blindSig)).toString('hex')).toBe(v.token_response);
      const inv = toBytes(modInverse(big(H(v.blind)), big(key.n)), pp.NK);
      const input = pp.tokenInput(token);
      const auth = await pp.finalize(key, input, pp.decodeTokenResponse(H(v.token_response)), inv);
      expect(auth).toEqual(token.authenticator);
      expect(pp.verifyAuthenticator(key.key, input, token.authenticator)).toBe(true);
    });
  });

  it('refuses a token or request of another type, and an issuer key in another encoding', () => {
    const v = v9578[0];
    if (v === undefined) throw new Error('no vector');
    const t = H(v.token);
    t[1] = 1;
    expect(() => pp.decodeToken(t)).toThrow(expect.objectContaining({ code: 'decode_invalid' }));
    const r = H(v.token_request);
    r[1] = 1;
    expect(() => pp.decodeTokenRequest(r)).toThrow(
      expect.objectContaining({ code: 'decode_invalid' }),
    );
    const rsaEncryption = createPrivateKey(v.skS).export({ format: 'der', type: 'pkcs8' });
    expect(() => pp.parseIssuerSpki(Uint8Array.from(rsaEncryption))).toThrow(
      expect.objectContaining({ code: 'decode_invalid' }),
    );
  });
});
