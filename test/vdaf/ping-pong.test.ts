// The ping-pong topology (draft-irtf-cfrg-vdaf-20 §5.7) over Prio3, and its message codec.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Prio3Histogram,
  Prio3SumVec,
  asPingPongVdaf,
  decodePingPongMessage,
  encodePingPongMessage,
  pingPongHelperContinued,
  pingPongHelperInit,
  pingPongLeaderContinued,
  pingPongLeaderInit,
  type PingPongMessage,
} from '../../vdaf/index.js';
import { FC_RUNS } from '../support/env.js';
import { CTX, flipByte, shardEncoded } from './support/run.js';
import type { AnyPrio3 } from './support/vectors.js';

const bytes = fc.uint8Array({ maxLength: 64 });
const message: fc.Arbitrary<PingPongMessage> = fc.oneof(
  bytes.map((verifierShare) => ({ type: 'initialize' as const, verifierShare })),
  fc.tuple(bytes, bytes).map(([verifierMessage, verifierShare]) => ({
    type: 'continue' as const,
    verifierMessage,
    verifierShare,
  })),
  bytes.map((verifierMessage) => ({ type: 'finish' as const, verifierMessage })),
);

const EMPTY = new Uint8Array(0);

function setup(prio3: AnyPrio3, m: unknown) {
  const vdaf = asPingPongVdaf(prio3);
  const key = randomBytes(32);
  const r = shardEncoded(prio3, m);
  const report = (aggId: 0 | 1, aggParam = EMPTY) => ({
    verifyKey: key,
    ctx: CTX,
    aggParam,
    nonce: r.nonce,
    publicShare: r.publicShare,
    inputShare: r.inputShares[aggId]!,
  });
  const leader = pingPongLeaderInit(vdaf, report(0));
  if (leader.kind !== 'continued') throw new Error('leader init failed');
  /** The helper's init on its input share, given what the leader sent. */
  const helperInit = (inbound: Uint8Array) => pingPongHelperInit(vdaf, report(1), inbound);
  return { vdaf, report, leader, helperInit };
}

describe('ping-pong messages', () => {
  it('round trip, and truncated or extended encodings are rejected', () => {
    fc.assert(
      fc.property(
        message,
        fc.nat(),
        fc.uint8Array({ minLength: 1, maxLength: 8 }),
        (m, cut, extra) => {
          const enc = encodePingPongMessage(m);
          expect(decodePingPongMessage(enc)).toEqual(m);
          expect(() => decodePingPongMessage(enc.subarray(0, cut % enc.length))).toThrow();
          expect(() => decodePingPongMessage(new Uint8Array([...enc, ...extra]))).toThrow();
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('uses 1-byte type codes and 4-byte big-endian lengths', () => {
    const enc = encodePingPongMessage({
      type: 'continue',
      verifierMessage: Uint8Array.of(9),
      verifierShare: EMPTY,
    });
    expect(Buffer.from(enc).toString('hex')).toBe('01' + '00000001' + '09' + '00000000');
    expect(() => decodePingPongMessage(Uint8Array.of(3, 0, 0, 0, 0))).toThrow(/type/);
  });
});

describe('ping-pong over Prio3', () => {
  const prio3 = new Prio3SumVec({
    shares: 2,
    length: 8,
    maxMeasurement: 3,
    chunkLength: 3,
  }) as unknown as AnyPrio3;

  it('leader init -> helper init -> leader continued: both hold output shares summing to the input', () => {
    const m = [0n, 1n, 2n, 3n, 3n, 2n, 1n, 0n];
    const { leader, helperInit } = setup(prio3, m);
    const helper = helperInit(leader.outbound);
    expect(helper.kind).toBe('finishedWithOutbound');
    if (helper.kind !== 'finishedWithOutbound') return;
    const done = pingPongLeaderContinued(
      asPingPongVdaf(prio3),
      CTX,
      EMPTY,
      leader,
      helper.outbound,
    );
    expect(done.kind).toBe('finished');
    if (done.kind !== 'finished') return;
    expect(prio3.unshard(null, [done.outShare, helper.outShare], 1)).toEqual(m);
  });

  it('rejects a tampered message at either side, with a coded error', () => {
    const hist = new Prio3Histogram({
      shares: 2,
      length: 10,
      chunkLength: 3,
    }) as unknown as AnyPrio3;
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 255 }), (at, x) => {
        const { vdaf, leader, helperInit } = setup(hist, 4);
        const bad = helperInit(flipByte(leader.outbound, at, x));
        expect(bad.kind).toBe('rejected');
        const helper = helperInit(leader.outbound);
        if (helper.kind !== 'finishedWithOutbound') throw new Error('helper failed');
        const end = pingPongLeaderContinued(
          vdaf,
          CTX,
          EMPTY,
          leader,
          flipByte(helper.outbound, at, x),
        );
        expect(end.kind).toBe('rejected');
        if (end.kind === 'rejected') expect(end.error.code).toMatch(/^[a-z]+(_[a-z]+)+$/);
      }),
      { numRuns: Math.max(10, Math.floor(FC_RUNS / 4)) },
    );
  });

  it('rejects messages of the wrong type for the state', () => {
    const { vdaf, report, leader, helperInit } = setup(prio3, [0n, 0n, 0n, 0n, 0n, 0n, 0n, 1n]);
    const finish = encodePingPongMessage({ type: 'finish', verifierMessage: new Uint8Array(32) });
    expect(helperInit(finish).kind).toBe('rejected');
    expect(pingPongLeaderContinued(vdaf, CTX, EMPTY, leader, leader.outbound).kind).toBe(
      'rejected',
    );
    const cont = encodePingPongMessage({
      type: 'continue',
      verifierMessage: new Uint8Array(32),
      verifierShare: EMPTY,
    });
    expect(pingPongHelperContinued(vdaf, CTX, EMPTY, leader, cont).kind).toBe('rejected');
    expect(pingPongLeaderInit(vdaf, report(0, Uint8Array.of(1))).kind).toBe('rejected');
  });
});
