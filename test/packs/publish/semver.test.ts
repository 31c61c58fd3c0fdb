// Pack version order (semver.org 2.0.0 §11), as `mesh publish` applies it to keep versions rising.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSemver } from '../../../packs/index.js';
import { FC_RUNS } from '../../support/env.js';

describe('compareSemver', () => {
  it('orders the examples of semver §11', () => {
    const order = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '1.0.1',
      '1.1.0',
      '2.0.0',
      '10.0.0',
    ];
    for (let i = 0; i + 1 < order.length; i++) {
      expect(compareSemver(order[i] ?? '', order[i + 1] ?? '')).toBeLessThan(0);
      expect(compareSemver(order[i + 1] ?? '', order[i] ?? '')).toBeGreaterThan(0);
    }
    expect(compareSemver('0.1.5', '0.2.0')).toBeLessThan(0);
  });

  it('is antisymmetric and agrees with numeric order on release versions', () => {
    const v = fc.tuple(fc.nat(999), fc.nat(999), fc.nat(999));
    fc.assert(
      fc.property(v, v, (a, b) => {
        const sa = a.join('.');
        const sb = b.join('.');
        const num = (t: number[]): number => (t[0] ?? 0) * 1e6 + (t[1] ?? 0) * 1e3 + (t[2] ?? 0);
        expect(Math.sign(compareSemver(sa, sb))).toBe(Math.sign(num(a) - num(b)));
        expect(Math.sign(compareSemver(sa, sb))).toBe(-Math.sign(compareSemver(sb, sa)));
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('refuses what is not semver', () => {
    expect(() => compareSemver('1.0', '1.0.0')).toThrow(
      expect.objectContaining({ code: 'pack_invalid' }) as Error,
    );
  });
});
