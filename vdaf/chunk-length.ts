// draft-irtf-cfrg-vdaf-20 §7.4.3 / §7.3.2: choosing chunk_length for ParallelSum(Mul, chunk_length)
// circuits by the exact proof length rather than the sqrt(MEAS_LEN) rule of thumb.
import { VdafParamError } from './errors.js';
import { gadgetPolyLen, wirePolyLen } from './flp/gadget.js';
import { bitLength } from './flp/circuits/range-checked.js';

/** PROOF_LEN of a circuit whose only gadget is ParallelSum(Mul, chunkLength) over measLen inputs. */
export function parallelSumProofLen(measLen: number, chunkLength: number): number {
  const calls = Math.ceil(measLen / chunkLength);
  return 2 * chunkLength + gadgetPolyLen(2, wirePolyLen(calls));
}

/**
 * The chunk length with the smallest proof; among equals, one whose call count plus one is a
 * power of two (no padding calls), then the one with the least prover work.
 */
export function chooseChunkLength(measLen: number): number {
  if (!Number.isSafeInteger(measLen) || measLen <= 0) {
    throw new VdafParamError('measurement length must be a positive integer');
  }
  let best = 1;
  let bestKey: [number, number, number] = [Infinity, 1, Infinity];
  for (let c = 1; c <= measLen; c++) {
    const calls = Math.ceil(measLen / c);
    const p = wirePolyLen(calls);
    const key: [number, number, number] = [
      parallelSumProofLen(measLen, c),
      calls + 1 === p ? 0 : 1,
      c * p,
    ];
    if (
      key[0] < bestKey[0] ||
      (key[0] === bestKey[0] &&
        (key[1] < bestKey[1] || (key[1] === bestKey[1] && key[2] < bestKey[2])))
    ) {
      best = c;
      bestKey = key;
    }
  }
  return best;
}

/** MEAS_LEN of SumVec: length * bit_length(max_measurement). */
export function sumVecMeasLen(length: number, maxMeasurement: number | bigint): number {
  return length * bitLength(BigInt(maxMeasurement));
}

/** MEAS_LEN of MultihotCountVec: length + bit_length(max_weight). */
export function multihotCountVecMeasLen(length: number, maxWeight: number): number {
  return length + bitLength(BigInt(maxWeight));
}

export function chooseSumVecChunkLength(length: number, maxMeasurement: number | bigint): number {
  return chooseChunkLength(sumVecMeasLen(length, maxMeasurement));
}

export function chooseHistogramChunkLength(length: number): number {
  return chooseChunkLength(length);
}

export function chooseMultihotCountVecChunkLength(length: number, maxWeight: number): number {
  return chooseChunkLength(multihotCountVecMeasLen(length, maxWeight));
}
