// docs/guard.md "Hook start-up": the hook daemon's length-prefixed JSON frames and their decoders.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeReply,
  decodeRequest,
  encodeFrame,
  FrameReader,
  MAX_FRAME,
} from '../../node/hook-daemon/protocol.js';
import { envNamesOf, stateRootOf } from '../../node/hook-daemon/socket-path.js';
import { FC_RUNS } from '../support/env.js';

const request = fc.record({
  op: fc.constant('hook' as const),
  argv: fc.array(fc.string(), { maxLength: 12 }),
  cwd: fc.string(),
  env: fc.dictionary(fc.string({ minLength: 1 }), fc.option(fc.string(), { nil: null })),
  stdin: fc.string({ unit: 'binary' }),
});

const reply = fc.record({
  exitCode: fc.integer({ min: 0, max: 255 }),
  stdout: fc.string(),
  stderr: fc.string(),
});

function framesOf(bytes: Buffer, chunk: number): unknown[] {
  const r = new FrameReader();
  const out: unknown[] = [];
  for (let i = 0; i < bytes.length; i += chunk) out.push(...r.push(bytes.subarray(i, i + chunk)));
  return out;
}

describe('hook daemon frames', () => {
  it('round-trips requests and replies in any chunking', () => {
    fc.assert(
      fc.property(request, reply, fc.integer({ min: 1, max: 64 }), (req, rep, chunk) => {
        const bytes = Buffer.concat([encodeFrame(req), encodeFrame(rep)]);
        const [a, b, ...rest] = framesOf(bytes, chunk);
        expect(rest).toEqual([]);
        expect(decodeRequest(a)).toEqual(req);
        expect(decodeReply(b)).toEqual(rep);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('a truncated frame yields nothing; extra bytes stay pending', () => {
    fc.assert(
      fc.property(
        reply,
        fc.integer({ min: 1 }),
        fc.uint8Array({ minLength: 1, maxLength: 3 }),
        (rep, cut, extra) => {
          const bytes = encodeFrame(rep);
          const short = bytes.subarray(0, cut % bytes.length);
          expect(new FrameReader().push(short)).toEqual([]);
          const r = new FrameReader();
          expect(r.push(Buffer.concat([bytes, extra]))).toHaveLength(1);
          expect(r.pending()).toBe(extra.length);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('a mutated reply is either rejected or still exactly reply-shaped', () => {
    fc.assert(
      fc.property(reply, fc.nat(), fc.integer({ min: 0, max: 255 }), (rep, at, byte) => {
        const bytes = Buffer.from(encodeFrame(rep));
        const i = 4 + (at % (bytes.length - 4));
        bytes[i] = byte;
        let decoded: unknown;
        try {
          const frames = new FrameReader().push(bytes);
          decoded = frames.length === 0 ? null : decodeReply(frames[0]);
        } catch {
          return;
        }
        if (decoded === null) return;
        const d = decoded as Record<string, unknown>;
        expect(Object.keys(d).sort()).toEqual(['exitCode', 'stderr', 'stdout']);
        expect(Number.isInteger(d.exitCode) && (d.exitCode as number) <= 255).toBe(true);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('rejects an oversized length prefix, and replies or requests of the wrong shape', () => {
    const code = (c: string) => expect.objectContaining({ code: c }) as Error;
    const head = Buffer.alloc(4);
    head.writeUInt32BE(MAX_FRAME + 1);
    expect(() => new FrameReader().push(head)).toThrow(code('hook_frame_too_large'));
    expect(() => encodeFrame('x'.repeat(MAX_FRAME))).toThrow(code('hook_frame_too_large'));
    const notJson = Buffer.from('\0\0\0\x02{]', 'latin1');
    expect(() => new FrameReader().push(notJson)).toThrow(code('hook_frame_invalid'));
    for (const bad of [null, [], {}, { exitCode: 256, stdout: '', stderr: '' }, { exitCode: 0 }])
      expect(() => decodeReply(bad)).toThrow(code('hook_reply_invalid'));
    expect(() => decodeReply({ exitCode: 1.5, stdout: '', stderr: '' })).toThrow(
      code('hook_reply_invalid'),
    );
    for (const bad of [
      null,
      { op: 'x' },
      { op: 'hook', argv: [1], cwd: '/', env: {}, stdin: '' },
      { op: 'hook', argv: [], cwd: 1, env: {}, stdin: '' },
      { op: 'hook', argv: [], cwd: '/', env: { A: 1 }, stdin: '' },
      { op: 'hook', argv: [], cwd: '/', env: [], stdin: '' },
    ])
      expect(() => decodeRequest(bad)).toThrow(code('hook_request_invalid'));
  });
});

describe('hook daemon socket lookup', () => {
  it('finds the state root the CLI would use, and the env names a hook call reads', () => {
    expect(stateRootOf(['--state', '/a/b', 'guard', 'hook'], {})).toBe('/a/b');
    expect(stateRootOf(['--state=/c', 'guard'], { MESH_HOME: '/m' })).toBe('/c');
    expect(stateRootOf(['guard', 'hook', '--state', '/x'], { MESH_HOME: '/m' })).toBe('/m');
    expect(
      envNamesOf(['guard', 'hook', '--secret-env', 'TOKEN', '--secret-env=K2']).sort(),
    ).toEqual(['HOME', 'K2', 'MESH_HOME', 'TOKEN']);
  });
});
