// DAP-18 Appendix B Poplar1 task configuration (vdaf_type 0x00000006, uint16 bits), the task
// parameters that carry it, and the JSON measurements the Poplar1 binding accepts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeVdafConfiguration,
  encodeVdafConfiguration,
  VdafType,
} from '../../dap/messages/index.js';
import { parsePoplar1Measurement } from '../../dap/aggregation-param/poplar1-binding.js';
import { parseTaskParams, vdafConfigOf } from '../../dap/task/task-params.js';
import { FC_RUNS } from '../support/env.js';

const params = (vdaf: Record<string, unknown>, batchMode = 'time_interval') => ({
  task_info: 'aW50ZXJsb2Nr',
  leader: 'http://127.0.0.1:1/leader/',
  helper: 'http://127.0.0.1:2/helper/',
  time_precision: 60,
  min_batch_size: 10,
  batch_mode: batchMode,
  vdaf,
});

describe('Poplar1 task configuration', () => {
  it('round-trips, and refuses truncation and extension', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 0xffff }),
        fc.uint8Array({ minLength: 1 }),
        (bits, x) => {
          const c = { vdaf: 'Poplar1' as const, bits };
          const b = encodeVdafConfiguration(c);
          expect(b).toHaveLength(2);
          expect(decodeVdafConfiguration(VdafType.Poplar1, b)).toEqual(c);
          expect(() => decodeVdafConfiguration(VdafType.Poplar1, b.subarray(0, 1))).toThrow();
          const longer = new Uint8Array([...b, ...x]);
          expect(() => decodeVdafConfiguration(VdafType.Poplar1, longer)).toThrow();
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('takes --bits in [1, 65535] and only time_interval batches', () => {
    expect(vdafConfigOf({ type: 'Poplar1', bits: 32 })).toEqual({ vdaf: 'Poplar1', bits: 32 });
    expect(() => vdafConfigOf({ type: 'Poplar1' })).toThrow(/bits/);
    expect(() => vdafConfigOf({ type: 'Poplar1', bits: 0x10000 })).toThrow(/bits/);
    expect(parseTaskParams(params({ type: 'Poplar1', bits: 8 })).vdaf.bits).toBe(8);
    expect(() => parseTaskParams(params({ type: 'Poplar1', bits: 8 }, 'leader_selected'))).toThrow(
      /time_interval/,
    );
  });
});

describe('Poplar1 measurements as JSON', () => {
  it('a bit string, a boolean array and an integer name the same bits', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 52 }), (bits) => {
        const s = bits.map((b) => (b ? '1' : '0')).join('');
        const n = Number.parseInt(s, 2);
        expect(parsePoplar1Measurement(bits.length, s)).toEqual(bits);
        expect(parsePoplar1Measurement(bits.length, bits)).toEqual(bits);
        expect(parsePoplar1Measurement(bits.length, n)).toEqual(bits);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('refuses a wrong length, other characters and out-of-range integers', () => {
    for (const bad of ['0101', '010101012', 'abcdefgh', 256, -1, 1.5, [1, 0], null, {}])
      expect(() => parsePoplar1Measurement(8, bad)).toThrow(/measurement must be/);
  });
});
