// RFC 9861 TurboSHAKE128 and FIPS 202 Keccak-p[1600, 12]: vdaf/xof's sponge against @noble/hashes.
import fc from 'fast-check';
import { keccakP } from '@noble/hashes/sha3.js';
import { turboshake128 } from '@noble/hashes/sha3-addons.js';
import { describe, expect, it } from 'vitest';
import { keccakP12 } from '../../vdaf/xof/keccak-p12.js';
import { TurboShake128Sponge } from '../../vdaf/xof/turboshake-sponge.js';
import { FC_RUNS } from '../support/env.js';

describe('TurboSHAKE128 sponge', () => {
  it('Keccak-p[1600, 12] equals the reference on any state', () => {
    fc.assert(
      fc.property(fc.uint32Array({ minLength: 50, maxLength: 50 }), (words) => {
        const ours = Uint32Array.from(words);
        const theirs = Uint32Array.from(words);
        keccakP12(ours);
        keccakP(theirs, 12);
        expect(ours).toEqual(theirs);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('absorbing in any parts (any alignment) and squeezing in any steps equals the reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 0x7f }),
        fc.uint8Array({ maxLength: 700 }),
        fc.array(fc.nat({ max: 400 }), { maxLength: 4 }),
        fc.nat({ max: 3 }),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 3 }),
        (d, message, cuts, shift, outs) => {
          const sponge = new TurboShake128Sponge(d);
          // The parts are views at an offset, so the word path meets unaligned inputs too.
          const backing = new Uint8Array(shift + message.length);
          backing.set(message, shift);
          const m = backing.subarray(shift);
          let at = 0;
          for (const c of [...cuts].sort((a, b) => a - b)) {
            const end = Math.min(c, m.length);
            if (end < at) continue;
            sponge.update(m.subarray(at, end));
            at = end;
          }
          sponge.update(m.subarray(at));
          const copy = sponge.clone();
          const ours = outs.map((n) => sponge.xof(n));
          const total = outs.reduce((a, b) => a + b, 0);
          const theirs = turboshake128(message, { D: d, dkLen: total });
          expect(Buffer.concat(ours)).toEqual(Buffer.from(theirs));
          expect(Buffer.from(copy.xof(total))).toEqual(Buffer.from(theirs));
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('refuses a domain byte outside 0x01..0x7F and absorbing after the output', () => {
    expect(() => new TurboShake128Sponge(0)).toThrow(/domain byte/);
    expect(() => new TurboShake128Sponge(0x80)).toThrow(/domain byte/);
    const s = new TurboShake128Sponge(1);
    s.xof(1);
    expect(() => s.update(Uint8Array.of(1))).toThrow(/absorbing after/);
  });
});
