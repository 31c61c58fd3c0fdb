// Differential privacy at the aggregators (as libprio-rs's dp module does for Prio3 SumVec and
// Histogram): each aggregator adds discrete noise, calibrated to the whole guarantee, to every field
// element of its aggregate share (mod p) before it leaves, so either honest aggregator alone gives
// (epsilon, delta)-DP per collection under substitution of one measurement. Samplers: CKS20, exact.
import { Field128, Field64 } from '../../vdaf/index.js';
import type { VdafConfig } from '../messages/index.js';
import { TaskError } from '../errors.js';
import {
  cryptoUniform,
  sampleDiscreteGaussian,
  sampleDiscreteLaplace,
  type Rational,
  type UniformSource,
} from './dp-sampler.js';

/** The `dp` section of a task file. */
export interface DpParamsJson {
  /** discrete-laplace: pure epsilon-DP (L1); discrete-gaussian: (epsilon, delta)-DP (L2, via zCDP). */
  mechanism: 'discrete-laplace' | 'discrete-gaussian';
  epsilon: number;
  /** Required by discrete-gaussian, absent for discrete-laplace. */
  delta?: number;
}

/** What a collection's noise is, for the collector's output and every proposal. */
export interface DpStatement {
  mechanism: DpParamsJson['mechanism'];
  epsilon: number;
  delta?: number;
  /** Sensitivity under substitution of one measurement: L1 (Laplace) or L2 squared (Gaussian). */
  sensitivity: string;
  /** Laplace scale b, or Gaussian sigma^2, of each aggregator's noise, as an exact fraction. */
  parameter: string;
  /** Both aggregators add noise: the aggregate carries the sum of two independent draws. */
  noisedBy: 'leader and helper';
}

const MAX_EPSILON = 100;

/** A finite JSON number as the exact decimal fraction it was written as (never a float's bits). */
function decimal(x: number, what: string): Rational {
  const text = String(x);
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (m === null) throw new TaskError('task_invalid', `${what} ${text} is not a plain decimal`);
  const frac = m[2] ?? '';
  const exp = Number(m[3] ?? '0') - frac.length;
  const digits = BigInt(`${m[1]}${frac}`);
  return exp >= 0
    ? { n: digits * 10n ** BigInt(exp), d: 1n }
    : { n: digits, d: 10n ** BigInt(-exp) };
}

/** This value is attacker-controlled when it comes from a file: the task's `dp` section. */
export function parseDpParams(v: unknown): DpParamsJson {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new TaskError('task_invalid', 'dp must be an object');
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!['mechanism', 'epsilon', 'delta'].includes(k))
      throw new TaskError('task_invalid', `dp.${k} is not a known setting`);
  const { mechanism, epsilon, delta } = o;
  if (mechanism !== 'discrete-laplace' && mechanism !== 'discrete-gaussian')
    throw new TaskError(
      'task_invalid',
      'dp.mechanism must be discrete-laplace or discrete-gaussian',
    );
  if (typeof epsilon !== 'number' || !(epsilon > 0 && epsilon <= MAX_EPSILON))
    throw new TaskError('task_invalid', `dp.epsilon must be a number in (0, ${MAX_EPSILON}]`);
  decimal(epsilon, 'dp.epsilon');
  if (mechanism === 'discrete-laplace') {
    if (delta !== undefined)
      throw new TaskError('task_invalid', 'dp.delta belongs to discrete-gaussian only');
    return { mechanism, epsilon };
  }
  if (typeof delta !== 'number' || !(delta > 0 && delta < 1))
    throw new TaskError('task_invalid', 'dp.delta must be a number in (0, 1)');
  return { mechanism, epsilon, delta };
}

/** The mechanism the flags ask for: Laplace without delta, Gaussian with it. */
export function dpParamsFor(epsilon: number, delta?: number): DpParamsJson {
  return parseDpParams(
    delta === undefined
      ? { mechanism: 'discrete-laplace', epsilon }
      : { mechanism: 'discrete-gaussian', epsilon, delta },
  );
}

/** Substitution sensitivities of the Prio3 aggregate: [L1, L2 squared]. */
function sensitivities(c: VdafConfig): [bigint, bigint] {
  switch (c.vdaf) {
    case 'Prio3Count':
      return [1n, 1n];
    case 'Prio3Sum': {
      const m = BigInt(c.maxMeasurement);
      return [m, m * m];
    }
    case 'Prio3SumVec': {
      const m = BigInt(c.maxMeasurement);
      const l = BigInt(c.length);
      return [l * m, l * m * m];
    }
    case 'Prio3Histogram':
      return [2n, 2n];
    case 'Prio3MultihotCountVec': {
      const w = BigInt(Math.min(2 * c.maxWeight, c.length));
      return [w, w];
    }
    case 'Poplar1':
      throw new TaskError('task_invalid', 'dp noise is not offered for Poplar1 tasks');
  }
}

