// draft-irtf-cfrg-vdaf-20 §7.3: the generic FLP of BBCGGI19 Thm 4.3: prove, query, decide.
import type { Field, FieldVec } from '../field/field.js';
import { polyEval, polyEvalBatched } from '../field/lagrange.js';
import { gadgetPolyLen, wirePolyLen } from './gadget.js';
import { proofLen, proveRandLen, queryRandLen, verifierLen, type Valid } from './valid.js';
import { ProveGadget, QueryGadget } from './wrappers.js';

/** Raised by query() when the test point is a root of unity (§7.3.4); the report is rejected. */
export class TestPointError extends Error {}

export class FlpBBCGGI19<M, R> {
  readonly field: Field;
  readonly PROVE_RAND_LEN: number;
  readonly QUERY_RAND_LEN: number;
  readonly JOINT_RAND_LEN: number;
  readonly MEAS_LEN: number;
  readonly OUTPUT_LEN: number;
  readonly PROOF_LEN: number;
  readonly VERIFIER_LEN: number;

  constructor(readonly valid: Valid<M, R>) {
    this.field = valid.field;
    this.PROVE_RAND_LEN = proveRandLen(valid);
    this.QUERY_RAND_LEN = queryRandLen(valid);
    this.JOINT_RAND_LEN = valid.JOINT_RAND_LEN;
    this.MEAS_LEN = valid.MEAS_LEN;
    this.OUTPUT_LEN = valid.OUTPUT_LEN;
    this.PROOF_LEN = proofLen(valid);
    this.VERIFIER_LEN = verifierLen(valid);
  }

  encode(measurement: M): FieldVec {
    return this.valid.encode(measurement);
  }

  truncate(meas: FieldVec): FieldVec {
    return this.valid.truncate(meas);
  }

  decode(output: FieldVec, numMeasurements: number): R {
    return this.valid.decode(output, numMeasurements);
  }

  prove(meas: FieldVec, proveRand: FieldVec, jointRand: FieldVec): FieldVec {
    const f = this.field;
    let off = 0;
    const gadgets = this.valid.GADGETS.map((g, i) => {
      const seeds = f.view(proveRand, off, off + g.ARITY);
      off += g.ARITY;
      return new ProveGadget(f, seeds, g, this.valid.GADGET_CALLS[i] ?? 0);
    });
    this.valid.eval(meas, jointRand, 1, gadgets);
    const parts: FieldVec[] = [];
    gadgets.forEach((g, i) => {
      const p = wirePolyLen(this.valid.GADGET_CALLS[i] ?? 0);
      for (const wire of g.wires) parts.push(f.view(wire, 0, 1));
      const gadgetPoly = g.evalPoly(f, g.wires);
      parts.push(f.view(gadgetPoly, 0, gadgetPolyLen(g.DEGREE, p)));
    });
    return f.concat(parts);
  }

  query(
    meas: FieldVec,
    proof: FieldVec,
    queryRand: FieldVec,
    jointRand: FieldVec,
    numShares: number,
  ): FieldVec {
    const f = this.field;
    let off = 0;
    const gadgets = this.valid.GADGETS.map((g, i) => {
      const calls = this.valid.GADGET_CALLS[i] ?? 0;
      const seeds = f.view(proof, off, off + g.ARITY);
      off += g.ARITY;
      const len = gadgetPolyLen(g.DEGREE, wirePolyLen(calls));
      const gadgetPoly = f.view(proof, off, off + len);
      off += len;
      return new QueryGadget(f, seeds, gadgetPoly, g, calls);
    });
    const out = this.valid.eval(meas, jointRand, numShares, gadgets);

    // Reduce the circuit output with the first EVAL_OUTPUT_LEN query randomness elements.
    const v = f.zeros(1);
    let qOff = 0;
    if (this.valid.EVAL_OUTPUT_LEN > 1) {
      const tmp = f.zeros(1);
      for (let i = 0; i < this.valid.EVAL_OUTPUT_LEN; i++) {
        f.mul(tmp, 0, queryRand, i, out, i);
        f.add(v, 0, v, 0, tmp, 0);
      }
      qOff = this.valid.EVAL_OUTPUT_LEN;
    } else {
      f.copy(v, 0, out, 0);
    }

    const parts: FieldVec[] = [v];
    gadgets.forEach((g, i) => {
      const t = f.view(queryRand, qOff + i, qOff + i + 1);
      const p = f.len(g.wires[0] as FieldVec);
      // A test point that is a root of unity would reveal a gadget output.
      const tp = f.elem(f.pow(f.get(t, 0), BigInt(p)));
      if (f.eq(tp, 0, f.elem(1n), 0)) throw new TestPointError('test point is a root of unity');
      parts.push(polyEvalBatched(f, g.wires, t));
      parts.push(polyEval(f, g.poly, t));
    });
    return f.concat(parts);
  }

  decide(verifier: FieldVec): boolean {
    const f = this.field;
    if (!f.isZero(verifier, 0)) return false;
    let off = 1;
    const out = f.zeros(1);
    for (const g of this.valid.GADGETS) {
      g.eval(f, f.view(verifier, off, off + g.ARITY), out, 0);
      off += g.ARITY;
      if (!f.eq(out, 0, verifier, off)) return false;
      off += 1;
    }
    return true;
  }
}
