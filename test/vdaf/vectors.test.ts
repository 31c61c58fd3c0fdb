// Every official draft-irtf-cfrg-vdaf-20 Prio3 vector, run operation by operation (Appendix C.1).
import { describe, expect, it } from 'vitest';
import type { Prio3InputShare, Prio3VerifierShare, Prio3VerifyState } from '../../vdaf/index.js';
import {
  aggregateEncoded,
  expectNegativesCovered,
  readVector,
  runOperations,
  VDAF_VECTORS,
  vectorFiles,
} from './support/vector-runner.js';
import {
  hex,
  instanceFor,
  measurementFor,
  resultFor,
  toHex,
  type VectorFile,
} from './support/vectors.js';

const files = vectorFiles('Prio3');

/** The code each negative file expects of its failing operation. */
const EXPECTED_FAILURE: Record<string, string> = {
  'Prio3Count_bad_gadget_poly.json': 'verify_failed',
  'Prio3Count_bad_helper_seed.json': 'verify_failed',
  'Prio3Count_bad_meas_share.json': 'verify_failed',
  'Prio3Count_bad_wire_seed.json': 'verify_failed',
  'Prio3Histogram_bad_helper_jr_blind.json': 'verify_failed',
  'Prio3Histogram_bad_leader_jr_blind.json': 'verify_failed',
  'Prio3Histogram_bad_public_share.json': 'verify_failed',
  'Prio3Histogram_bad_verifier_message.json': 'joint_rand_mismatch',
};

describe.skipIf(VDAF_VECTORS.skip)('Prio3 vectors (draft-irtf-cfrg-vdaf-20)', () => {
  it('finds all 25 Prio3 files, and an expected code for each negative one', () => {
    expect(files.length).toBe(25);
    expectNegativesCovered(files, EXPECTED_FAILURE);
  });

  it.each(files)('%s', (file) => {
    const v = readVector(file) as VectorFile;
    const vdaf = instanceFor(file, v);
    const ctx = hex(v.ctx);
    const verifyKey = hex(v.verify_key);
    const aggParam = vdaf.decodeAggParam(hex(v.agg_param));
    const states = new Map<string, Prio3VerifyState>();
    const vshares = new Map<string, Prio3VerifierShare>();
    const outShares: Uint32Array[][] = Array.from({ length: v.shares }, () => []);
    const report = (ri: number) => v.reports[ri]!;

    runOperations(
      v.operations,
      {
        shard: (_op, ri) => {
          const r = report(ri);
          const m = measurementFor(file, r.measurement);
          const [pub, inputs] = vdaf.shard(ctx, m, hex(r.nonce), hex(r.rand));
          expect(toHex(vdaf.encodePublicShare(pub))).toBe(r.public_share);
          inputs.forEach((s: Prio3InputShare, j: number) => {
            expect(toHex(vdaf.encodeInputShare(s))).toBe(r.input_shares[j]);
          });
        },
        verify_init: (op, ri) => {
          const r = report(ri);
          const agg = op.aggregator_id!;
          const [state, share] = vdaf.verifyInit(
            verifyKey,
            ctx,
            agg,
            aggParam,
            hex(r.nonce),
            vdaf.decodePublicShare(hex(r.public_share)),
            vdaf.decodeInputShare(agg, hex(r.input_shares[agg]!)),
          );
          const want = r.verifier_shares[0]?.[agg];
          if (want !== undefined) expect(toHex(vdaf.encodeVerifierShare(share))).toBe(want);
          states.set(`${ri}/${agg}`, state);
          vshares.set(`${ri}/${agg}`, share);
        },
        verifier_shares_to_message: (_op, ri) => {
          const r = report(ri);
          const shares = Array.from({ length: v.shares }, (_, j) => {
            const enc = r.verifier_shares[0]?.[j];
            return enc === undefined
              ? vshares.get(`${ri}/${j}`)!
              : vdaf.decodeVerifierShare(states.get(`${ri}/${j}`)!, hex(enc));
          });
          const msg = vdaf.verifierSharesToMessage(ctx, aggParam, shares);
          expect(toHex(vdaf.encodeVerifierMessage(msg))).toBe(r.verifier_messages[0]);
        },
        verify_next: (op, ri) => {
          const r = report(ri);
          const agg = op.aggregator_id!;
          const st = states.get(`${ri}/${agg}`)!;
          const msg = vdaf.decodeVerifierMessage(st, hex(r.verifier_messages[0]!));
          const out = vdaf.verifyNext(ctx, st, msg);
          expect(toHex(vdaf.encodeOutShare(out))).toBe(r.out_shares[agg]);
          outShares[agg]!.push(out);
        },
        aggregate: (op) => {
          const agg = op.aggregator_id!;
          expect(aggregateEncoded(vdaf, aggParam, outShares[agg]!)).toBe(v.agg_shares[agg]);
        },
        unshard: () => {
          const aggShares = v.agg_shares.map((s) => vdaf.decodeAggShare(aggParam, hex(s)));
          const result = vdaf.unshard(aggParam, aggShares, v.reports.length);
          expect(result).toEqual(resultFor(file, v.agg_result));
        },
      },
      EXPECTED_FAILURE[file],
    );
  });
});
