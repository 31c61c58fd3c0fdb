// The operations every draft-irtf-cfrg-vdaf-20 vector runner (Appendix C.1) runs the same way, for
// any VDAF: shard, the first verify_init, aggregate and unshard, each checked byte for byte against
// the file. A runner adds only what differs (its rounds of verifier messages and verify_next).
import { expect } from 'vitest';
import { aggregateEncoded, type OperationRunner } from './vector-runner.js';
import { hex, toHex, type VectorFile, type VectorReport } from './vectors.js';

/** What the common steps need of a VDAF (draft-irtf-cfrg-vdaf-20 §5). */
export interface VectorVdaf<M, P, PS, IS, St, VS, O, A, R> {
  shard(ctx: Uint8Array, m: M, nonce: Uint8Array, rand: Uint8Array): [PS, IS[]];
  encodePublicShare(ps: PS): Uint8Array;
  encodeInputShare(s: IS): Uint8Array;
  decodePublicShare(b: Uint8Array): PS;
  decodeInputShare(aggId: number, b: Uint8Array): IS;
  verifyInit(
    key: Uint8Array,
    ctx: Uint8Array,
    aggId: number,
    aggParam: P,
    nonce: Uint8Array,
    ps: PS,
    is: IS,
  ): [St, VS];
  encodeVerifierShare(s: VS): Uint8Array;
  decodeAggParam(b: Uint8Array): P;
  aggInit(aggParam: P): A;
  aggUpdate(aggParam: P, share: A, out: O): A;
  encodeAggShare(share: A): Uint8Array;
  decodeAggShare(aggParam: P, b: Uint8Array): A;
  unshard(aggParam: P, shares: A[], reports: number): R;
}

/** What a runner keeps between operations: keyed by report index / aggregator id. */
export interface StepState<P, St, VS, O> {
  ctx: Uint8Array;
  aggParam: P;
  report: (ri: number) => VectorReport;
  states: Map<string, St>;
  verifierShares: Map<string, VS>;
  /** Each Aggregator's output shares, in the order its verify_next produced them. */
  outShares: O[][];
}

export const at = (ri: number, aggId: number): string => `${ri}/${aggId}`;

/**
 * The shared steps and the state they fill. `measurement` and `result` turn the file's JSON into
 * the VDAF's types; verify_init checks the verifier share when the file gives one for the round 0.
 */
export function commonSteps<M, P, PS, IS, St, VS, O, A, R>(
  vdaf: VectorVdaf<M, P, PS, IS, St, VS, O, A, R>,
  v: VectorFile,
  convert: { measurement: (m: unknown) => M; result: (r: unknown) => R },
): { state: StepState<P, St, VS, O>; steps: Record<string, OperationRunner> } {
  const ctx = hex(v.ctx);
  const verifyKey = hex(v.verify_key);
  const aggParam = vdaf.decodeAggParam(hex(v.agg_param));
  const report = (ri: number): VectorReport => {
    const r = v.reports[ri];
    if (!r) throw new Error(`the file has no report ${ri}`);
    return r;
  };
  const state: StepState<P, St, VS, O> = {
    ctx,
    aggParam,
    report,
    states: new Map(),
    verifierShares: new Map(),
    outShares: Array.from({ length: v.shares }, () => []),
  };
  const aggId = (op: { aggregator_id?: number }): number => {
    expect(op.aggregator_id, 'aggregator_id').toBeTypeOf('number');
    return op.aggregator_id ?? -1;
  };
  const steps: Record<string, OperationRunner> = {
    shard: (_op, ri) => {
      const r = report(ri);
      const [pub, inputs] = vdaf.shard(
        ctx,
        convert.measurement(r.measurement),
        hex(r.nonce),
        hex(r.rand),
      );
      expect(toHex(vdaf.encodePublicShare(pub))).toBe(r.public_share);
      expect(inputs.map((s) => toHex(vdaf.encodeInputShare(s)))).toEqual(r.input_shares);
    },
    verify_init: (op, ri) => {
      const r = report(ri);
      const agg = aggId(op);
      const [st, share] = vdaf.verifyInit(
        verifyKey,
        ctx,
        agg,
        aggParam,
        hex(r.nonce),
        vdaf.decodePublicShare(hex(r.public_share)),
        vdaf.decodeInputShare(agg, hex(r.input_shares[agg] ?? '')),
      );
      const want = r.verifier_shares[0]?.[agg];
      if (want !== undefined) expect(toHex(vdaf.encodeVerifierShare(share))).toBe(want);
      state.states.set(at(ri, agg), st);
      state.verifierShares.set(at(ri, agg), share);
    },
    aggregate: (op) => {
      const agg = aggId(op);
      expect(aggregateEncoded(vdaf, aggParam, state.outShares[agg] ?? [])).toBe(v.agg_shares[agg]);
    },
    unshard: () => {
      const aggShares = v.agg_shares.map((s) => vdaf.decodeAggShare(aggParam, hex(s)));
      expect(vdaf.unshard(aggParam, aggShares, v.reports.length)).toEqual(
        convert.result(v.agg_result),
      );
    },
  };
  return { state, steps };
}
