// Exact samplers of the discrete Laplace and discrete Gaussian distributions over the integers:
// Canonne, Kamath, Steinke, "The Discrete Gaussian for Differential Privacy" (2020), Algorithms 1-3,
// on exact rationals (bigint numerator/denominator) and uniform integers; no floating point.
import { createCipheriv, randomBytes } from 'node:crypto';
import { TaskError } from '../errors.js';

/** A positive or zero rational n/d, d > 0. */
export interface Rational {
  n: bigint;
  d: bigint;
}

/** Uniform integers: the only randomness the samplers draw. */
export interface UniformSource {
  /** A uniform integer in [0, bound), bound > 0. */
  below(bound: bigint): bigint;
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/** Rejection sampling from a byte stream: exactly uniform, whatever the bound. */
function uniformFrom(bytes: (n: number) => Uint8Array, bound: bigint): bigint {
  if (bound <= 0n) throw new TaskError('task_invalid', 'uniform bound must be positive');
  if (bound === 1n) return 0n;
  const bits = bitLength(bound - 1n);
  const len = Math.ceil(bits / 8);
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    const b = bytes(len);
    let x = 0n;
    for (const byte of b) x = (x << 8n) | BigInt(byte);
    x &= mask;
    if (x < bound) return x;
  }
}

/** The operating system's CSPRNG (node:crypto): what the aggregators use. */
export const cryptoUniform: UniformSource = {
  below: (bound) => uniformFrom((n) => randomBytes(n), bound),
};

/** A reproducible stream (AES-256-CTR keystream of a 32-byte seed) for statistical tests. */
export function seededUniform(seed: Uint8Array): UniformSource {
  if (seed.length !== 32) throw new TaskError('task_invalid', 'seed must be 32 bytes');
  const cipher = createCipheriv('aes-256-ctr', seed, new Uint8Array(16));
  const zeros = new Uint8Array(4096);
  let pool = new Uint8Array(0);
  let at = 0;
  const bytes = (n: number): Uint8Array => {
    if (at + n > pool.length) {
      pool = new Uint8Array(Buffer.concat([pool.subarray(at), cipher.update(zeros)]));
      at = 0;
    }
    const out = pool.subarray(at, at + n);
    at += n;
    return out;
  };
  return { below: (bound) => uniformFrom(bytes, bound) };
}

/** Bernoulli(n/d) for 0 <= n/d <= 1. */
function bernoulli(p: Rational, u: UniformSource): boolean {
  return u.below(p.d) < p.n;
}

/** Algorithm 1, gamma in [0, 1]: Bernoulli(exp(-gamma)). */
function bernoulliExpAtMostOne(g: Rational, u: UniformSource): boolean {
  let k = 1n;
  while (bernoulli({ n: g.n, d: g.d * k }, u)) k++;
  return k % 2n === 1n;
}

/** Algorithm 1: Bernoulli(exp(-gamma)) for any gamma >= 0. */
export function bernoulliExp(g: Rational, u: UniformSource): boolean {
  const whole = g.n / g.d;
  for (let i = 0n; i < whole; i++) if (!bernoulliExpAtMostOne({ n: 1n, d: 1n }, u)) return false;
  return bernoulliExpAtMostOne({ n: g.n - whole * g.d, d: g.d }, u);
}

/**
 * Algorithm 2: the discrete Laplace distribution with scale t/s,
 * P[X = x] = (e^(s/t) - 1) / (e^(s/t) + 1) * e^(-|x| s/t).
 */
export function sampleDiscreteLaplace(scale: Rational, u: UniformSource): bigint {
  const t = scale.n;
  const s = scale.d;
  if (t <= 0n || s <= 0n)
    throw new TaskError('task_invalid', 'discrete Laplace scale must be positive');
  for (;;) {
    const U = u.below(t);
    if (!bernoulliExp({ n: U, d: t }, u)) continue;
    let V = 0n;
    while (bernoulliExpAtMostOne({ n: 1n, d: 1n }, u)) V++;
    const Y = (U + t * V) / s;
    const negative = bernoulli({ n: 1n, d: 2n }, u);
    if (negative && Y === 0n) continue;
    return negative ? -Y : Y;
  }
}

/** floor(sqrt(n/d)) exactly. */
function floorSqrt(r: Rational): bigint {
  const x = r.n * r.d;
  if (x < 2n) return x / r.d;
  let lo = 0n;
  let hi = 1n << BigInt(Math.ceil(bitLength(x) / 2) + 1);
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (mid * mid <= x) lo = mid;
    else hi = mid;
  }
  return lo / r.d;
}

/** Algorithm 3: the discrete Gaussian N_Z(0, sigma^2), P[X = x] proportional to e^(-x^2 / 2 sigma^2). */
export function sampleDiscreteGaussian(sigma2: Rational, u: UniformSource): bigint {
  if (sigma2.n <= 0n || sigma2.d <= 0n)
    throw new TaskError('task_invalid', 'sigma^2 must be positive');
  const t = floorSqrt(sigma2) + 1n;
  for (;;) {
    const Y = sampleDiscreteLaplace({ n: t, d: 1n }, u);
    const abs = Y < 0n ? -Y : Y;
    // gamma = (|Y| - sigma^2/t)^2 / (2 sigma^2), as one fraction
    const diffN = abs * t * sigma2.d - sigma2.n;
    const diffD = t * sigma2.d;
    const gamma = { n: diffN * diffN * sigma2.d, d: diffD * diffD * 2n * sigma2.n };
    if (bernoulliExp(gamma, u)) return Y;
  }
}
