// Prio3 parameters (draft-irtf-cfrg-vdaf §7.4): a maximum measurement that is not an integer and a
// measurement length that is not positive are refused with param_invalid.
import { describe, expect, it } from 'vitest';
import { chooseChunkLength, Prio3Sum } from '../../vdaf/index.js';

const paramInvalid = expect.objectContaining({ code: 'param_invalid' }) as Error;

describe('Prio3 parameter refusals', () => {
  it('Prio3Sum refuses a maxMeasurement that is not an integer', () => {
    expect(() => new Prio3Sum({ shares: 2, maxMeasurement: 1.5 })).toThrow(paramInvalid);
    expect(() => new Prio3Sum({ shares: 2, maxMeasurement: 1.5 })).toThrow(
      /maxMeasurement must be an integer/,
    );
    expect(new Prio3Sum({ shares: 2, maxMeasurement: 255 }).SHARES).toBe(2);
  });
  it('chooseChunkLength refuses a length that is not a positive integer', () => {
    for (const n of [0, -3, 2.5]) {
      expect(() => chooseChunkLength(n)).toThrow(paramInvalid);
      expect(() => chooseChunkLength(n)).toThrow(/measurement length must be a positive integer/);
    }
    expect(chooseChunkLength(1)).toBeGreaterThanOrEqual(1);
  });
});
