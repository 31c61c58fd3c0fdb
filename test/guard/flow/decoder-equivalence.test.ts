// The decoder builds the same views, in the same order, with the same truncation flag, as its
// reference (decoder-reference.ts) on what a check decodes: arguments holding secrets in every
// outbound encoding, split across arguments and glued to other text, their values joined, a command
// line's values joined, base64 of compressed and random bytes, and budgets small enough to run out.
import fc from 'fast-check';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { argumentLeaves } from '../../../guard/flow/args-leaves.js';
import { decodeBase64Runs } from '../../../guard/flow/base64-runs.js';
import { findRuns } from '../../../guard/flow/byte-runs.js';
import { joinedCommandValues } from '../../../guard/flow/command-values.js';
import { decodeViews, type View } from '../../../guard/flow/decoder.js';
import { DEFAULT_FLOW_LIMITS, type FlowLimits } from '../../../guard/flow/flow-limits.js';
import { FC_RUNS } from '../../support/env.js';
import { referenceDecodeViews } from './decoder-reference.js';
import { ENCODINGS } from './encodings.js';

const shown = (views: readonly View[]): string[] =>
  views.map((v) => `${v.layers.join('/')}:${Buffer.from(v.bytes).toString('hex')}`);

function sameViews(text: string, limits: FlowLimits): void {
  const got = decodeViews(text, limits);
  const want = referenceDecodeViews(text, limits);
  expect(got.truncated).toBe(want.truncated);
  expect(shown(got.views)).toEqual(shown(want.views));
}

/** The texts a check decodes for `args`: each leaf, the values joined, each command line's values. */
function checkedTexts(args: Record<string, unknown>, previous: string): string[] {
  const leaves = argumentLeaves(args, 'args', 1 << 20).leaves;
  const values = leaves.filter((l) => l.key !== true).map((l) => l.text);
  const out = [...leaves.map((l) => l.text), previous + values.join(''), values.join('')];
  for (const v of values) {
    const joined = joinedCommandValues(v);
    if (joined !== null) out.push(joined);
  }
  return out;
}

const compressors = [gzipSync, deflateSync, deflateRawSync, brotliCompressSync];
const secret = fc.stringMatching(/^[A-Za-z0-9_-]{12,40}$/);
const encoded = fc
  .tuple(secret, fc.constantFrom(...Object.keys(ENCODINGS)))
  .map(([s, e]) => (ENCODINGS[e] as (b: Buffer) => Buffer)(Buffer.from(s)).toString('latin1'));
const noise = fc.oneof(
  fc.constantFrom('', ' ', 'x', 'ab', '=', '==', '/', '.', '%', 'the quick brown fox ', '-H '),
  fc.stringMatching(/^[A-Za-z0-9+/=_ .%-]{0,30}$/),
  fc.string({ maxLength: 12 }),
);
/** Base64 of bytes that carry stream headers or are compressed, at a shifted start. */
const blob = fc
  .tuple(fc.uint8Array({ minLength: 0, maxLength: 60 }), fc.nat(7), fc.nat(3))
  .map(([b, how, cut]) => {
    const raw = Buffer.from(b);
    const bytes =
      how < compressors.length
        ? (compressors[how] as (x: Buffer) => Buffer)(raw)
        : how === 4
          ? Buffer.concat([raw.subarray(0, 5), Buffer.from([0x1f, 0x8b, 8, 0]), raw])
          : how === 5
            ? Buffer.concat([Buffer.from([0x78, 0x9c]), raw, Buffer.from([0x78, 0x01])])
            : raw;
    return bytes.toString(how === 6 ? 'base64url' : 'base64').slice(cut);
  });
/** Base64 of a few hundred bytes with stream headers at generated places: long blobs are searched. */
const longBlob = fc
  .tuple(
    fc.uint8Array({ minLength: 300, maxLength: 700, size: 'max' }),
    fc.array(fc.tuple(fc.nat(699), fc.constantFrom('1f8b08', '789c', '7801', '78da', '785e')), {
      maxLength: 6,
    }),
    fc.nat(3),
  )
  .map(([b, headers, cut]) => {
    const bytes = Buffer.from(b);
    for (const [at, h] of headers)
      Buffer.from(h, 'hex').copy(bytes, Math.min(at, bytes.length - 3));
    return bytes.toString('base64').slice(cut);
  });
const piece = fc.oneof(encoded, noise, blob, longBlob);
const text = fc.array(piece, { maxLength: 6 }).map((xs) => xs.join(''));
const limits = fc.oneof(
  { arbitrary: fc.constant(DEFAULT_FLOW_LIMITS), weight: 4 },
  fc
    .tuple(
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 16, max: 4096 }),
      fc.integer({ min: 1, max: 3 }),
    )
    .map(([maxViews, maxDecodedBytes, maxDecodeDepth]) => ({
      ...DEFAULT_FLOW_LIMITS,
      maxViews,
      maxDecodedBytes,
      maxDecodeDepth,
    })),
);

describe('the decoder against its reference', () => {
  it('the same views of generated text, under any budget', () => {
    fc.assert(
      fc.property(text, limits, (t, l) => {
        sameViews(t, l);
      }),
      { numRuns: FC_RUNS * 3 },
    );
  });

  it('the same views of every text a check decodes, secrets split across arguments', () => {
    const args = fc
      .tuple(encoded, fc.nat(40), noise, noise, text, fc.boolean())
      .map(([enc, at, a, b, rest, cmd]) => {
        const cut = Math.min(at, enc.length);
        const head = enc.slice(0, cut);
        const tail = enc.slice(cut);
        return cmd
          ? { command: `curl -H 'X-A: ${head}' -d k=${tail} ${rest}` }
          : { url: `https://x.test/?q=${a}${head}`, body: { text: `${tail}${b}`, more: rest } };
      });
    fc.assert(
      fc.property(args, noise, limits, (a, previous, l) => {
        for (const t of checkedTexts(a, previous)) sameViews(t, l);
      }),
      { numRuns: FC_RUNS * 2 },
    );
  });

  it('decodes a run exactly as Buffer.from(run, "base64") does, at every offset', () => {
    const run = fc.stringMatching(/^[A-Za-z0-9+/_-]{14,80}={0,2}$/);
    fc.assert(
      fc.property(fc.stringMatching(/^[ .%]{0,3}$/), run, (before, r) => {
        const bytes = Buffer.from(before + r, 'latin1');
        const runs = findRuns(bytes, 16, 24).base64;
        const { blobs } = decodeBase64Runs(bytes, runs, 0);
        const want = runs.flatMap((x) =>
          [0, 1, 2, 3].map((k) =>
            Buffer.from(bytes.subarray(x.start, x.end).toString('latin1').slice(k), 'base64'),
          ),
        );
        expect(blobs.map((b) => Buffer.from(b).toString('hex'))).toEqual(
          want.map((b) => b.toString('hex')),
        );
      }),
      { numRuns: FC_RUNS * 10 },
    );
  });

  it('leaves the stack trace limit as it was after failed decompressions', () => {
    const limit = Error.stackTraceLimit;
    // looks compressed (both cases and digits), decompresses to nothing: every attempt fails
    const views = decodeViews('Zm9vQmFyQmF6MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1u', DEFAULT_FLOW_LIMITS);
    expect(views.views.length).toBeGreaterThan(1);
    expect(Error.stackTraceLimit).toBe(limit);
  });
});
