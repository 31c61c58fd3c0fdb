// The report-vector codec (node/consensus/vector.ts): round trips, and truncated, extended or
// malformed vectors refused by code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeAggregate,
  decodeReport,
  encodeAggregate,
  encodeReport,
  layoutOf,
  vectorLength,
  type VectorLayout,
} from '../../node/consensus/index.js';
import { FC_RUNS } from '../support/env.js';

const layoutArb = fc
  .record({ n: fc.integer({ min: 0, max: 12 }), tiers: fc.integer({ min: 1, max: 5 }) })
  .map(({ n, tiers }): VectorLayout => ({
    catalog: Array.from({ length: n }, (_, i) => `r${i}`),
    tiers,
  }));

const subset = (catalog: readonly string[]) => fc.subarray([...catalog]).map((xs) => new Set(xs));

const reportArb = layoutArb.chain((layout) =>
  fc
    .record({
      hits: subset(layout.catalog),
      falsePositiveMarks: subset(layout.catalog),
      approvals: subset(layout.catalog),
      rejections: subset(layout.catalog),
      tier: fc.integer({ min: 0, max: layout.tiers - 1 }),
    })
    .map((s) => ({ layout, s })),
);

const code = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as { code: string }).code;
  }
  return 'none';
};

describe('report vector codec', () => {
  it('property: a report round-trips; truncated, extended or non-0/1 vectors are refused', () => {
    fc.assert(
      fc.property(reportArb, fc.nat(), ({ layout, s }, k) => {
        const v = encodeReport(layout, s);
        expect(v).toHaveLength(vectorLength(layout));
        expect(decodeReport(layout, v)).toEqual(s);
        expect(code(() => decodeReport(layout, v.slice(0, -1)))).toBe('vector_invalid');
        expect(code(() => decodeReport(layout, [...v, 0]))).toBe('vector_invalid');
        const bad = [...v];
        bad[k % v.length] = 2;
        expect(code(() => decodeReport(layout, bad))).toBe('vector_invalid');
        const twoTiers = [...v];
        if (layout.tiers > 1) {
          twoTiers[v.length - 1] = 1;
          twoTiers[v.length - 2] = 1;
          expect(code(() => decodeReport(layout, twoTiers))).toBe('vector_invalid');
        }
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('property: an aggregate (noisy counts included) round-trips; a wrong length is refused', () => {
    fc.assert(
      fc.property(
        layoutArb.chain((layout) =>
          fc
            .array(fc.integer({ min: -1000, max: 100_000 }), {
              minLength: vectorLength(layout),
              maxLength: vectorLength(layout),
            })
            .map((v) => ({ layout, v })),
        ),
        ({ layout, v }) => {
          expect(encodeAggregate(decodeAggregate(layout, v))).toEqual(v);
          expect(code(() => decodeAggregate(layout, v.slice(1)))).toBe('vector_invalid');
          expect(code(() => decodeAggregate(layout, [...v, 1]))).toBe('vector_invalid');
          expect(code(() => decodeAggregate(layout, [...v.slice(1), 0.5]))).toBe('vector_invalid');
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('the layout is what the task length leaves for tiers after four signals per rule', () => {
    expect(layoutOf(['a', 'b'], 11).tiers).toBe(3);
    expect(code(() => layoutOf(['a', 'b'], 8))).toBe('vector_invalid');
    expect(code(() => layoutOf(['a', 'b'], 4))).toBe('vector_invalid');
    expect(code(() => layoutOf(['a'], 4 + 17))).toBe('vector_invalid');
    expect(code(() => decodeAggregate(layoutOf(['a'], 5), 'x'))).toBe('vector_invalid');
  });
});
