// draft-irtf-cfrg-vdaf-20 §6.1.3.2: polynomials in the Lagrange basis over the powers of a root.
import { VdafArgumentError } from '../errors.js';
import type { Field, FieldVec } from './field.js';
import { cosetEvaluationsInto, log2Exact, nthRootPowers, scratch } from './ntt.js';

/** double_evaluations(p): the 2n evaluations at the 2n-th roots from the n at the n-th roots. */
export function doubleEvaluations(field: Field, p: FieldVec): FieldVec {
  const out = field.zeros(2 * field.len(p));
  doubleEvaluationsInto(field, p, out, 0);
  return out;
}

/** double_evaluations(p) written to out[off .. off + 2n). */
export function doubleEvaluationsInto(field: Field, p: FieldVec, out: FieldVec, off: number): void {
  const n = field.len(p);
  log2Exact(n);
  const odd = cosetEvaluationsInto(field, p, n, scratch(n * field.WORDS, 1));
  for (let i = 0; i < n; i++) {
    field.copy(out, off + 2 * i, p, i);
    field.copy(out, off + 2 * i + 1, odd, i);
  }
}

/** poly_mul(p, q): the product, as 2n evaluations. */
export function polyMul(field: Field, p: FieldVec, q: FieldVec): FieldVec {
  const p2 = doubleEvaluations(field, p);
  const q2 = doubleEvaluations(field, q);
  const n = field.len(p2);
  for (let i = 0; i < n; i++) field.mul(p2, i, p2, i, q2, i);
  return p2;
}

/**
 * poly_eval_batched(polys, x): each polynomial (n evaluations at the n-th roots) evaluated at x,
 * by the barycentric recurrence of Faz25 Alg. 7.
 */
export function polyEvalBatched(field: Field, polys: readonly FieldVec[], x: FieldVec): FieldVec {
  const first = polys[0];
  if (first === undefined) return field.zeros(0);
  const n = field.len(first);
  log2Exact(n);
  const nodes = nthRootPowers(field, n);
  const m = polys.length;
  if (m >= 3) return baryEvalBatched(field, polys, x, n, nodes);
  const u = field.zeros(m);
  polys.forEach((p, j) => {
    field.copy(u, j, p, 0);
  });
  const k = field.elem(1n);
  const d = field.zeros(1);
  const t = field.zeros(1);
  const tmp = field.zeros(1);
  field.sub(d, 0, nodes, 0, x, 0);
  for (let i = 1; i < n; i++) {
    field.mul(k, 0, k, 0, d, 0);
    field.sub(d, 0, nodes, i, x, 0);
    field.mul(t, 0, k, 0, nodes, i);
    for (let j = 0; j < m; j++) {
      field.mul(u, j, u, j, d, 0);
      field.mul(tmp, 0, t, 0, polys[j] as FieldVec, i);
      field.add(u, j, u, j, tmp, 0);
    }
  }
  // factor = (-1)^(n-1) / n
  const factor = field.zeros(1);
  if (n % 2 === 1) field.copy(factor, 0, field.invInt(n), 0);
  else field.sub(factor, 0, factor, 0, field.invInt(n), 0);
  for (let j = 0; j < m; j++) field.mul(u, j, u, j, factor, 0);
  return u;
}

/**
 * The same values by the barycentric form P(x) = sum_i y_i * c_i with
 * c_i = (x^n - 1) * w^i / (n * (x - w^i)): the weights are shared, so each polynomial costs one
 * dot product. At a node x = w^i the value is y_i itself.
 */
