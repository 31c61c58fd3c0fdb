// draft-irtf-cfrg-vdaf-20 §7.3.2: gadgets of a validity circuit and the sizes of their polynomials.
import type { Field, FieldVec } from '../field/field.js';
import { nextPowerOf2 } from '../field/ntt.js';

export interface Gadget {
  readonly ARITY: number;
  readonly DEGREE: number;
  /** out[oi] = G(inp[0], ..., inp[ARITY - 1]). */
  eval(field: Field, inp: FieldVec, out: FieldVec, oi: number): void;
  /**
   * The gadget applied to ARITY wire polynomials (each given by its p evaluations at the p-th
   * roots): next_power_of_2(gadget_poly_len(DEGREE, p)) evaluations of the gadget polynomial.
   */
  evalPoly(field: Field, wires: readonly FieldVec[]): FieldVec;
}

/** wire_poly_len: the wire polynomial holds the seed plus one value per call. */
export function wirePolyLen(gadgetCalls: number): number {
  return nextPowerOf2(1 + gadgetCalls);
}

/** gadget_poly_len: evaluations that determine the gadget polynomial. */
export function gadgetPolyLen(gadgetDegree: number, wirePolynomialLen: number): number {
  return gadgetDegree * (wirePolynomialLen - 1) + 1;
}
