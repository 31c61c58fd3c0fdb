// Differential-privacy noise at the aggregators (dap/aggregator/dp-sampler.ts, dp-noise.ts): the
// exact CKS20 samplers against their exact pmfs by a chi-square test (fixed seeds), the calibration
// of the task's dp section, and the noise added in the field to an aggregate share.
import { describe, expect, it } from 'vitest';
import {
  addDpNoise,
  calibrate,
  centeredAggregate,
  parseDpParams,
} from '../../dap/aggregator/dp-noise.js';
import {
  bernoulliExp,
  sampleDiscreteGaussian,
  sampleDiscreteLaplace,
  seededUniform,
  type UniformSource,
} from '../../dap/aggregator/dp-sampler.js';
import type { VdafConfig } from '../../dap/messages/index.js';
import { Field128 } from '../../vdaf/index.js';

const seed = (b: number) => new Uint8Array(32).fill(b);
const N = 20_000;

/** Pearson's chi-square over the bins |x| <= k (pooled tails), against pmf(x). */
function chiSquare(samples: number[], pmf: (x: number) => number, k: number) {
  const counts = new Map<number, number>();
  for (const x of samples) {
    const b = Math.max(-k - 1, Math.min(k + 1, x));
    counts.set(b, (counts.get(b) ?? 0) + 1);
  }
  let inside = 0;
  let stat = 0;
  for (let x = -k; x <= k; x++) {
    const e = pmf(x) * samples.length;
    inside += pmf(x);
    stat += ((counts.get(x) ?? 0) - e) ** 2 / e;
  }
  const tail = ((1 - inside) / 2) * samples.length;
  for (const b of [-k - 1, k + 1]) stat += ((counts.get(b) ?? 0) - tail) ** 2 / tail;
  return { stat, df: 2 * k + 2 };
}

/** The 0.999 quantile of chi-square with df degrees of freedom (Wilson-Hilferty), a loose bound. */
const critical = (df: number) => df * (1 - 2 / (9 * df) + 3.09 * Math.sqrt(2 / (9 * df))) ** 3;

describe('exact samplers (CKS20)', () => {
  it('Bernoulli(exp(-gamma)) has mean exp(-gamma) for gamma below and above one', () => {
    for (const [n, d] of [
      [1n, 3n],
      [7n, 2n],
    ] as const) {
      const u = seededUniform(seed(1));
      let ones = 0;
      for (let i = 0; i < N; i++) if (bernoulliExp({ n, d }, u)) ones++;
      const p = Math.exp(-Number(n) / Number(d));
      expect(Math.abs(ones / N - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / N));
    }
  });

  it.each([
    [3n, 2n],
    [10n, 1n],
  ])('discrete Laplace with scale %d/%d fits its pmf (chi-square, fixed seed)', (t, s) => {
    const u = seededUniform(seed(2));
    const b = Number(t) / Number(s);
    const q = Math.exp(-1 / b);
    const pmf = (x: number) => ((1 - q) / (1 + q)) * q ** Math.abs(x);
    const xs = Array.from({ length: N }, () => Number(sampleDiscreteLaplace({ n: t, d: s }, u)));
    const k = Math.ceil(3 * b);
    const { stat, df } = chiSquare(xs, pmf, k);
    expect(stat).toBeLessThan(critical(df));
  });

  it.each([
    [4n, 1n],
    [70n, 3n],
  ])('discrete Gaussian with sigma^2 = %d/%d fits its pmf (chi-square, fixed seed)', (n, d) => {
    const u = seededUniform(seed(3));
    const s2 = Number(n) / Number(d);
    let z = 0;
    for (let x = -200; x <= 200; x++) z += Math.exp(-(x * x) / (2 * s2));
    const pmf = (x: number) => Math.exp(-(x * x) / (2 * s2)) / z;
    const xs = Array.from({ length: N }, () => Number(sampleDiscreteGaussian({ n, d }, u)));
    const k = Math.ceil(2.5 * Math.sqrt(s2));
    const { stat, df } = chiSquare(xs, pmf, k);
    expect(stat).toBeLessThan(critical(df));
    const mean = xs.reduce((a, x) => a + x, 0) / N;
    expect(Math.abs(mean)).toBeLessThan(4 * Math.sqrt(s2 / N));
  });

  it('a chi-square test can fail: the Laplace samples do not fit a wider pmf', () => {
    const u = seededUniform(seed(2));
    const xs = Array.from({ length: N }, () => Number(sampleDiscreteLaplace({ n: 3n, d: 2n }, u)));
    const q = Math.exp(-1 / 3);
    const wrong = (x: number) => ((1 - q) / (1 + q)) * q ** Math.abs(x);
    const { stat, df } = chiSquare(xs, wrong, 5);
    expect(stat).toBeGreaterThan(critical(df));
  });

  it('refuses a non-positive scale or bound and a seed of the wrong size, by code', () => {
    const invalid = expect.objectContaining({ code: 'task_invalid' }) as Error;
    const u = seededUniform(seed(5));
    expect(() => sampleDiscreteLaplace({ n: 0n, d: 1n }, u)).toThrow(invalid);
    expect(() => sampleDiscreteGaussian({ n: 1n, d: 0n }, u)).toThrow(invalid);
    expect(() => u.below(0n)).toThrow(invalid);
    expect(() => seededUniform(new Uint8Array(31))).toThrow(invalid);
  });
});