function baryEvalBatched(
  field: Field,
  polys: readonly FieldVec[],
  x: FieldVec,
  n: number,
  nodes: FieldVec,
): FieldVec {
  const m = polys.length;
  const u = field.zeros(m);
  const d = field.zeros(n);
  for (let i = 0; i < n; i++) {
    field.sub(d, i, x, 0, nodes, i);
    if (field.isZero(d, i)) {
      polys.forEach((p, j) => {
        field.copy(u, j, p, i);
      });
      return u;
    }
  }
  // Batch inversion of the differences: prefix products, one inversion, back-substitution.
  const prefix = field.zeros(n);
  field.copy(prefix, 0, d, 0);
  for (let i = 1; i < n; i++) field.mul(prefix, i, prefix, i - 1, d, i);
  const inv = field.zeros(1);
  field.invElem(inv, 0, prefix, n - 1);
  // scale = (x^n - 1) / n
  const scale = field.zeros(1);
  field.copy(scale, 0, x, 0);
  for (let k = 1; k < n; k *= 2) field.mul(scale, 0, scale, 0, scale, 0);
  field.sub(scale, 0, scale, 0, field.elem(1n), 0);
  field.mul(scale, 0, scale, 0, field.invInt(n), 0);
  const c = field.zeros(n);
  for (let i = n - 1; i > 0; i--) {
    field.mul(c, i, inv, 0, prefix, i - 1);
    field.mul(inv, 0, inv, 0, d, i);
  }
  field.copy(c, 0, inv, 0);
  for (let i = 0; i < n; i++) {
    field.mul(c, i, c, i, nodes, i);
    field.mul(c, i, c, i, scale, 0);
  }
  polys.forEach((p, j) => {
    field.dot(p, 0, 1, c, 0, 1, n, u, j);
  });
  return u;
}

export function polyEval(field: Field, p: FieldVec, x: FieldVec): FieldVec {
  return polyEvalBatched(field, [p], x);
}

/**
 * extend_values_to_power_of_2(p, n): the evaluations of the same polynomial (degree < len(p)) at
 * all n n-th roots. One missing value (every degree-2 gadget) has the closed form
 * y_(n-1) = -w * sum(y_i * w^i), because the coefficient of x^(n-1) vanishes; otherwise the
 * incremental barycentric form of Faz25 Eq. (3.2.1) is used.
 */
export function extendValuesToPowerOf2(field: Field, p: FieldVec, n: number): FieldVec {
  log2Exact(n);
  const len = field.len(p);
  if (len > n) throw new VdafArgumentError('too many evaluations');
  const out = field.zeros(n);
  out.set(p);
  const x = nthRootPowers(field, n);
  if (len === n) return out;
  if (len === n - 1) {
    const acc = field.zeros(1);
    const tmp = field.zeros(1);
    for (let i = 0; i < len; i++) {
      field.mul(tmp, 0, p, i, x, i);
      field.add(acc, 0, acc, 0, tmp, 0);
    }
    field.mul(acc, 0, acc, 0, x, 1);
    field.sub(out, n - 1, field.zeros(1), 0, acc, 0);
    return out;
  }
  const mod = field.MODULUS;
  const xs = field.toBigInts(x);
  const ys = field.toBigInts(p);
  const w: bigint[] = new Array<bigint>(n).fill(0n);
  for (let i = 0; i < len; i++) {
    let prod = 1n;
    for (let j = 0; j < len; j++) {
      if (j !== i) prod = (prod * ((xs[i] as bigint) - (xs[j] as bigint))) % mod;
    }
    w[i] = prod;
  }
  for (let k = len; k < n; k++) {
    const xk = xs[k] as bigint;
    for (let i = 0; i < k; i++) w[i] = ((w[i] as bigint) * ((xs[i] as bigint) - xk)) % mod;
    let num = 0n;
    let den = 1n;
    for (let i = 0; i < ys.length; i++) {
      num = (num * (w[i] as bigint) + den * (ys[i] as bigint)) % mod;
      den = (den * (w[i] as bigint)) % mod;
    }
    let wk = 1n;
    for (let j = 0; j < k; j++) wk = (wk * (xk - (xs[j] as bigint))) % mod;
    w[k] = wk;
    const y = (-wk * num * field.inv(((den % mod) + mod) % mod)) % mod;
    ys.push(y);
    field.set(out, k, y);
  }
  return out;
}
