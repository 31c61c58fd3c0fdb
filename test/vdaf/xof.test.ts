// XofTurboShake128 (draft-irtf-cfrg-vdaf-20 §6.2.1) against the official vector, plus stream laws.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Field128, Field64, XofTurboShake128, formatDst } from '../../vdaf/index.js';
import { Field128Impl } from '../../vdaf/field/field128.js';
import { FC_RUNS, vectorFolder } from '../support/env.js';
import { hex, toHex } from './support/vectors.js';

const folder = vectorFolder('vdaf/draft-irtf-cfrg-vdaf-20');

interface XofVector {
  seed: string;
  dst: string;
  binder: string;
  length: number;
  derived_seed: string;
  expanded_vec_field128: string;
}

describe.skipIf(folder.skip)('XofTurboShake128 vector', () => {
  const v = JSON.parse(
    readFileSync(join(folder.dir, 'XofTurboShake128.json'), 'utf8'),
  ) as XofVector;

  it('derive_seed', () => {
    expect(toHex(XofTurboShake128.deriveSeed(hex(v.seed), hex(v.dst), hex(v.binder)))).toBe(
      v.derived_seed,
    );
  });

  it('expand_into_vec over Field128', () => {
    const vec = XofTurboShake128.expandIntoVec(
      Field128,
      hex(v.seed),
      hex(v.dst),
      hex(v.binder),
      v.length,
    );
    expect(Field128.len(vec)).toBe(v.length);
    expect(toHex(Field128.encodeVec(vec))).toBe(v.expanded_vec_field128);
  });
});

describe('XofTurboShake128 behaviour', () => {
  it('rejects a seed of the wrong size', () => {
    expect(
      () => new XofTurboShake128(new Uint8Array(31), new Uint8Array(0), new Uint8Array(0)),
    ).toThrow(/seed/);
  });

  it('streams: next(a) || next(b) equals next(a + b)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 40 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        (seed, binder, a, b) => {
          const dst = formatDst(0, 3, 1);
          const x = new XofTurboShake128(seed, dst, binder);
          const joined = new Uint8Array([...x.next(a), ...x.next(b)]);
          expect(toHex(joined)).toBe(toHex(new XofTurboShake128(seed, dst, binder).next(a + b)));
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('absorbMore(parts) equals one binder of the concatenated parts, at any alignment', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 200 }),
        fc.array(fc.integer({ min: 0, max: 700 }), { maxLength: 3 }),
        fc.integer({ min: 0, max: 3 }),
        (seed, dst, sizes, shift) => {
          const parts = sizes.map((n, i) => {
            // Views at odd byte offsets exercise the unaligned path.
            const buf = new Uint8Array(n + shift).map((_, j) => (j * 31 + i) & 0xff);
            return buf.subarray(shift);
          });
          const joined = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
          let off = 0;
          for (const p of parts) {
            joined.set(p, off);
            off += p.length;
          }
          const a = new XofTurboShake128(seed, dst, Uint8Array.of(7)).absorbMore(...parts).next(48);
          const b = new XofTurboShake128(seed, dst, new Uint8Array([7, ...joined])).next(48);
          expect(toHex(a)).toBe(toHex(b));
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('next_vec yields canonical elements of both fields', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: 1, max: 64 }),
        (seed, n) => {
          for (const f of [Field64, Field128]) {
            const vec = XofTurboShake128.expandIntoVec(
              f,
              seed,
              new Uint8Array(0),
              new Uint8Array(0),
              n,
            );
            expect(f.len(vec)).toBe(n);
            for (const x of f.toBigInts(vec)) expect(x < f.MODULUS).toBe(true);
          }
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('next_vec rejects non-canonical samples in stream order and reads on', () => {
    // A field that also rejects every element with an odd low word exercises the rejection path.
    class Picky extends Field128Impl {
      override isCanonical(v: Uint32Array, i: number): boolean {
        return ((v[i * 4] ?? 0) & 1) === 0 && super.isCanonical(v, i);
      }
    }
    const picky = new Picky();
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: 1, max: 40 }),
        (seed, n) => {
          const dst = formatDst(0, 5, 3);
          const got = new XofTurboShake128(seed, dst, new Uint8Array(0)).nextVec(picky, n);
          const stream = new XofTurboShake128(seed, dst, new Uint8Array(0)).next(16 * 64 * n);
          const words = Field128.wordsOf(stream);
          const want: bigint[] = [];
          for (let i = 0; want.length < n; i++)
            if (picky.isCanonical(words, i)) want.push(Field128.get(words, i));
          expect(Field128.toBigInts(got)).toEqual(want);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('format_dst is VERSION(18) || class || algo (BE32) || usage (BE16)', () => {
    expect(toHex(formatDst(0, 0x01020304, 0x0506))).toBe('1200010203040506');
  });
});
