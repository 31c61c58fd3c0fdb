// Signature schemes (TUF 1.0.34 §4.2 KEY): Ed25519 (RFC 8032 test vector 1 and our signer),
// ECDSA P-256 and RSA-PSS keys in PEM as securesystemslib writes them; negatives included.
import { generateKeyPairSync, sign as nodeSign, constants, type KeyObject } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TufError } from '../../tuf/index.js';
import { ed25519Key, keyIdOf, verifySignature, type Key } from '../../tuf/index.js';
import { FC_RUNS } from '../support/env.js';
import { newSigner } from './support/repo-fixture.js';

const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const flip = (h: string, i: number): string => {
  const b = Buffer.from(h, 'hex');
  b[i % b.length] = (b[i % b.length] ?? 0) ^ 1;
  return b.toString('hex');
};

/** A TUF key of KEYTYPE/SCHEME holding PUBLIC as SPKI PEM, as securesystemslib writes it. */
const pemKey = (keytype: string, scheme: string, publicKey: KeyObject): Key => ({
  keytype,
  scheme,
  publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  keyvalUnrecognized: {},
  unrecognized: {},
});

describe('signature verification', () => {
  it('RFC 8032 §7.1 test 1 (empty message)', () => {
    const key = ed25519Key('d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
    const sig =
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';
    expect(verifySignature(key, new Uint8Array(), sig)).toBe(true);
    expect(verifySignature(key, new Uint8Array([0]), sig)).toBe(false);
    expect(verifySignature(key, new Uint8Array(), flip(sig, 3))).toBe(false);
  });

  it('Ed25519: our signatures verify; any bit flip in message or signature does not', () => {
    const s = newSigner();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.nat(), (msg, i) => {
        const sig = s.sign(msg);
        expect(verifySignature(s.key, msg, sig)).toBe(true);
        expect(verifySignature(s.key, msg, flip(sig, i))).toBe(false);
        if (msg.length > 0) {
          const m = Uint8Array.from(msg);
          m[i % m.length] = (m[i % m.length] ?? 0) ^ 0x80;
          expect(verifySignature(s.key, m, sig)).toBe(false);
        }
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('ECDSA P-256 (ecdsa-sha2-nistp256, PEM, DER signatures)', () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const key = pemKey('ecdsa', 'ecdsa-sha2-nistp256', publicKey);
    const msg = new TextEncoder().encode('{"a":1}');
    const sig = hex(nodeSign('sha256', msg, privateKey));
    expect(verifySignature(key, msg, sig)).toBe(true);
    expect(verifySignature(key, new TextEncoder().encode('{"a":2}'), sig)).toBe(false);
    expect(verifySignature(key, msg, flip(sig, 20))).toBe(false);
  });

  it('RSA-PSS (rsassa-pss-sha256, PEM)', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = pemKey('rsa', 'rsassa-pss-sha256', publicKey);
    const msg = new TextEncoder().encode('{"b":2}');
    for (const saltLength of [32, constants.RSA_PSS_SALTLEN_MAX_SIGN]) {
      const sig = hex(
        nodeSign('sha256', msg, {
          key: privateKey,
          padding: constants.RSA_PKCS1_PSS_PADDING,
          saltLength,
        }),
      );
      expect(verifySignature(key, msg, sig)).toBe(true);
      expect(verifySignature(key, msg, flip(sig, 7))).toBe(false);
    }
    // PKCS#1 v1.5 is a different scheme and must not pass as PSS.
    const v15 = hex(nodeSign('sha256', msg, privateKey));
    expect(verifySignature(key, msg, v15)).toBe(false);
  });

  it('refuses unknown schemes and malformed keys with codes; malformed signatures are just invalid', () => {
    const s = newSigner();
    const err = (k: Key): string | undefined => {
      try {
        verifySignature(k, new Uint8Array(), s.sign(new Uint8Array()));
      } catch (e) {
        return (e as TufError).code;
      }
      return undefined;
    };
    expect(err({ ...s.key, scheme: 'ed448' })).toBe('scheme_unsupported');
    expect(err({ ...s.key, publicKey: 'zz' })).toBe('key_invalid');
    expect(
      err({ ...s.key, keytype: 'ecdsa', scheme: 'ecdsa-sha2-nistp256', publicKey: 'not pem' }),
    ).toBe('key_invalid');
    expect(verifySignature(s.key, new Uint8Array(), 'not hex')).toBe(false);
    expect(verifySignature(s.key, new Uint8Array(), 'abcd')).toBe(false);
  });

  it('key ids are sha256 over the canonical key', () => {
    const s = newSigner();
    expect(keyIdOf(s.key)).toBe(s.keyid);
    expect(s.keyid).toMatch(/^[0-9a-f]{64}$/);
    expect(keyIdOf({ ...s.key, scheme: 'other' })).not.toBe(s.keyid);
  });
});
