import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson } from '../../../guard/index.js';
import { FC_RUNS } from '../../support/env.js';

describe('canonical JSON (receipt hashing)', () => {
  it('round-trips through JSON.parse', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(JSON.parse(canonicalJson(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('does not depend on key order, and differs when any value differs', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }),
        fc.string(),
        (obj, extra) => {
          const reversed = Object.fromEntries(Object.entries(obj).reverse());
          expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
          const key = Object.keys(obj)[0]!;
          const changed = { ...obj, [key]: [obj[key], extra] };
          expect(canonicalJson(changed)).not.toBe(canonicalJson(obj));
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('has no whitespace and sorts keys', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: { z: 1, y: 2 } })).toBe(
      '{"a":[true,null,"x"],"b":1,"c":{"y":2,"z":1}}',
    );
  });
});
