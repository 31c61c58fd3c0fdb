// The rolling window scan visits exactly the windows whose fingerprint (the hasher's `at`) is set in
// a filter, with that fingerprint, for one filter (the usual check) and for several.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WINDOW } from '../../../guard/flow/flow-limits.js';
import { createWindowHasher } from '../../../guard/flow/window-hash.js';
import { FC_RUNS } from '../../support/env.js';

function expected(
  at: (b: Uint8Array, o: number) => number,
  bytes: Uint8Array,
  filters: Uint32Array[],
): string[] {
  const out: string[] = [];
  for (let i = 0; i + WINDOW <= bytes.length; i++) {
    const fp = at(bytes, i);
    filters.forEach((f, which) => {
      const bit = fp & (f.length * 32 - 1);
      if (((f[bit >>> 5] ?? 0) >>> (bit & 31)) & 1) out.push(`${i}:${which}:${fp}`);
    });
  }
  return out;
}

describe('window hash scan', () => {
  it('visits every window whose fingerprint is in a filter, and no other', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1032, maxLength: 1032 }),
        fc.uint8Array({ minLength: WINDOW, maxLength: 300, size: 'max' }),
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        (key, text, sizes, seed) => {
          const h = createWindowHasher(key);
          // small filters, half their bits set, so both visits and skips happen
          const filters = sizes.map((s, k) => {
            const f = new Uint32Array(1 << s);
            for (let i = 0; i < f.length; i++) f[i] = Math.imul(seed + i * 7 + k, 0x9e3779b1);
            return f;
          });
          // views repeat bytes, as text does
          const bytes = text.map((b) => b % 8);
          const got: string[] = [];
          h.scan(bytes, filters, (fp, i, which) => got.push(`${i}:${which}:${fp}`));
          got.sort();
          expect(got).toEqual(expected((b, o) => h.at(b, o), bytes, filters).sort());
        },
      ),
      { numRuns: FC_RUNS * 5 },
    );
  });
});
