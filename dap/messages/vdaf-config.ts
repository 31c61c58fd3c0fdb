// DAP-18 Appendix B: VDAF configuration encodings; VDAF-20 §10 codepoints for vdaf_type.
import { DecodeError } from '../errors.js';
import { decodeAll } from '../codec/reader.js';
import { encodeWith } from '../codec/writer.js';

export const VdafType = {
  Prio3Count: 0x00000001,
  Prio3Sum: 0x00000002,
  Prio3SumVec: 0x00000003,
  Prio3Histogram: 0x00000004,
  Prio3MultihotCountVec: 0x00000005,
  Poplar1: 0x00000006,
} as const;
export type VdafName = keyof typeof VdafType;

export type VdafConfig =
  | { vdaf: 'Prio3Count' }
  | { vdaf: 'Prio3Sum'; maxMeasurement: number }
  | { vdaf: 'Prio3SumVec'; length: number; maxMeasurement: number; chunkLength: number }
  | { vdaf: 'Prio3Histogram'; length: number; chunkLength: number }
  | { vdaf: 'Prio3MultihotCountVec'; length: number; chunkLength: number; maxWeight: number }
  | { vdaf: 'Poplar1'; bits: number };

export function encodeVdafConfiguration(c: VdafConfig): Uint8Array {
  return encodeWith((w) => {
    switch (c.vdaf) {
      case 'Prio3Count':
        return;
      case 'Prio3Sum':
        w.u64(c.maxMeasurement, 'max_measurement');
        return;
      case 'Prio3SumVec':
        w.u32(c.length, 'length').u64(c.maxMeasurement, 'max_measurement');
        w.u32(c.chunkLength, 'chunk_length');
        return;
      case 'Prio3Histogram':
        w.u32(c.length, 'length').u32(c.chunkLength, 'chunk_length');
        return;
      case 'Prio3MultihotCountVec':
        w.u32(c.length, 'length').u32(c.chunkLength, 'chunk_length');
        w.u64(c.maxWeight, 'max_weight');
        return;
      case 'Poplar1':
        w.u16(c.bits, 'bits');
        return;
    }
  });
}

export function decodeVdafConfiguration(vdafType: number, b: Uint8Array): VdafConfig {
  const what = 'vdaf_configuration';
  switch (vdafType) {
    case VdafType.Prio3Count:
      return decodeAll(b, what, () => ({ vdaf: 'Prio3Count' }));
    case VdafType.Prio3Sum:
      return decodeAll(b, what, (r) => ({ vdaf: 'Prio3Sum', maxMeasurement: r.u64('max') }));
    case VdafType.Prio3SumVec:
      return decodeAll(b, what, (r) => ({
        vdaf: 'Prio3SumVec',
        length: r.u32('length'),
        maxMeasurement: r.u64('max_measurement'),
        chunkLength: r.u32('chunk_length'),
      }));
    case VdafType.Prio3Histogram:
      return decodeAll(b, what, (r) => ({
        vdaf: 'Prio3Histogram',
        length: r.u32('length'),
        chunkLength: r.u32('chunk_length'),
      }));
    case VdafType.Prio3MultihotCountVec:
      return decodeAll(b, what, (r) => ({
        vdaf: 'Prio3MultihotCountVec',
        length: r.u32('length'),
        chunkLength: r.u32('chunk_length'),
        maxWeight: r.u64('max_weight'),
      }));
    case VdafType.Poplar1:
      return decodeAll(b, what, (r) => ({ vdaf: 'Poplar1', bits: r.u16('bits') }));
    default:
      throw new DecodeError('decode_invalid', `unsupported vdaf_type ${vdafType}`);
  }
}
