// The admin channel's frames and messages (dap/admin/): round trips; truncated, extended, oversized
// and malformed input refused with a coded DecodeError.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, FrameReader } from '../../dap/admin/frame.js';
import {
  decodeAdminAnswer,
  decodeAdminRequest,
  encodeAdminAnswer,
  encodeAdminRequest,
  MAX_REQUEST_BYTES,
  type AdminAnswer,
  type AdminRequest,
} from '../../dap/admin/messages.js';
import { DecodeError } from '../../dap/errors.js';
import { FC_RUNS } from '../support/env.js';

const id = fc.integer({ min: 0, max: 255 });
const request: fc.Arbitrary<AdminRequest> = fc.oneof(
  fc.constant({ op: 'list' as const }),
  fc.constant({ op: 'add' as const }),
  fc.record({
    op: fc.constant('set_state' as const),
    id,
    state: fc.constantFrom('active' as const, 'expired' as const),
  }),
);
const keyInfo = fc.record({
  id,
  state: fc.constantFrom('pending' as const, 'active' as const, 'expired' as const),
  advertised: fc.boolean(),
  decrypts: fc.boolean(),
  config: fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/),
});
const answer: fc.Arbitrary<AdminAnswer> = fc.oneof(
  fc.record({ ok: fc.constant(true as const), keys: fc.array(keyInfo, { maxLength: 5 }) }),
  fc.record({ ok: fc.constant(true as const), id }),
  fc.constant({ ok: true as const }),
  fc.record(
    {
      ok: fc.constant(false as const),
      code: fc.constantFrom('key_rotation_refused' as const, 'decode_invalid' as const),
      message: fc.string({ maxLength: 50 }),
      hint: fc.string({ maxLength: 50 }),
    },
    { requiredKeys: ['ok', 'code', 'message'] },
  ),
);

const small = fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 10 }), fc.constant(null));
const enc = new TextEncoder();
const code = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(DecodeError);
    return (e as DecodeError).code;
  }
  return undefined;
};

describe('admin frames', () => {
  const payload = fc.uint8Array({ maxLength: 300 });
  it('round-trip, also fed byte by byte', () => {
    fc.assert(
      fc.property(payload, (p) => {
        const f = encodeFrame(p, 300);
        expect(decodeFrame(f, 300)).toEqual(p);
        const r = new FrameReader(300);
        let out: Uint8Array | undefined;
        for (const b of f) out = r.push(Uint8Array.of(b)) ?? out;
        r.end();
        expect(out).toEqual(p);
      }),
      { numRuns: FC_RUNS },
    );
  });
  it('refuse truncation and extension', () => {
    fc.assert(
      fc.property(payload, fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 8 }), (p, cut, x) => {
        const f = encodeFrame(p, 300);
        expect(code(() => decodeFrame(f.slice(0, cut % f.length), 300))).toBe('decode_truncated');
        const longer = new Uint8Array([...f, ...x]);
        expect(code(() => decodeFrame(longer, 300))).toBe('decode_trailing');
      }),
      { numRuns: FC_RUNS },
    );
  });
  it('refuse an oversized frame from its header alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 301, max: 2 ** 32 - 1 }), (len) => {
        const h = new Uint8Array(4);
        new DataView(h.buffer).setUint32(0, len);
        expect(code(() => new FrameReader(300).push(h))).toBe('decode_bounds');
      }),
      { numRuns: FC_RUNS },
    );
    expect(code(() => encodeFrame(new Uint8Array(301), 300))).toBe('decode_bounds');
  });
});

describe('admin messages', () => {
  it('requests and answers round-trip', () => {
    fc.assert(
      fc.property(request, answer, (q, a) => {
        expect(decodeAdminRequest(encodeAdminRequest(q))).toEqual(q);
        expect(decodeAdminAnswer(encodeAdminAnswer(a))).toEqual(a);
      }),
      { numRuns: FC_RUNS },
    );
  });
  it('refuse extra keys, missing keys, wrong types and unknown versions', () => {
    fc.assert(
      fc.property(request, fc.stringMatching(/^[a-z]{1,8}$/), small, (q, k, v) => {
        const o = { v: 1, ...q } as Record<string, unknown>;
        fc.pre(!(k in o));
        const b = (x: unknown) => enc.encode(JSON.stringify(x));
        expect(code(() => decodeAdminRequest(b({ ...o, [k]: v })))).toBe('decode_invalid');
        expect(code(() => decodeAdminRequest(b({ ...o, v: 2 })))).toBe('decode_invalid');
        const { op: _op, ...noOp } = o;
        expect(code(() => decodeAdminRequest(b(noOp)))).toBe('decode_invalid');
      }),
      { numRuns: FC_RUNS },
    );
    const bad = [
      '{"v":1,"op":"set_state","id":256,"state":"active"}',
      '{"v":1,"op":"set_state","id":1.5,"state":"active"}',
      '{"v":1,"op":"set_state","id":"1","state":"active"}',
      '{"v":1,"op":"set_state","id":1,"state":"pending"}',
      '{"v":1,"op":"delete_all"}',
      '[1]',
      'null',
      '{"v":1,"op":"list"',
    ];
    for (const s of bad)
      expect(
        code(() => decodeAdminRequest(enc.encode(s))),
        s,
      ).toBe('decode_invalid');
    expect(code(() => decodeAdminRequest(Uint8Array.of(0xff, 0xfe)))).toBe('decode_invalid');
    expect(code(() => decodeAdminRequest(new Uint8Array(MAX_REQUEST_BYTES + 1)))).toBe(
      'decode_bounds',
    );
  });
});
