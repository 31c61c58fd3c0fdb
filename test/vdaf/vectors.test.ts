// Every official draft-irtf-cfrg-vdaf-20 Prio3 vector, run operation by operation (Appendix C.1).
import { describe, expect, it } from 'vitest';
import type { Prio3VerifierShare, Prio3VerifyState } from '../../vdaf/index.js';
import { at, commonSteps } from './support/vector-steps.js';
import {
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
    const { state, steps } = commonSteps(vdaf, v, {
      measurement: (m) => measurementFor(file, m),
      result: (r) => resultFor(file, r),
    });
    const { ctx, aggParam, report, states, verifierShares, outShares } = state;
    const stateOf = (ri: number, agg: number): Prio3VerifyState => {
      const st = states.get(at(ri, agg));
      if (st === undefined) throw new Error(`no verify_init of report ${ri} by ${agg}`);
      return st;
    };

    runOperations(
      v.operations,
      {
        ...steps,
        verifier_shares_to_message: (_op, ri) => {
          const r = report(ri);
          const shares = Array.from({ length: v.shares }, (_, j): Prio3VerifierShare => {
            const enc = r.verifier_shares[0]?.[j];
            if (enc !== undefined) return vdaf.decodeVerifierShare(stateOf(ri, j), hex(enc));
            const share = verifierShares.get(at(ri, j));
            if (share === undefined) throw new Error(`no verifier share of report ${ri} by ${j}`);
            return share;
          });
          const msg = vdaf.verifierSharesToMessage(ctx, aggParam, shares);
          expect(toHex(vdaf.encodeVerifierMessage(msg))).toBe(r.verifier_messages[0]);
        },
        verify_next: (op, ri) => {
          const r = report(ri);
          const agg = op.aggregator_id ?? -1;
          const st = stateOf(ri, agg);
          const msg = vdaf.decodeVerifierMessage(st, hex(r.verifier_messages[0] ?? ''));
          const out = vdaf.verifyNext(ctx, st, msg);
          expect(toHex(vdaf.encodeOutShare(out))).toBe(r.out_shares[agg]);
          outShares[agg]?.push(out);
        },
      },
      EXPECTED_FAILURE[file],
    );
  });
});
