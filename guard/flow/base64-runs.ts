// Flow and taint: the base64 runs of a view decoded at every character offset, straight from its
// bytes into one buffer (docs/guard.md "Flow and taint"). Text glued to the front of an encoded
// blob shifts it, and the decoder cannot know by how much, so each run is decoded from its first
// four characters. A run (byte-runs.ts) is base64 or base64url characters and at most two `=`
// after them; decoded here exactly as `Buffer.from(run, 'base64')` decodes it: 6 bits a
// character up to the first `=`, a last group of 2 or 3 characters giving 1 or 2 bytes, one of 1
// character nothing.
import type { Run } from './byte-runs.js';

/** Each character's 6 bits (both alphabets), or -1. */
const SEXTET = new Int8Array(256).fill(-1);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
for (let i = 0; i < 64; i++) SEXTET[ALPHABET.charCodeAt(i)] = i;
SEXTET[0x2d] = 62; // `-`
SEXTET[0x5f] = 63; // `_`

/** Letters of both cases and digits: what base64 of compressed (random-looking) bytes holds. */
const UPPER = 1;
const LOWER = 2;
const DIGIT = 4;
const MIXED = new Uint8Array(256);
for (let c = 0x41; c <= 0x5a; c++) MIXED[c] = UPPER;
for (let c = 0x61; c <= 0x7a; c++) MIXED[c] = LOWER;
for (let c = 0x30; c <= 0x39; c++) MIXED[c] = DIGIT;

export interface DecodedRuns {
  /** Every blob, each followed by `separator`: the decoded view. */
  joined: Uint8Array;
  /** The blobs, in order (views into `joined`): run by run, offsets 0 to 3. */
  blobs: Uint8Array[];
  /** Per blob: its run looks like compressed data (24 characters or more, both cases and a digit). */
  headerless: boolean[];
}

/**
 * Base64 of compressed bytes looks random: long, with upper case, lower case and digits. Only such a
 * run is worth a brotli or raw-deflate attempt (they have no header), each of which costs a zlib call.
 */
function looksCompressed(bytes: Uint8Array, r: Run): boolean {
  if (r.end - r.start < 24) return false;
  let seen = 0;
  for (let i = r.start; i < r.end && seen !== 7; i++) seen |= MIXED[bytes[i] as number] as number;
  return seen === 7;
}

/** Decodes bytes[from, end) into out at o; returns the new end of out. */
function decodeInto(
  bytes: Uint8Array,
  from: number,
  end: number,
  out: Uint8Array,
  o: number,
): number {
  let acc = 0;
  let bits = 0;
  for (let i = from; i < end; i++) {
    const v = SEXTET[bytes[i] as number] as number;
    if (v < 0) break;
    acc = ((acc << 6) | v) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >>> bits) & 0xff;
    }
  }
  return o;
}

/** The runs of `bytes` decoded at offsets 0-3 each, every blob followed by `separator`. */
export function decodeBase64Runs(
  bytes: Uint8Array,
  runs: readonly Run[],
  separator: number,
): DecodedRuns {
  let size = 0;
  for (const r of runs) size += 4 * (Math.floor(((r.end - r.start) * 3) / 4) + 1);
  const joined = new Uint8Array(size);
  const bounds: number[] = [];
  const headerless: boolean[] = [];
  let o = 0;
  for (const r of runs) {
    const compressed = looksCompressed(bytes, r);
    for (let k = 0; k < 4; k++) {
      const start = o;
      o = decodeInto(bytes, Math.min(r.start + k, r.end), r.end, joined, o);
      bounds.push(start, o);
      headerless.push(compressed);
      joined[o++] = separator;
    }
  }
  const blobs: Uint8Array[] = [];
  for (let i = 0; i < bounds.length; i += 2) blobs.push(joined.subarray(bounds[i], bounds[i + 1]));
  return { joined: joined.subarray(0, o), blobs, headerless };
}
