// Prio3 end to end under random instances (draft-irtf-cfrg-vdaf-20 §7): correctness, and that a
// single flipped byte anywhere on the wire makes verification fail instead of skewing the sum.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VdafError } from '../../vdaf/index.js';
import { FC_RUNS } from '../support/env.js';
import { anyCase } from './support/instances.js';
import { flipByte, shardEncoded, verifyEncoded, type Tamper } from './support/run.js';
import type { AnyPrio3 } from './support/vectors.js';

const runs = Math.max(10, Math.floor(FC_RUNS / 2));
const mask = fc.integer({ min: 1, max: 255 });

/** Verification must fail with a coded VDAF error, never pass. */
function expectRejected(f: () => unknown): void {
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(VdafError);
}

function firstReport(vdaf: AnyPrio3, m: unknown) {
  return { key: randomBytes(vdaf.VERIFY_KEY_SIZE), report: shardEncoded(vdaf, m) };
}

describe('Prio3 round trip', () => {
  it('shard -> verify by every aggregator -> aggregate -> unshard equals the plain sum', () => {
    fc.assert(
      fc.property(anyCase, (c) => {
        const key = randomBytes(c.vdaf.VERIFY_KEY_SIZE);
        const aggShares = Array.from({ length: c.vdaf.SHARES }, () => c.vdaf.aggInit(null));
        for (const m of c.measurements) {
          const outs = verifyEncoded(c.vdaf, key, shardEncoded(c.vdaf, m));
          outs.forEach((o, j) => (aggShares[j] = c.vdaf.aggUpdate(null, aggShares[j]!, o)));
        }
        const wire = aggShares.map((a) => c.vdaf.decodeAggShare(null, c.vdaf.encodeAggShare(a)));
        expect(c.vdaf.unshard(null, wire, c.measurements.length)).toEqual(c.expected);
      }),
      { numRuns: runs },
    );
  });
});

describe('Prio3 tampering', () => {
  it('a flipped byte in any input share fails verification', () => {
    fc.assert(
      fc.property(anyCase, fc.nat(), fc.nat(), mask, (c, who, at, x) => {
        const { key, report } = firstReport(c.vdaf, c.measurements[0]);
        const j = who % c.vdaf.SHARES;
        const inputShares = report.inputShares.slice();
        inputShares[j] = flipByte(inputShares[j]!, at, x);
        expectRejected(() => verifyEncoded(c.vdaf, key, { ...report, inputShares }));
      }),
      { numRuns: runs },
    );
  });

  it('a flipped byte in the public share fails verification', () => {
    fc.assert(
      fc.property(anyCase, fc.nat(), mask, (c, at, x) => {
        const { key, report } = firstReport(c.vdaf, c.measurements[0]);
        fc.pre(report.publicShare.length > 0);
        const publicShare = flipByte(report.publicShare, at, x);
        expectRejected(() => verifyEncoded(c.vdaf, key, { ...report, publicShare }));
      }),
      { numRuns: runs },
    );
  });

  it('a flipped byte in a verifier share fails verification', () => {
    fc.assert(
      fc.property(anyCase, fc.nat(), fc.nat(), mask, (c, who, at, x) => {
        const { key, report } = firstReport(c.vdaf, c.measurements[0]);
        const target = who % c.vdaf.SHARES;
        const tamper: Tamper = {
          verifierShare: (aggId, b) => (aggId === target ? flipByte(b, at, x) : b),
        };
        expectRejected(() => verifyEncoded(c.vdaf, key, report, tamper));
      }),
      { numRuns: runs },
    );
  });

  it('a flipped byte in the verifier message fails verification', () => {
    fc.assert(
      fc.property(anyCase, fc.nat(), mask, (c, at, x) => {
        const { key, report } = firstReport(c.vdaf, c.measurements[0]);
        const tamper: Tamper = { verifierMessage: (b) => flipByte(b, at, x) };
        fc.pre(c.vdaf.flp.JOINT_RAND_LEN > 0);
        expectRejected(() => verifyEncoded(c.vdaf, key, report, tamper));
      }),
      { numRuns: runs },
    );
  });

  it('another verify key or nonce on one side fails verification', () => {
    fc.assert(
      fc.property(anyCase, (c) => {
        const { key, report } = firstReport(c.vdaf, c.measurements[0]);
        const v = c.vdaf;
        const [s0, v0] = v.verifyInit(
          key,
          new Uint8Array(0),
          0,
          null,
          report.nonce,
          v.decodePublicShare(report.publicShare),
          v.decodeInputShare(0, report.inputShares[0]!),
        );
        const rest = report.inputShares
          .slice(1)
          .map((s, i) =>
            v.verifyInit(
              randomBytes(32),
              new Uint8Array(0),
              i + 1,
              null,
              report.nonce,
              v.decodePublicShare(report.publicShare),
              v.decodeInputShare(i + 1, s),
            ),
          );
        expectRejected(() => {
          const msg = v.verifierSharesToMessage(new Uint8Array(0), null, [
            v0,
            ...rest.map((r) => r[1]),
          ]);
          v.verifyNext(new Uint8Array(0), s0, msg);
        });
      }),
      { numRuns: Math.max(5, Math.floor(runs / 4)) },
    );
  });
});
