// RFC 9180 Appendix A.1.1 vectors, cross-backend properties and negatives for both HPKE backends.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { x25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hpkeNode, hpkeNoble, type Hpke } from '../../dap/hpke/index.js';
import { FC_RUNS, vectorFolder } from '../support/env.js';

interface Vector {
  mode: number;
  kem_id: number;
  kdf_id: number;
  aead_id: number;
  info: string;
  ikmE: string;
  pkEm: string;
  skEm: string;
  ikmR: string;
  pkRm: string;
  skRm: string;
  enc: string;
  key: string;
  base_nonce: string;
  exporter_secret: string;
  encryptions: { seq: number; pt: string; aad: string; nonce: string; ct: string }[];
  exports: { exporter_context: string; L: number; exported_value: string }[];
}

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'));
const toHex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const BACKENDS: [string, Hpke][] = [
  ['noble', hpkeNoble],
  ['node', hpkeNode],
];

const folder = vectorFolder('hpke');
const vectors: Vector[] = folder.skip
  ? []
  : readdirSync(folder.dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => JSON.parse(readFileSync(join(folder.dir, f), 'utf8')) as Vector[])
      .filter((v) => v.mode === 0 && v.kem_id === 32 && v.kdf_id === 1 && v.aead_id === 1);

describe.skipIf(folder.skip)('RFC 9180 vectors', () => {
  it('has the DAP suite vector', () => {
    expect(vectors.length).toBeGreaterThan(0);
  });
  for (const [name, hpke] of BACKENDS) {
    it(`${name}: derives keys, sets up, seals, opens and exports as the RFC says`, () => {
      for (const v of vectors) {
        const e = hpke.deriveKeyPair(hex(v.ikmE));
        expect(toHex(e.privateKey)).toBe(v.skEm);
        expect(toHex(e.publicKey)).toBe(v.pkEm);
        const r = hpke.deriveKeyPair(hex(v.ikmR));
        expect(toHex(r.privateKey)).toBe(v.skRm);
        expect(toHex(r.publicKey)).toBe(v.pkRm);
        const { enc, ctx } = hpke.setupBaseS(hex(v.pkRm), hex(v.info), hex(v.ikmE));
        expect(toHex(enc)).toBe(v.enc);
        expect(toHex(ctx.key)).toBe(v.key);
        expect(toHex(ctx.baseNonce)).toBe(v.base_nonce);
        expect(toHex(ctx.exporterSecret)).toBe(v.exporter_secret);
        const rctx = hpke.setupBaseR(hex(v.enc), hex(v.skRm), hex(v.info));
        // Sequence numbers advance once per message: skipped ones are consumed by filler messages.
        const sorted = [...v.encryptions].sort((a, b) => a.seq - b.seq);
        let seq = 0;
        for (const x of sorted) {
          for (; seq < x.seq; seq++) {
            rctx.open(new Uint8Array(0), ctx.seal(new Uint8Array(0), new Uint8Array(0)));
          }
          expect(toHex(ctx.seal(hex(x.aad), hex(x.pt)))).toBe(x.ct);
          expect(toHex(rctx.open(hex(x.aad), hex(x.ct)))).toBe(x.pt);
          seq++;
        }
        for (const x of v.exports) {
          expect(toHex(rctx.export(hex(x.exporter_context), x.L))).toBe(x.exported_value);
        }
      }
    });
  }
});

describe('cross-backend', () => {
  it("node's generated key pair is X25519(sk, 9) as noble computes it", () => {
    for (let i = 0; i < 20; i++) {
      const kp = hpkeNode.generateKeyPair();
      expect(toHex(kp.publicKey)).toBe(toHex(x25519.getPublicKey(kp.privateKey)));
    }
  });
  it('seals with one backend and opens with the other', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.uint8Array({ maxLength: 64 }),
        fc.uint8Array({ maxLength: 64 }),
        fc.boolean(),
        (pt, info, aad, nobleSeals) => {
          const [s, o] = nobleSeals ? [hpkeNoble, hpkeNode] : [hpkeNode, hpkeNoble];
          const kp = o.generateKeyPair();
          const { enc, ct } = s.seal(kp.publicKey, info, aad, pt);
          expect(o.open(enc, kp.privateKey, info, aad, ct)).toEqual(pt);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});

// Low-order points of Curve25519 (RFC 7748 §5 and the libsodium blocklist).
const LOW_ORDER = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800',
  '5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
];

describe.each(BACKENDS)('%s refuses', (_name, hpke) => {
  const kp = hpke.generateKeyPair();
  const info = new TextEncoder().encode('dap-18 input share\x01\x02');
  const aad = Uint8Array.of(1, 2, 3);
  const pt = new TextEncoder().encode('measurement share');
  const sealed = hpke.seal(kp.publicKey, info, aad, pt);

  it('all-zero and low-order public keys, as sender and as receiver', () => {
    for (const h of LOW_ORDER) {
      expect(() => hpke.seal(hex(h), info, aad, pt)).toThrow(/X25519/);
      expect(() => hpke.open(hex(h), kp.privateKey, info, aad, sealed.ct)).toThrow(/X25519/);
    }
  });
  it('a wrong info or AAD', () => {
    expect(() => hpke.open(sealed.enc, kp.privateKey, info.slice(1), aad, sealed.ct)).toThrow();
    expect(() =>
      hpke.open(sealed.enc, kp.privateKey, info, Uint8Array.of(1, 2), sealed.ct),
    ).toThrow();
    expect(hpke.open(sealed.enc, kp.privateKey, info, aad, sealed.ct)).toEqual(pt);
  });
  it('a truncated enc', () => {
    expect(() =>
      hpke.open(sealed.enc.subarray(0, 31), kp.privateKey, info, aad, sealed.ct),
    ).toThrow();
    expect(() => hpke.open(new Uint8Array(0), kp.privateKey, info, aad, sealed.ct)).toThrow();
  });
  it('any flipped ciphertext bit, and a truncated ciphertext', () => {
    fc.assert(
      fc.property(fc.nat(sealed.ct.length * 8 - 1), (bit) => {
        const ct = sealed.ct.slice();
        ct[bit >> 3] = (ct[bit >> 3] ?? 0) ^ (1 << (bit & 7));
        expect(() => hpke.open(sealed.enc, kp.privateKey, info, aad, ct)).toThrow();
      }),
      { numRuns: FC_RUNS },
    );
    expect(() =>
      hpke.open(sealed.enc, kp.privateKey, info, aad, sealed.ct.subarray(0, 15)),
    ).toThrow();
  });
  it('another recipient key', () => {
    const other = hpke.generateKeyPair();
    expect(() => hpke.open(sealed.enc, other.privateKey, info, aad, sealed.ct)).toThrow();
  });
});
