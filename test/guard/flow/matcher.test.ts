// Flow and taint: the sampled run finder and the sampled multi-pattern matcher against
// plain reference implementations (a loop over every byte, a substring search per pattern).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRuns, type ByteRuns } from '../../../guard/flow/byte-runs.js';
import { patternsFor } from '../../../guard/flow/encoded-forms.js';
import { DEFAULT_FLOW_LIMITS } from '../../../guard/flow/flow-limits.js';
import { matchSampled, MemoryIndex } from '../../../guard/flow/memory-index.js';
import { FC_RUNS } from '../../support/env.js';

/** The definition the sampled finder must agree with: every maximal run, byte by byte. */
function referenceRuns(bytes: Uint8Array, minBase64: number, minHex: number): ByteRuns {
  const b64 = (c: number | undefined): boolean =>
    c !== undefined && /[A-Za-z0-9+/_-]/.test(String.fromCharCode(c));
  const hex = (c: number | undefined): boolean =>
    c !== undefined && /[0-9A-Fa-f]/.test(String.fromCharCode(c));
  const out: ByteRuns = { base64: [], hex: [], percent: false, reversedPercent: false };
  const n = bytes.length;
  for (let i = 0; i < n;) {
    if (!b64(bytes[i])) {
      i++;
      continue;
    }
    let e = i;
    while (e < n && b64(bytes[e])) e++;
    let end = e;
    while (end < n && end - e < 2 && bytes[end] === 0x3d) end++;
    if (end - i >= minBase64) out.base64.push({ start: i, end });
    i = e;
  }
  for (let i = 0; i < n;) {
    if (!hex(bytes[i])) {
      i++;
      continue;
    }
    let e = i;
    while (e < n && hex(bytes[e])) e++;
    if (e - i >= minHex) out.hex.push({ start: i, end: e });
    i = e;
  }
  for (let i = 0; i < n; i++) {
    if (bytes[i] !== 0x25 || !hex(bytes[i + 1]) || !hex(bytes[i + 2])) continue;
    out.percent = true;
    if (i >= 2 && hex(bytes[i - 1]) && hex(bytes[i - 2]) && bytes[i + 3] === 0x25)
      out.reversedPercent = true;
  }
  return out;
}

// Text dense in run boundaries: runs of base64 and hex characters of every length near the minimum,
// padding, escapes and separators.
const ALPHABETS = ['aZ09+/_-', 'a0F9cE', '=', '%', ' .%'];
const runText = fc
  .array(
    fc.tuple(
      fc.integer({ min: 0, max: ALPHABETS.length - 1 }),
      fc.integer({ min: 1, max: 28 }),
      fc.nat(),
    ),
    { maxLength: 30 },
  )
  .map((segments) =>
    Buffer.from(
      segments
        .map(([a, n, seed]) => {
          const chars = ALPHABETS[a] ?? ' ';
          return Array.from({ length: n }, (_, i) => chars[(seed + i * 7) % chars.length]).join('');
        })
        .join(''),
      'latin1',
    ),
  );

describe('sampled matching', () => {
  it('finds exactly the runs and escapes a byte-by-byte scan finds', () => {
    fc.assert(
      fc.property(
        runText,
        fc.constantFrom(14, 15, 16, 17),
        fc.constantFrom(12, 13, 24, 25),
        (b, mb, mh) => {
          expect(findRuns(b, mb, mh)).toEqual(referenceRuns(b, mb, mh));
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('finds a run of every length near the minimum at every offset', () => {
    for (const chars of ['a0F9cE', 'aZ09+/_-']) {
      for (let len = 8; len <= 30; len++) {
        for (let off = 0; off < 8; off++) {
          const run = Array.from({ length: len }, (_, i) => chars[i % chars.length]).join('');
          const b = Buffer.from(`${'.'.repeat(off)}${run}==${' '.repeat(off)}%41`, 'latin1');
          for (const [mb, mh] of [
            [14, 12],
            [16, 24],
          ] as const)
            expect(findRuns(b, mb, mh)).toEqual(referenceRuns(b, mb, mh));
        }
      }
    }
  });

  it('finds every pattern occurrence a substring search finds, at any offset', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ minLength: 12, maxLength: 90 }), { minLength: 1, maxLength: 8 }),
        fc.uint8Array({ maxLength: 300 }),
        fc.nat(),
        fc.nat(),
        (values, filler, pick, at) => {
          const index = new MemoryIndex(DEFAULT_FLOW_LIMITS);
          values.forEach((v, i) => {
            index.add(i + 1, v);
          });
          const all = values.flatMap((v, i) =>
            patternsFor(v, DEFAULT_FLOW_LIMITS).map((p) => ({ id: i + 1, p })),
          );
          const chosen = all[pick % all.length];
          if (!chosen) return;
          const cut = at % (filler.length + 1);
          const hay = Buffer.concat([
            filler.subarray(0, cut),
            chosen.p.bytes,
            filler.subarray(cut),
          ]);
          const found = matchSampled([index], [{ bytes: hay, layers: [] }]);
          expect(found.some((m) => m.valueId === chosen.id && m.chunk === chosen.p.chunk)).toBe(
            true,
          );
          // Nothing is reported that is not there.
          for (const m of found) {
            const present = all.some(
              (x) =>
                x.id === m.valueId &&
                x.p.chunk === m.chunk &&
                x.p.encoding === m.encoding &&
                hay.includes(Buffer.from(x.p.bytes)),
            );
            expect(present).toBe(true);
          }
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});