/** The calibrated noise of one aggregator: Laplace scale, or Gaussian sigma^2. */
export interface DpNoise {
  mechanism: DpParamsJson['mechanism'];
  /** discrete-laplace: scale b; discrete-gaussian: sigma^2. */
  parameter: Rational;
  sensitivity: bigint;
}

const ROUND = 1_000_000n;

function reduce(r: Rational): Rational {
  let [a, b] = [r.n, r.d];
  while (b !== 0n) [a, b] = [b, a % b];
  return { n: r.n / a, d: r.d / a };
}

/** Rounds a positive float up to a fraction over 10^6 that is at least as large: more noise, never less. */
function roundUp(x: number): Rational {
  const n = BigInt(Math.ceil(x * Number(ROUND) * (1 + 1e-9))) + 1n;
  return { n, d: ROUND };
}

export function calibrate(dp: DpParamsJson, c: VdafConfig): DpNoise {
  const [l1, l2sq] = sensitivities(c);
  const eps = decimal(dp.epsilon, 'dp.epsilon');
  if (dp.mechanism === 'discrete-laplace')
    // Pure DP: scale = Delta_1 / epsilon, exactly (libprio-rs PureDpDiscreteLaplace).
    return {
      mechanism: dp.mechanism,
      parameter: reduce({ n: l1 * eps.d, d: eps.n }),
      sensitivity: l1,
    };
  // rho-zCDP from N_Z(0, sigma^2) with sigma^2 = Delta_2^2 / (2 rho) (CKS20 Theorem 4), and
  // (epsilon, delta)-DP from rho-zCDP when epsilon = rho + 2 sqrt(rho ln(1/delta)) (Bun-Steinke Prop. 1.3).
  const lnInv = Math.log(1 / (dp.delta ?? 1));
  const sqrtRho = Math.sqrt(lnInv + dp.epsilon) - Math.sqrt(lnInv);
  const sigma2 = Number(l2sq) / (2 * sqrtRho * sqrtRho);
  return { mechanism: dp.mechanism, parameter: reduce(roundUp(sigma2)), sensitivity: l2sq };
}

export function dpStatement(dp: DpParamsJson, c: VdafConfig): DpStatement {
  const noise = calibrate(dp, c);
  return {
    mechanism: dp.mechanism,
    epsilon: dp.epsilon,
    ...(dp.delta === undefined ? {} : { delta: dp.delta }),
    sensitivity: noise.sensitivity.toString(),
    parameter: `${noise.parameter.n}/${noise.parameter.d}`,
    noisedBy: 'leader and helper',
  };
}

export function sampleNoise(noise: DpNoise, u: UniformSource): bigint {
  return noise.mechanism === 'discrete-laplace'
    ? sampleDiscreteLaplace(noise.parameter, u)
    : sampleDiscreteGaussian(noise.parameter, u);
}

function fieldOf(c: VdafConfig) {
  return c.vdaf === 'Prio3Count' || c.vdaf === 'Prio3Sum' ? Field64 : Field128;
}

/**
 * Adds one independent noise draw to each field element of an encoded Prio3 aggregate share
 * (little-endian elements, VDAF-20 §6.1), mod p: the sum of both shares is the aggregate plus noise.
 */
export function addDpNoise(
  dp: DpParamsJson,
  c: VdafConfig,
  aggShare: Uint8Array,
  u: UniformSource = cryptoUniform,
): Uint8Array {
  const field = fieldOf(c);
  const size = field.ENCODED_SIZE;
  const p = field.MODULUS;
  if (aggShare.length % size !== 0)
    throw new TaskError('task_invalid', 'aggregate share is not a vector of field elements');
  const noise = calibrate(dp, c);
  const out = new Uint8Array(aggShare.length);
  for (let at = 0; at < aggShare.length; at += size) {
    let x = 0n;
    for (let i = size - 1; i >= 0; i--) x = (x << 8n) | BigInt(aggShare[at + i] ?? 0);
    let y = (x + sampleNoise(noise, u)) % p;
    if (y < 0n) y += p;
    for (let i = 0; i < size; i++) {
      out[at + i] = Number(y & 0xffn);
      y >>= 8n;
    }
  }
  return out;
}

/** The collector's view of a noisy aggregate: field integers above p/2 are negative counts. */
export function centeredAggregate(c: VdafConfig, aggregate: unknown): unknown {
  const p = fieldOf(c).MODULUS;
  const one = (v: unknown): unknown => {
    if (typeof v !== 'number' && typeof v !== 'string' && typeof v !== 'bigint') return v;
    const x = BigInt(v);
    const signed = x > p / 2n ? x - p : x;
    return Number(signed);
  };
  return Array.isArray(aggregate) ? aggregate.map(one) : one(aggregate);
}

/** The call site of both aggregators: the task's noise on a share about to be stored and sent. */
export function withDpNoise(
  task: { dp: DpParamsJson | undefined; vdafConfig: VdafConfig },
  aggShare: Uint8Array,
): Uint8Array {
  return task.dp === undefined ? aggShare : addDpNoise(task.dp, task.vdafConfig, aggShare);
}
