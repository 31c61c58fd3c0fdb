// Flow and taint: the single-layer encoded forms of a taint value that the matcher looks for.
// Base64 forms are the "interiors" at each of the three byte alignments, so a value is found inside
// any larger base64 blob whatever its offset; reversals of each form are patterns too, so the decoder
// need not reverse every view; deeper nests are reached by the decoder (decoder.ts).
import type { FlowLimits } from './flow-limits.js';
import { base32, rot13 } from './text-codecs.js';
import { WINDOW } from './flow-limits.js';

export type Encoding =
  | 'literal'
  | 'reversed'
  | 'hex'
  | 'hex-upper'
  | 'base64'
  | 'base64url'
  | 'reversed-hex'
  | 'reversed-base64'
  | 'base32'
  | 'rot13'
  | 'lowercase'
  | 'reversed-lowercase';

export interface Pattern {
  encoding: Encoding;
  bytes: Uint8Array;
  /** Which chunk of the value this pattern encodes (0 for a value matched whole). */
  chunk: number;
}

/** The spans of a value that are matched: the whole value, or 32-byte chunks of a long one. */
export function valueChunks(value: Uint8Array, limits: FlowLimits): Uint8Array[] {
  if (value.length <= limits.longValue) return [value];
  const w = limits.chunkLength;
  const chunks: Uint8Array[] = [];
  for (let off = 0; off + w <= value.length; off += w) chunks.push(value.subarray(off, off + w));
  if (value.length % w !== 0) chunks.push(value.subarray(value.length - w));
  return chunks;
}

function reversed(b: Uint8Array): Uint8Array {
  return Uint8Array.from(b).reverse();
}

/** Base64 of `b` after skipping `skip` bytes, trimmed to whole 3-byte groups: no padding involved. */
function base64Interior(b: Uint8Array, skip: number): string {
  const usable = Math.floor((b.length - skip) / 3) * 3;
  return usable <= 0 ? '' : Buffer.from(b.subarray(skip, skip + usable)).toString('base64');
}

/** Every pattern of one value, deduplicated, each at least WINDOW bytes long. */
export function patternsFor(value: Uint8Array, limits: FlowLimits): Pattern[] {
  const seen = new Set<string>();
  const out: Pattern[] = [];
  const add = (encoding: Encoding, chunk: number, bytes: Uint8Array): void => {
    if (bytes.length < WINDOW) return;
    const key = Buffer.from(bytes).toString('latin1');
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ encoding, bytes, chunk });
  };
  const ascii = (s: string): Uint8Array => Buffer.from(s, 'latin1');
  valueChunks(value, limits).forEach((c, i) => {
    add('literal', i, c);
    add('reversed', i, reversed(c));
    add('rot13', i, rot13(c));
    // DNS names and some channels fold case: the value lower-cased is still the value
    const lower = ascii(Buffer.from(c).toString('latin1').toLowerCase());
    add('lowercase', i, lower);
    // reversed and then case-folded by a DNS name: both single forms composed
    add('reversed-lowercase', i, reversed(lower));
    // Base32 interiors at each of the five byte alignments of a 40-bit group.
    for (let skip = 0; skip < 5; skip++) {
      const usable = Math.floor((c.length - skip) / 5) * 5;
      if (usable > 0) add('base32', i, ascii(base32(c.subarray(skip, skip + usable))));
    }
    const hex = Buffer.from(c).toString('hex');
    for (const h of [hex, hex.toUpperCase()]) {
      add(h === hex ? 'hex' : 'hex-upper', i, ascii(h));
      add('reversed-hex', i, reversed(ascii(h)));
    }
    for (const skip of [0, 1, 2]) {
      const b64 = base64Interior(c, skip);
      const url = b64.replace(/\+/g, '-').replace(/\//g, '_');
      add('base64', i, ascii(b64));
      add('base64url', i, ascii(url));
      add('reversed-base64', i, reversed(ascii(b64)));
      add('reversed-base64', i, reversed(ascii(url)));
    }
  });
  return out;
}
