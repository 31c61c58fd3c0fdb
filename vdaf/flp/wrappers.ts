// draft-irtf-cfrg-vdaf-20 §7.3.3-§7.3.4: ProveGadget and QueryGadget, which record each call's
// input wires; the query wrapper answers from the gadget polynomial in the proof.
import type { Field, FieldVec } from '../field/field.js';
import { extendValuesToPowerOf2 } from '../field/lagrange.js';
import { nextPowerOf2 } from '../field/ntt.js';
import { gadgetPolyLen, wirePolyLen, type Gadget } from './gadget.js';

abstract class RecordingGadget implements Gadget {
  readonly ARITY: number;
  readonly DEGREE: number;
  /** wires[j] holds p evaluations: the seed, then wire j's value at each call, then zeros. */
  readonly wires: FieldVec[] = [];
  protected k = 0;

  constructor(
    protected readonly field: Field,
    wireSeeds: FieldVec,
    readonly inner: Gadget,
    calls: number,
  ) {
    this.ARITY = inner.ARITY;
    this.DEGREE = inner.DEGREE;
    const p = wirePolyLen(calls);
    // One buffer for all wires (views of it): one allocation per gadget instead of one per wire.
    const all = field.zeros(inner.ARITY * p);
    for (let j = 0; j < inner.ARITY; j++) {
      const wire = field.view(all, j * p, (j + 1) * p);
      field.copy(wire, 0, wireSeeds, j);
      this.wires.push(wire);
    }
  }

  protected record(inp: FieldVec): void {
    this.k += 1;
    const f = this.field;
    const k = this.k;
    for (let j = 0; j < this.ARITY; j++) f.copy(this.wires[j] as FieldVec, k, inp, j);
  }

  abstract eval(field: Field, inp: FieldVec, out: FieldVec, oi: number): void;

  evalPoly(field: Field, wires: readonly FieldVec[]): FieldVec {
    return this.inner.evalPoly(field, wires);
  }
}

export class ProveGadget extends RecordingGadget {
  eval(field: Field, inp: FieldVec, out: FieldVec, oi: number): void {
    this.record(inp);
    this.inner.eval(field, inp, out, oi);
  }
}

export class QueryGadget extends RecordingGadget {
  /** The gadget polynomial's evaluations at all `size` size-th roots. */
  readonly poly: FieldVec;
  private readonly step: number;

  constructor(
    field: Field,
    wireSeeds: FieldVec,
    gadgetPoly: FieldVec,
    inner: Gadget,
    calls: number,
  ) {
    super(field, wireSeeds, inner, calls);
    const p = wirePolyLen(calls);
    // size = next_power_of_2(gadget_poly_len) = next_power_of_2(len(gadget_poly)), so extending
    // to a power of two already yields `size` evaluations; the draft's doubling loop never runs.
    const size = nextPowerOf2(gadgetPolyLen(inner.DEGREE, p));
    this.poly = extendValuesToPowerOf2(field, gadgetPoly, size);
    this.step = size / p;
  }

  eval(field: Field, inp: FieldVec, out: FieldVec, oi: number): void {
    this.record(inp);
    field.copy(out, oi, this.poly, this.k * this.step);
  }
}
