// Every official draft-irtf-cfrg-vdaf-20 Poplar1 vector, run operation by operation (Appendix C.1),
// plus IdpfBBCGGI21_0.json (§8.3) and XofFixedKeyAes128.json (§6.2.2).
import { describe, expect, it } from 'vitest';
import {
  Field128,
  Field255,
  Field64,
  IdpfBBCGGI21,
  Poplar1,
  XofFixedKeyAes128,
  type Poplar1AggResult,
  type Poplar1VerifyState,
} from '../../vdaf/index.js';
import { at, commonSteps } from './support/vector-steps.js';
import {
  expectNegativesCovered,
  readVector,
  runOperations,
  VDAF_VECTORS,
  vectorFiles,
} from './support/vector-runner.js';
import { hex, toHex, type VectorFile } from './support/vectors.js';

const files = vectorFiles('Poplar1');

type Poplar1Vector = VectorFile & { bits: number };

/** The code each negative file expects of its failing operation. */
const EXPECTED_FAILURE: Record<string, string> = {
  'Poplar1_bad_corr_inner.json': 'verify_failed',
};

describe.skipIf(VDAF_VECTORS.skip)('Poplar1 vectors (draft-irtf-cfrg-vdaf-20)', () => {
  it('finds all 7 Poplar1 files, and an expected code for each negative one', () => {
    expect(files.length).toBe(7);
    expectNegativesCovered(files, EXPECTED_FAILURE);
  });

  it.each(files)('%s', (file) => {
    const v = readVector(file) as Poplar1Vector;
    const vdaf = new Poplar1({ bits: v.bits });
    expect(v.shares).toBe(vdaf.SHARES);
    const { state, steps } = commonSteps(vdaf, v, {
      measurement: (m) => {
        expect(m).not.toBeNull();
        return m as boolean[];
      },
      result: (r) => r as Poplar1AggResult,
    });
    const { ctx, aggParam, report, states, outShares } = state;
    expect(toHex(vdaf.encodeAggParam(aggParam))).toBe(v.agg_param);
    // key: report index / aggregator id; the state of the latest round reached.
    const stateOf = (ri: number, agg: number): Poplar1VerifyState => {
      const st = states.get(at(ri, agg));
      if (st === undefined) throw new Error(`no verify_init of report ${ri} by ${agg}`);
      return st;
    };

    runOperations(
      v.operations,
      {
        ...steps,
        verifier_shares_to_message: (op, ri) => {
          const r = report(ri);
          const round = op.round!;
          const decoded = [0, 1].map((j) => {
            const enc = r.verifier_shares[round]![j]!;
            const share = vdaf.decodeVerifierShare(stateOf(ri, j), hex(enc));
            expect(toHex(vdaf.encodeVerifierShare(share))).toBe(enc);
            return share;
          });
          const msg = vdaf.verifierSharesToMessage(ctx, aggParam, decoded);
          expect(toHex(vdaf.encodeVerifierMessage(msg))).toBe(r.verifier_messages[round]);
        },
        verify_next: (op, ri) => {
          const r = report(ri);
          const agg = op.aggregator_id!;
          const round = op.round!;
          const st = stateOf(ri, agg);
          const msg = vdaf.decodeVerifierMessage(st, hex(r.verifier_messages[round - 1]!));
          const next = vdaf.verifyNext(ctx, st, msg);
          if (round < vdaf.ROUNDS) {
            expect(next.kind).toBe('continue');
            if (next.kind !== 'continue') return;
            expect(toHex(vdaf.encodeVerifierShare(next.verifierShare))).toBe(
              r.verifier_shares[round]![agg],
            );
            states.set(at(ri, agg), next.state);
          } else {
            expect(next.kind).toBe('finish');
            if (next.kind !== 'finish') return;
            expect(toHex(vdaf.encodeOutShare(next.outShare))).toBe(r.out_shares[agg]);
            outShares[agg]!.push(next.outShare);
          }
        },
      },
      EXPECTED_FAILURE[file],
    );
  });
});

describe.skipIf(VDAF_VECTORS.skip)('IdpfBBCGGI21 vector', () => {
  interface IdpfVector {
    alpha: boolean[];
    beta_inner: string[][];
    beta_leaf: string[];
    bits: number;
    ctx: string;
    keys: string[];
    nonce: string;
    public_share: string;
  }
  const v = VDAF_VECTORS.skip ? null : (readVector('IdpfBBCGGI21_0.json') as IdpfVector);

  it('gen gives the public share, and eval the betas on the path', () => {
    const t = v!;
    const idpf = new IdpfBBCGGI21(t.beta_leaf.length, t.bits);
    const alpha = Uint8Array.from(t.alpha.map((b) => (b ? 1 : 0)));
    const betaInner = Field64.fromBigInts(t.beta_inner.flat().map(BigInt));
    const betaLeaf = Field255.fromBigInts(t.beta_leaf.map(BigInt));
    const ctx = hex(t.ctx);
    const nonce = hex(t.nonce);
    const [ps, keys] = idpf.gen(alpha, betaInner, betaLeaf, ctx, nonce, hex(t.keys.join('')));
    expect(toHex(idpf.encodePublicShare(ps))).toBe(t.public_share);
    expect(keys.map(toHex)).toEqual(t.keys);
    const decoded = idpf.decodePublicShare(hex(t.public_share));
    expect(toHex(idpf.encodePublicShare(decoded))).toBe(t.public_share);

    // alpha is all zeros: prefix 0 carries beta at every level, prefix 1 carries zero.
    for (let level = 0; level < t.bits; level++) {
      const f = idpf.currentField(level);
      const prefixes = [0n, 1n];
      const y0 = idpf.eval(0, decoded, keys[0], level, prefixes, ctx, nonce);
      const y1 = idpf.eval(1, decoded, keys[1], level, prefixes, ctx, nonce);
      const sum = f.zeros(4);
      f.vecAdd(sum, y0, y1);
      const beta = level < t.bits - 1 ? t.beta_inner[level]! : t.beta_leaf;
      expect(f.toBigInts(sum)).toEqual([...beta.map(BigInt), 0n, 0n]);
    }
  });
});

describe.skipIf(VDAF_VECTORS.skip)('XofFixedKeyAes128 vector', () => {
  interface XofVector {
    seed: string;
    dst: string;
    binder: string;
    length: number;
    derived_seed: string;
    expanded_vec_field128: string;
  }
  const v = VDAF_VECTORS.skip ? null : (readVector('XofFixedKeyAes128.json') as XofVector);

  it('derive_seed', () => {
    const t = v!;
    expect(toHex(XofFixedKeyAes128.deriveSeed(hex(t.seed), hex(t.dst), hex(t.binder)))).toBe(
      t.derived_seed,
    );
  });

  it('expand_into_vec over Field128', () => {
    const t = v!;
    const vec = XofFixedKeyAes128.expandIntoVec(
      Field128,
      hex(t.seed),
      hex(t.dst),
      hex(t.binder),
      t.length,
    );
    expect(Field128.len(vec)).toBe(t.length);
    expect(toHex(Field128.encodeVec(vec))).toBe(t.expanded_vec_field128);
  });
});
