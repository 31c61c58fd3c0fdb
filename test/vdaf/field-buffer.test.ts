import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Field128, Field64 } from '../../vdaf/index.js';
import { FC_RUNS } from '../support/env.js';

// A Node Buffer's slice() is a view into the shared pool: decoding must copy the bytes it was
// given, not the pool around them (DAP hands the room Buffers from HTTP bodies).
describe('decodeVec from a Buffer that is a view into a larger pool', () => {
  for (const field of [Field64, Field128]) {
    it(`${field.name} decodes the same elements as from a plain Uint8Array`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 64 }), (n, pad) => {
          const plain = new Uint8Array(n * field.ENCODED_SIZE);
          for (let i = 0; i < n; i++) plain[i * field.ENCODED_SIZE] = (i * 37 + 1) & 0xff;
          const pool = Buffer.alloc(pad + plain.length + 16, 0xff);
          pool.set(plain, pad);
          const view = pool.subarray(pad, pad + plain.length);
          expect(field.encodeVec(field.decodeVec(view, n, 'v'))).toEqual(
            field.encodeVec(field.decodeVec(plain, n, 'v')),
          );
        }),
        { numRuns: FC_RUNS },
      );
    });
  }
});
