// Every Prio3 encoder/decoder pair (draft-irtf-cfrg-vdaf-20 §7.2.7): round trip, and truncated or
// extended input rejected with decode_length.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VdafDecodeError } from '../../vdaf/index.js';
import { FC_RUNS } from '../support/env.js';
import { anyCase } from './support/instances.js';
import { CTX, shardEncoded, verifyInitAll } from './support/run.js';
import type { AnyPrio3 } from './support/vectors.js';

type Codec = { name: string; bytes: Uint8Array; decode: (b: Uint8Array) => Uint8Array };

/** The encoded form of each message of one report, with decode-then-encode for each. */
function messages(vdaf: AnyPrio3, m: unknown): Codec[] {
  const key = randomBytes(vdaf.VERIFY_KEY_SIZE);
  const r = shardEncoded(vdaf, m);
  const inits = verifyInitAll(vdaf, key, r);
  const state = inits[0]![0];
  const msg = vdaf.verifierSharesToMessage(
    CTX,
    null,
    inits.map((i) => i[1]),
  );
  const out = vdaf.verifyNext(CTX, state, msg);
  return [
    {
      name: 'public share',
      bytes: r.publicShare,
      decode: (b) => vdaf.encodePublicShare(vdaf.decodePublicShare(b)),
    },
    ...r.inputShares.map((bytes, j) => ({
      name: `input share ${j}`,
      bytes,
      decode: (b: Uint8Array) => vdaf.encodeInputShare(vdaf.decodeInputShare(j, b)),
    })),
    {
      name: 'verifier share',
      bytes: vdaf.encodeVerifierShare(inits[0]![1]),
      decode: (b) => vdaf.encodeVerifierShare(vdaf.decodeVerifierShare(state, b)),
    },
    {
      name: 'verifier message',
      bytes: vdaf.encodeVerifierMessage(msg),
      decode: (b) => vdaf.encodeVerifierMessage(vdaf.decodeVerifierMessage(state, b)),
    },
    {
      name: 'aggregate share',
      bytes: vdaf.encodeAggShare(out),
      decode: (b) => vdaf.encodeAggShare(vdaf.decodeAggShare(null, b)),
    },
    {
      name: 'output share',
      bytes: vdaf.encodeOutShare(out),
      decode: (b) => vdaf.encodeOutShare(vdaf.decodeOutShare(null, b)),
    },
    {
      name: 'aggregation parameter',
      bytes: vdaf.encodeAggParam(null),
      decode: (b) => vdaf.encodeAggParam(vdaf.decodeAggParam(b)),
    },
  ];
}

function expectLengthError(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(VdafDecodeError);
    expect((e as VdafDecodeError).code).toBe('decode_length');
    return;
  }
  throw new Error('decoder accepted bad input');
}

describe('Prio3 codecs', () => {
  it('round trip every message', () => {
    fc.assert(
      fc.property(anyCase, (c) => {
        for (const { bytes, decode } of messages(c.vdaf, c.measurements[0])) {
          expect(Buffer.from(decode(bytes)).equals(Buffer.from(bytes))).toBe(true);
        }
      }),
      { numRuns: Math.max(10, Math.floor(FC_RUNS / 2)) },
    );
  });

  it('reject truncated and extended input', () => {
    fc.assert(
      fc.property(
        anyCase,
        fc.nat(),
        fc.uint8Array({ minLength: 1, maxLength: 40 }),
        (c, cut, extra) => {
          for (const { bytes, decode } of messages(c.vdaf, c.measurements[0])) {
            if (bytes.length > 0)
              expectLengthError(() => decode(bytes.subarray(0, cut % bytes.length)));
            expectLengthError(() => decode(new Uint8Array([...bytes, ...extra])));
          }
        },
      ),
      { numRuns: Math.max(10, Math.floor(FC_RUNS / 2)) },
    );
  });

  it('rejects a field element at or above the modulus', () => {
    fc.assert(
      fc.property(anyCase, (c) => {
        const f = c.vdaf.field;
        const bad = new Uint8Array(f.ENCODED_SIZE * c.vdaf.flp.OUTPUT_LEN);
        const p = f.MODULUS;
        for (let i = 0; i < f.ENCODED_SIZE; i++) bad[i] = Number((p >> BigInt(8 * i)) & 0xffn);
        try {
          c.vdaf.decodeAggShare(null, bad);
          throw new Error('accepted');
        } catch (e) {
          expect((e as VdafDecodeError).code).toBe('decode_modulus');
        }
      }),
      { numRuns: 20 },
    );
  });
});