const sumVec: VdafConfig = { vdaf: 'Prio3SumVec', length: 10, maxMeasurement: 1, chunkLength: 3 };

describe('calibration and the field', () => {
  it('Laplace scale is the L1 sensitivity over epsilon, exactly; Gaussian sigma^2 is rounded up', () => {
    const lap = calibrate(parseDpParams({ mechanism: 'discrete-laplace', epsilon: 0.5 }), sumVec);
    expect(lap.parameter).toEqual({ n: 20n, d: 1n });
    const hist = calibrate(parseDpParams({ mechanism: 'discrete-laplace', epsilon: 2 }), {
      vdaf: 'Prio3Histogram',
      length: 4,
      chunkLength: 2,
    });
    expect(hist.parameter).toEqual({ n: 1n, d: 1n });
    const g = calibrate(
      parseDpParams({ mechanism: 'discrete-gaussian', epsilon: 1, delta: 1e-6 }),
      sumVec,
    );
    // rho from epsilon = rho + 2 sqrt(rho ln(1/delta)), sigma^2 = L2^2 / (2 rho), never less.
    const ln = Math.log(1e6);
    const rho = (Math.sqrt(ln + 1) - Math.sqrt(ln)) ** 2;
    const sigma2 = Number(g.parameter.n) / Number(g.parameter.d);
    expect(sigma2).toBeGreaterThanOrEqual(10 / (2 * rho));
    expect(sigma2).toBeLessThan(10 / (2 * rho) + 1e-3);
  });

  it.each([
    [{ mechanism: 'laplace', epsilon: 1 }],
    [{ mechanism: 'discrete-laplace', epsilon: 0 }],
    [{ mechanism: 'discrete-laplace', epsilon: 1, delta: 0.1 }],
    [{ mechanism: 'discrete-gaussian', epsilon: 1 }],
    [{ mechanism: 'discrete-gaussian', epsilon: 1, delta: 1 }],
    [{ mechanism: 'discrete-laplace', epsilon: 1, sigma: 2 }],
    [null],
  ])('refuses the dp section %j', (raw) => {
    expect(() => parseDpParams(raw)).toThrow(
      expect.objectContaining({ code: 'task_invalid' }) as Error,
    );
  });

  it('noise added mod p to two shares of zero sums to two draws, read back as signed counts', () => {
    const dp = parseDpParams({ mechanism: 'discrete-laplace', epsilon: 1 });
    const zero = new Uint8Array(10 * Field128.ENCODED_SIZE);
    const draws: UniformSource = seededUniform(seed(4));
    const a = addDpNoise(dp, sumVec, zero, draws);
    const b = addDpNoise(dp, sumVec, zero, draws);
    expect(a).not.toEqual(zero);
    // The noisy shares are still canonical vectors of field elements (little-endian, below p).
    const x = Field128.toBigInts(Field128.decodeVec(a, 10, 'share'));
    const y = Field128.toBigInts(Field128.decodeVec(b, 10, 'share'));
    const sum = x.map((v, i) => ((v + (y[i] ?? 0n)) % Field128.MODULUS).toString());
    const counts = centeredAggregate(sumVec, sum) as number[];
    expect(counts.some((c) => c < 0)).toBe(true);
    expect(counts.every((c) => Math.abs(c) < 200)).toBe(true);
  });
});
