// fast-check arbitraries: a random small Prio3 instance with a measurement and its plain sum.
import fc from 'fast-check';
import {
  Prio3Count,
  Prio3Histogram,
  Prio3MultihotCountVec,
  Prio3Sum,
  Prio3SumVec,
} from '../../../vdaf/index.js';
import type { AnyPrio3 } from './vectors.js';

export interface Case {
  name: string;
  vdaf: AnyPrio3;
  measurements: unknown[];
  expected: unknown;
}

const shares = fc.integer({ min: 2, max: 4 });
const proofs = fc.integer({ min: 1, max: 2 });
const erase = (x: unknown): AnyPrio3 => x as AnyPrio3;

const count = fc
  .record({
    shares,
    proofs,
    ms: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 1, maxLength: 4 }),
  })
  .map(({ shares, proofs, ms }): Case => ({
    name: 'Prio3Count',
    vdaf: erase(new Prio3Count({ shares, proofs })),
    measurements: ms,
    expected: ms.reduce((a, b) => a + b, 0),
  }));

const sum = fc
  .record({
    shares,
    proofs,
    max: fc.bigInt({ min: 1n, max: (1n << 40n) - 1n }),
    n: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ shares, proofs, max, n }) =>
    fc.array(fc.bigInt({ min: 0n, max }), { minLength: n, maxLength: n }).map((ms): Case => ({
      name: 'Prio3Sum',
      vdaf: erase(new Prio3Sum({ shares, proofs, maxMeasurement: max })),
      measurements: ms,
      expected: ms.reduce((a, b) => a + b, 0n),
    })),
  );

const sumVec = fc
  .record({
    shares,
    proofs,
    length: fc.integer({ min: 1, max: 12 }),
    max: fc.bigInt({ min: 1n, max: 1000n }),
    chunk: fc.integer({ min: 1, max: 12 }),
    n: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ shares, proofs, length, max, chunk, n }) =>
    fc
      .array(fc.array(fc.bigInt({ min: 0n, max }), { minLength: length, maxLength: length }), {
        minLength: n,
        maxLength: n,
      })
      .map((ms): Case => ({
        name: 'Prio3SumVec',
        vdaf: erase(
          new Prio3SumVec({ shares, proofs, length, maxMeasurement: max, chunkLength: chunk }),
        ),
        measurements: ms,
        expected: Array.from({ length }, (_, i) => ms.reduce((a, m) => a + m[i]!, 0n)),
      })),
  );

const histogram = fc
  .record({
    shares,
    proofs,
    length: fc.integer({ min: 1, max: 20 }),
    chunk: fc.integer({ min: 1, max: 8 }),
    n: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ shares, proofs, length, chunk, n }) =>
    fc
      .array(fc.integer({ min: 0, max: length - 1 }), { minLength: n, maxLength: n })
      .map((ms): Case => ({
        name: 'Prio3Histogram',
        vdaf: erase(new Prio3Histogram({ shares, proofs, length, chunkLength: chunk })),
        measurements: ms,
        expected: Array.from({ length }, (_, i) => ms.filter((m) => m === i).length),
      })),
  );

const multihot = fc
  .record({
    shares,
    proofs,
    length: fc.integer({ min: 1, max: 12 }),
    chunk: fc.integer({ min: 1, max: 6 }),
    n: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ shares, proofs, length, chunk, n }) =>
    fc.integer({ min: 1, max: length }).chain((maxWeight) =>
      fc
        .array(
          fc
            .uniqueArray(fc.integer({ min: 0, max: length - 1 }), { maxLength: maxWeight })
            .map((idx) => Array.from({ length }, (_, i) => idx.includes(i))),
          { minLength: n, maxLength: n },
        )
        .map((ms): Case => ({
          name: 'Prio3MultihotCountVec',
          vdaf: erase(
            new Prio3MultihotCountVec({ shares, proofs, length, maxWeight, chunkLength: chunk }),
          ),
          measurements: ms,
          expected: Array.from({ length }, (_, i) => ms.filter((m) => m[i]).length),
        })),
    ),
  );

export const anyCase: fc.Arbitrary<Case> = fc.oneof(count, sum, sumVec, histogram, multihot);
