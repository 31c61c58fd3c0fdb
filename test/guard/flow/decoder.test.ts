// Flow and taint: the bounded recursive decoder: round trips, and hostile input ends early.
import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { findRuns, percentDecode } from '../../../guard/flow/byte-runs.js';
import { decodeViews } from '../../../guard/flow/decoder.js';
import { DEFAULT_FLOW_LIMITS } from '../../../guard/flow/flow-limits.js';
import { FC_RUNS } from '../../support/env.js';

const contains = (hay: Uint8Array, needle: Uint8Array): boolean =>
  Buffer.from(hay).includes(Buffer.from(needle));

describe('flow decoder', () => {
  it('percent-decoding inverts percent-encoding of any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (b) => {
        const enc = [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join('');
        expect(Buffer.from(percentDecode(Buffer.from(enc))).equals(Buffer.from(b))).toBe(true);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('percent-decoding keeps broken escapes as they are', () => {
    expect(Buffer.from(percentDecode(Buffer.from('a%zz%4'))).toString()).toBe('a%zz%4');
  });

  it('finds base64 and hex runs with their padding', () => {
    const r = findRuns(
      Buffer.from('x "QUJDREVGR0hJSktMTU5PUA==" y 0123456789abcdef0123456789'),
      16,
      24,
    );
    expect(r.base64.map((x) => x.end - x.start)).toContain(26);
    expect(r.hex).toHaveLength(1);
  });

  it('reaches bytes under any chain of two decodable layers', () => {
    const layers = [
      (b: Buffer) => Buffer.from(b.toString('base64')),
      (b: Buffer) => Buffer.from(b.toString('hex')),
      (b: Buffer) => Buffer.from([...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join('')),
    ];
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 12, maxLength: 64 }),
        fc.nat(2),
        fc.nat(2),
        (b, i, j) => {
          const enc = layers[j]!(layers[i]!(Buffer.from(b)));
          const { views } = decodeViews(`pre ${enc.toString('latin1')} post`, DEFAULT_FLOW_LIMITS);
          expect(views.some((v) => contains(v.bytes, b))).toBe(true);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('never throws and stays within its view and byte budgets on arbitrary input', () => {
    const limits = { ...DEFAULT_FLOW_LIMITS, maxViews: 16, maxDecodedBytes: 64 * 1024 };
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (s) => {
        const { views } = decodeViews(s, limits);
        expect(views.length).toBeLessThanOrEqual(16);
        expect(views.reduce((n, v) => n + v.bytes.length, 0)).toBeLessThanOrEqual(64 * 1024);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('stops at its depth bound on deep nests', () => {
    let s = Buffer.from('innermost-value-0123456789');
    for (let i = 0; i < 12; i++) s = Buffer.from(s.toString('base64'));
    const { views } = decodeViews(s.toString(), DEFAULT_FLOW_LIMITS);
    expect(Math.max(...views.map((v) => v.layers.length))).toBeLessThanOrEqual(
      DEFAULT_FLOW_LIMITS.maxDecodeDepth,
    );
  });

  it('bounds a decompression bomb by maxInflatedBytes', () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024)).toString('base64');
    const { views } = decodeViews(bomb, DEFAULT_FLOW_LIMITS);
    const inflated = views.filter((v) => v.layers.includes('gzip'));
    expect(inflated.length).toBeGreaterThan(0);
    for (const v of inflated)
      expect(v.bytes.length).toBeLessThanOrEqual(DEFAULT_FLOW_LIMITS.maxInflatedBytes);
  });

  it('marks a decode cut short by its budget as truncated', () => {
    const blob = Buffer.alloc(3000, 7).toString('base64');
    const r = decodeViews(Array.from({ length: 40 }, () => blob).join(' '), {
      ...DEFAULT_FLOW_LIMITS,
      maxDecodedBytes: 20_000,
    });
    expect(r.truncated).toBe(true);
  });
});
