// Instance parameters, sizes DAP relies on, and the chunk_length chooser.
import { describe, expect, it } from 'vitest';
import {
  Prio3Count,
  Prio3Histogram,
  Prio3MultihotCountVec,
  Prio3Sum,
  Prio3SumVec,
  VdafArgumentError,
  VdafMeasurementError,
  VdafParamError,
  chooseChunkLength,
  chooseHistogramChunkLength,
  chooseMultihotCountVecChunkLength,
  chooseSumVecChunkLength,
  parallelSumProofLen,
} from '../../vdaf/index.js';

describe('instances', () => {
  it('expose the draft codepoints and the sizes DAP needs', () => {
    const sv = new Prio3SumVec({ shares: 2, length: 10, maxMeasurement: 255, chunkLength: 9 });
    expect([sv.ID, sv.VERIFY_KEY_SIZE, sv.NONCE_SIZE, sv.RAND_SIZE, sv.ROUNDS]).toEqual([
      3, 32, 16, 128, 1,
    ]);
    // README of the vectors: leader share 2096 B, helper 64 B, verifier share 352 B for SumVec_0.
    expect(sv.inputShareLength(0)).toBe(2096);
    expect(sv.inputShareLength(1)).toBe(64);
    expect(sv.flp.PROOF_LEN).toBe(49);
    expect(new Prio3Count({ shares: 3 }).RAND_SIZE).toBe(96);
    expect(new Prio3Count({ shares: 2 }).ID).toBe(1);
    expect(new Prio3Sum({ shares: 2, maxMeasurement: 1 }).ID).toBe(2);
    expect(new Prio3Histogram({ shares: 2, length: 2, chunkLength: 1 }).ID).toBe(4);
    expect(
      new Prio3MultihotCountVec({ shares: 2, length: 2, maxWeight: 1, chunkLength: 1 }).ID,
    ).toBe(5);
  });

  it('reject bad parameters with VdafParamError', () => {
    const bad = [
      () => new Prio3Count({ shares: 1 }),
      () => new Prio3Count({ shares: 256 }),
      () => new Prio3Count({ shares: 2, proofs: 0 }),
      () => new Prio3Sum({ shares: 2, maxMeasurement: 0 }),
      () => new Prio3Sum({ shares: 2, maxMeasurement: 1n << 64n }),
      () => new Prio3SumVec({ shares: 2, length: 0, maxMeasurement: 1, chunkLength: 1 }),
      () => new Prio3SumVec({ shares: 2, length: 2, maxMeasurement: 1, chunkLength: 0 }),
      () => new Prio3Histogram({ shares: 2, length: 2, chunkLength: 1.5 }),
      () => new Prio3MultihotCountVec({ shares: 2, length: 2, maxWeight: 3, chunkLength: 1 }),
    ];
    for (const f of bad) expect(f).toThrow(VdafParamError);
  });

  it('reject invalid measurements with VdafMeasurementError', () => {
    const nonce = new Uint8Array(16);
    const c = new Prio3Count({ shares: 2 });
    expect(() => c.shard(new Uint8Array(0), 2, nonce, new Uint8Array(c.RAND_SIZE))).toThrow(
      VdafMeasurementError,
    );
    const s = new Prio3Sum({ shares: 2, maxMeasurement: 10 });
    expect(() => s.shard(new Uint8Array(0), 11, nonce, new Uint8Array(s.RAND_SIZE))).toThrow(
      VdafMeasurementError,
    );
    const h = new Prio3Histogram({ shares: 2, length: 3, chunkLength: 1 });
    expect(() => h.shard(new Uint8Array(0), 3, nonce, new Uint8Array(h.RAND_SIZE))).toThrow(
      VdafMeasurementError,
    );
    const v = new Prio3SumVec({ shares: 2, length: 2, maxMeasurement: 3, chunkLength: 1 });
    expect(() => v.shard(new Uint8Array(0), [1n], nonce, new Uint8Array(v.RAND_SIZE))).toThrow(
      VdafMeasurementError,
    );
    expect(() =>
      v.shard(new Uint8Array(0), [1n, 2n], new Uint8Array(15), new Uint8Array(v.RAND_SIZE)),
    ).toThrow(/nonce/);
  });
});

describe('verification arguments', () => {
  it('reject wrong sizes, aggregator ids and share kinds with VdafArgumentError', () => {
    const v = new Prio3Histogram({ shares: 2, length: 4, chunkLength: 2 });
    const ctx = new Uint8Array(0);
    const nonce = new Uint8Array(16);
    const key = new Uint8Array(32);
    const [pub, [leader, helper]] = v.shard(ctx, 1, nonce, new Uint8Array(v.RAND_SIZE));
    const bad = [
      () => v.verifyInit(new Uint8Array(31), ctx, 0, null, nonce, pub, leader!),
      () => v.verifyInit(key, ctx, 0, null, new Uint8Array(15), pub, leader!),
      () => v.verifyInit(key, ctx, 2, null, nonce, pub, helper!),
      () => v.verifyInit(key, ctx, 1, null, nonce, pub, leader!),
      () => v.verifyInit(key, ctx, 0, null, nonce, pub, helper!),
      () => v.verifyInit(key, ctx, 0, null, nonce, null, leader!),
      () => v.verifyInit(key, ctx, 0, null, nonce, [pub![0]!], leader!),
      () => v.verifierSharesToMessage(ctx, null, []),
    ];
    for (const f of bad) expect(f).toThrow(VdafArgumentError);
  });
});

describe('chunk length chooser', () => {
  it('returns the proof-length minimiser, found by brute force', () => {
    for (const m of [1, 2, 3, 10, 80, 100, 128, 129, 500, 1024, 3000]) {
      const c = chooseChunkLength(m);
      let min = Infinity;
      for (let k = 1; k <= m; k++) min = Math.min(min, parallelSumProofLen(m, k));
      expect(parallelSumProofLen(m, c)).toBe(min);
    }
  });

  it('beats the sqrt rule by a wide margin at SumVec(1024, max 1)', () => {
    expect(chooseSumVecChunkLength(1024, 1)).toBe(34);
    expect(parallelSumProofLen(1024, 34)).toBe(131);
    expect(parallelSumProofLen(1024, 32)).toBe(191);
    expect(chooseHistogramChunkLength(128)).toBe(9);
    expect(chooseMultihotCountVecChunkLength(10, 2)).toBe(chooseChunkLength(12));
  });
});
