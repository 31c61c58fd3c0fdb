// What differential-privacy noise means for consensus (docs/consensus.md "Thresholds"): the margin a
// noisy count is trusted to, from the tail of the noise both aggregators add, and the statement
// every proposal carries.
import type { DpNoise, DpStatement } from '../../dap/index.js';

/** The noise of one collection as consensus uses it. */
export interface NoiseModel {
  statement: DpStatement;
  noise: DpNoise;
}

const float = (r: { n: bigint; d: bigint }): number => Number(r.n) / Number(r.d);

/**
 * A bound m with P(|X_leader + X_helper| > m) <= beta for one count: each draw exceeds m/2 with
 * probability at most beta/2. Discrete Laplace with scale b: P(|X| > a) <= 2 e^(-(a+1)/b). Discrete
 * Gaussian (sigma-subgaussian, CKS20 Corollary 9): P(|X| > a) <= 2 e^(-a^2 / 2 sigma^2).
 *
 * @example noiseMargin(undefined, 0.001) === 0
 */
export function noiseMargin(model: NoiseModel | undefined, beta: number): number {
  if (model === undefined) return 0;
  const p = float(model.noise.parameter);
  const a =
    model.noise.mechanism === 'discrete-laplace'
      ? Math.max(0, Math.ceil(p * Math.log(4 / beta)) - 1)
      : Math.ceil(Math.sqrt(p) * Math.sqrt(2 * Math.log(4 / beta)));
  return 2 * a;
}
