// dap/privacy-pass codecs (RFC 9577 §2, RFC 9578 §6, the report token extension): round trip, and
// truncated or extended bytes refused with a decode error code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as pp from '../../dap/privacy-pass/index.js';
import { FC_RUNS } from '../support/env.js';

const fixed = (n: number) => fc.uint8Array({ minLength: n, maxLength: n });
const token = fc.record({
  tokenType: fc.constant(2),
  nonce: fixed(32),
  challengeDigest: fixed(32),
  tokenKeyId: fixed(32),
  authenticator: fixed(pp.NK),
});

interface Codec {
  name: string;
  arb: fc.Arbitrary<unknown>;
  enc: (v: never) => Uint8Array;
  dec: (b: Uint8Array) => unknown;
}

const CODECS: Codec[] = [
  { name: 'Token', arb: token, enc: pp.encodeToken, dec: pp.decodeToken },
  {
    name: 'TokenChallenge',
    arb: fc.record({
      tokenType: fc.integer({ min: 0, max: 0xffff }),
      issuerName: fc.uint8Array({ minLength: 1, maxLength: 64 }),
      redemptionContext: fc.oneof(fixed(0), fixed(32)),
      originInfo: fc.uint8Array({ maxLength: 64 }),
    }),
    enc: pp.encodeTokenChallenge,
    dec: pp.decodeTokenChallenge,
  },
  {
    name: 'TokenRequest',
    arb: fc.record({
      tokenType: fc.constant(2),
      truncatedTokenKeyId: fc.integer({ min: 0, max: 255 }),
      blindedMsg: fixed(pp.NK),
    }),
    enc: pp.encodeTokenRequest,
    dec: pp.decodeTokenRequest,
  },
  {
    name: 'TokenResponse',
    arb: fixed(pp.NK),
    enc: pp.encodeTokenResponse,
    dec: pp.decodeTokenResponse,
  },
  {
    name: 'ReportToken',
    arb: fc.record({ token, issuerKey: fixed(pp.SPKI_SIZE), keyCert: fixed(pp.CERT_SIZE) }),
    enc: pp.encodeReportToken,
    dec: pp.decodeReportToken,
  },
];

const decodeCode = (f: () => unknown): string | undefined => {
  try {
    f();
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

describe('privacy pass codecs', () => {
  for (const c of CODECS) {
    it(`${c.name}: round trip, truncation and extension refused`, () => {
      fc.assert(
        fc.property(c.arb, fc.nat(), fc.integer({ min: 0, max: 255 }), (v, cut, extra) => {
          const b = c.enc(v as never);
          expect(c.enc(c.dec(b) as never)).toEqual(b);
          const short = b.subarray(0, cut % b.length);
          expect(decodeCode(() => c.dec(short))).toMatch(/^decode_/);
          const long = new Uint8Array([...b, extra]);
          expect(decodeCode(() => c.dec(long))).toMatch(/^decode_/);
        }),
        { numRuns: FC_RUNS },
      );
    });
  }

  it('refuses a redemption context that is neither empty nor 32 bytes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), (n) => {
        const b = new Uint8Array([0, 2, 0, 1, 0x61, n, ...new Uint8Array(n), 0, 0]);
        expect(decodeCode(() => pp.decodeTokenChallenge(b))).toBe('decode_bounds');
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('binds the context to task, report and window', () => {
    fc.assert(
      fc.property(fixed(32), fixed(16), fixed(16), fc.nat({ max: 1e9 }), (task, r1, r2, w) => {
        const a = pp.redemptionContext(task, r1, 3600, w);
        expect(a).toHaveLength(32);
        if (Buffer.compare(r1, r2) !== 0)
          expect(pp.redemptionContext(task, r2, 3600, w)).not.toEqual(a);
        expect(pp.redemptionContext(task, r1, 3600, w + 1)).not.toEqual(a);
      }),
      { numRuns: FC_RUNS },
    );
  });
});
