// Flow and taint: what a decoded blob decompresses to (gzip, zlib, brotli, raw deflate), within
// the output bound, for the decoder's views (decoder.ts). Compressed data with a header is found by
// its header anywhere in the blob; headerless formats are tried only on blobs that look compressed.
import { brotliDecompressSync, constants, inflateRawSync, inflateSync } from 'node:zlib';
import type { FlowLimits } from './flow-limits.js';

/** Blobs shorter than this are walked for stream headers rather than searched. */
const SHORT_BLOB = 256;

export interface Inflated {
  layer: 'gzip' | 'deflate' | 'brotli';
  bytes: Uint8Array;
}

/** Where the deflate data of a gzip member (RFC 1952 §2.3) starts, or -1 if the header is cut. */
function gzipBody(blob: Uint8Array, at: number): number {
  const flags = blob[at + 3] ?? 0;
  let p = at + 10;
  if (flags & 4) p += 2 + ((blob[p] ?? 0) | ((blob[p + 1] ?? 0) << 8));
  for (const bit of [8, 16]) {
    if (flags & bit) {
      while (p < blob.length && blob[p] !== 0) p++;
      p++;
    }
  }
  if (flags & 2) p += 2;
  return p < blob.length ? p : -1;
}

/**
 * Starts of gzip (1f 8b 08) and zlib (RFC 1950 CMF/FLG check) streams inside a blob, a few at most,
 * in order. Only the positions of their first bytes are checked, found by the native byte search;
 * a short blob (most are a run's few dozen bytes) is walked instead, which costs less than the
 * search's calls.
 */
function magicOffsets(blob: Uint8Array): { layer: 'gzip' | 'deflate'; at: number }[] {
  const out: { layer: 'gzip' | 'deflate'; at: number }[] = [];
  if (blob.length < SHORT_BLOB) {
    for (let i = 0; i + 2 < blob.length && out.length < 4; i++) {
      const a = blob[i] as number;
      const b = blob[i + 1] as number;
      if (a === 0x1f && b === 0x8b && blob[i + 2] === 8) out.push({ layer: 'gzip', at: i });
      else if (a === 0x78 && ((a << 8) | b) % 31 === 0 && (b & 0x20) === 0)
        out.push({ layer: 'deflate', at: i });
    }
    return out;
  }
  const buf = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  let gzip = buf.indexOf(0x1f);
  let zlib = buf.indexOf(0x78);
  while (out.length < 4 && (gzip >= 0 || zlib >= 0)) {
    const i = gzip < 0 ? zlib : zlib < 0 ? gzip : Math.min(gzip, zlib);
    if (i + 2 >= blob.length) break;
    const b = blob[i + 1] ?? 0;
    if (i === gzip) {
      if (b === 0x8b && blob[i + 2] === 8) out.push({ layer: 'gzip', at: i });
      gzip = buf.indexOf(0x1f, i + 1);
    } else {
      if (((0x78 << 8) | b) % 31 === 0 && (b & 0x20) === 0) out.push({ layer: 'deflate', at: i });
      zlib = buf.indexOf(0x78, i + 1);
    }
  }
  return out;
}

/**
 * What `f` decompresses of `input`, or null. Output over the bound is an error in zlib; a shorter
 * prefix of the input then yields a prefix of the output, so a bomb still shows its first bytes
 * instead of hiding them.
 */
function inflatedPrefix(
  f: (input: Uint8Array) => Uint8Array,
  input: Uint8Array,
): Uint8Array | null {
  for (let n = input.length, tries = 0; n > 0 && tries < 12; n = Math.floor(n / 2), tries++) {
    try {
      const bytes = f(input.subarray(0, n));
      return bytes.length > 0 ? bytes : null;
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'ERR_BUFFER_TOO_LARGE') return null;
    }
  }
  return null;
}

/**
 * Runs `f` with no stack traces captured: most decompression attempts on text that only looks
 * encoded end in a zlib error, read for its code alone, and capturing (and source-mapping) its
 * stack costs several times the attempt itself. The limit is put back before anything else runs.
 */
function quietly<T>(f: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return f();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Decompressions a decoded blob might hold. Gzip and zlib are found by their headers anywhere in the
 * blob; brotli and raw deflate have none and are tried from its start. Truncated streams and trailing
 * bytes still yield what decompressed.
 */
export function inflations(blob: Uint8Array, headerless: boolean, limits: FlowLimits): Inflated[] {
  if (blob.length < 8) return [];
  const magic = magicOffsets(blob);
  if (magic.length === 0 && !headerless) return [];
  const opts = { maxOutputLength: limits.maxInflatedBytes, finishFlush: constants.Z_SYNC_FLUSH };
  const out: Inflated[] = [];
  const attempt = (
    layer: Inflated['layer'],
    f: (input: Uint8Array) => Uint8Array,
    input: Uint8Array,
  ): boolean => {
    const bytes = quietly(() => inflatedPrefix(f, input));
    if (bytes !== null) out.push({ layer, bytes });
    return bytes !== null;
  };
  for (const m of magic) {
    if (m.layer === 'gzip') {
      const body = gzipBody(blob, m.at);
      if (body > 0) attempt('gzip', (b) => inflateRawSync(b, opts), blob.subarray(body));
    } else attempt('deflate', (b) => inflateSync(b, opts), blob.subarray(m.at));
  }
  const brotli = {
    maxOutputLength: limits.maxInflatedBytes,
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
  };
  if (out.length > 0 || !headerless) return out;
  if (!attempt('brotli', (b) => brotliDecompressSync(b, brotli), blob))
    attempt('deflate', (b) => inflateRawSync(b, opts), blob);
  return out;
}
