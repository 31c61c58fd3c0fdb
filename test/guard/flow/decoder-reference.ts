// Test reference: the bounded recursive decoder as it was before its base64 runs were decoded
// straight from bytes (guard/flow/base64-runs.ts) and its stream headers found by byte search. The
// decoder must build the very same views and truncation flag (decoder-equivalence.test.ts).
import { brotliDecompressSync, constants, inflateRawSync, inflateSync } from 'node:zlib';
import { findRuns, latin1, percentDecode, type Run } from '../../../guard/flow/byte-runs.js';
import type { Layer, View } from '../../../guard/flow/decoder.js';
import type { FlowLimits } from '../../../guard/flow/flow-limits.js';
import {
  fromCharCodes,
  hostLabels,
  lowerBase32,
  unseparated,
} from '../../../guard/flow/text-codecs.js';
import { fragmentJoins } from '../../../guard/flow/fragment-joins.js';
import { domainJoins } from '../../../guard/flow/domain-joins.js';
import { hostNames } from '../../../guard/flow/host-names.js';

// Shortest runs worth decoding: what encodes the shortest taint value (12 bytes).
const MIN_BASE64 = 16;
const MIN_HEX = 24;
// Runs in decoded views are separated by a byte no encoding produces, so no match spans two runs.
const SEP = 0;

interface Budget {
  views: number;
  bytes: number;
}

function joinRuns(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length + 1;
  const out = new Uint8Array(n);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
    out[off++] = SEP;
  }
  return out;
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

/** Starts of gzip (1f 8b 08) and zlib (RFC 1950 CMF/FLG check) streams inside a blob, a few at most. */
function magicOffsets(blob: Uint8Array): { layer: 'gzip' | 'deflate'; at: number }[] {
  const out: { layer: 'gzip' | 'deflate'; at: number }[] = [];
  for (let i = 0; i + 2 < blob.length && out.length < 4; i++) {
    const a = blob[i] ?? 0;
    const b = blob[i + 1] ?? 0;
    if (a === 0x1f && b === 0x8b && blob[i + 2] === 8) out.push({ layer: 'gzip', at: i });
    else if (a === 0x78 && ((a << 8) | b) % 31 === 0 && (b & 0x20) === 0)
      out.push({ layer: 'deflate', at: i });
  }
  return out;
}

/**
 * Decompressions a decoded blob might hold. Gzip and zlib are found by their headers anywhere in the
 * blob; brotli and raw deflate have none and are tried from its start. Truncated streams and trailing
 * bytes still yield what decompressed.
 */
function inflations(
  blob: Uint8Array,
  headerless: boolean,
  limits: FlowLimits,
): { layer: Layer; bytes: Uint8Array }[] {
  if (blob.length < 8) return [];
  const magic = magicOffsets(blob);
  if (magic.length === 0 && !headerless) return [];
  const opts = { maxOutputLength: limits.maxInflatedBytes, finishFlush: constants.Z_SYNC_FLUSH };
  const out: { layer: Layer; bytes: Uint8Array }[] = [];
  // Output over the bound is an error in zlib; a shorter prefix of the input then yields a prefix of
  // the output, so a bomb still shows its first bytes instead of hiding them.
  const attempt = (
    layer: Layer,
    f: (input: Uint8Array) => Uint8Array,
    input: Uint8Array,
  ): boolean => {
    for (let n = input.length, tries = 0; n > 0 && tries < 12; n = Math.floor(n / 2), tries++) {
      try {
        const bytes = f(input.subarray(0, n));
        if (bytes.length > 0) out.push({ layer, bytes });
        return bytes.length > 0;
      } catch (e) {
        if ((e as { code?: unknown }).code !== 'ERR_BUFFER_TOO_LARGE') return false;
      }
    }
    return false;
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

/**
 * Base64 of compressed bytes looks random: long, with upper case, lower case and digits. Only such a
 * run is worth a brotli or raw-deflate attempt (they have no header), each of which costs a zlib call.
 */
function looksCompressed(run: string): boolean {
  return run.length >= 24 && /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);
}

interface Blob {
  bytes: Uint8Array;
  /** Worth trying as headerless compressed data (brotli, raw deflate). */
  headerless: boolean;
}

/**
 * Decodes each run at every character offset (4 for base64, 2 for hex): text glued to the front of
 * an encoded blob shifts it, and the decoder cannot know by how much.
 */
function decodedRuns(bytes: Uint8Array, runs: readonly Run[], layer: 'base64' | 'hex'): Blob[] {
  const out: Blob[] = [];
  const shifts = layer === 'base64' ? 4 : 2;
  // Every shift of a compressed-looking run is tried headerless: glued text moves its true start.
  for (const r of runs) {
    const s = latin1(bytes.subarray(r.start, r.end));
    const headerless = layer === 'base64' && looksCompressed(s);
    for (let k = 0; k < shifts; k++) {
      const t = s.slice(k);
      if (layer === 'base64') out.push({ bytes: Buffer.from(t, 'base64'), headerless });
      else
        out.push({
          bytes: Buffer.from(t.length % 2 === 0 ? t : t.slice(0, -1), 'hex'),
          headerless: false,
        });
    }
  }
  return out;
}

/** One decoding's state: what it built so far and what it may still build. */
interface Decoding {
  limits: FlowLimits;
  budget: Budget;
  views: View[];
  truncated: boolean;
}

function push(d: Decoding, bytes: Uint8Array, layers: Layer[]): boolean {
  if (bytes.length === 0) return false;
  if (d.budget.views <= 0 || d.budget.bytes < bytes.length) {
    d.truncated = true;
    return false;
  }
  d.budget.views--;
  d.budget.bytes -= bytes.length;
  d.views.push({ bytes, layers });
  return true;
}

function expand(d: Decoding, bytes: Uint8Array, layers: Layer[]): void {
  if (layers.length >= d.limits.maxDecodeDepth) return;
  const runs = findRuns(bytes, MIN_BASE64, MIN_HEX);
  const children: { bytes: Uint8Array; layer: Layer }[] = [];
  if (!layers.includes('reverse') && runs.reversedPercent)
    children.push({ bytes: Uint8Array.from(bytes).reverse(), layer: 'reverse' });
  if (runs.percent) children.push({ bytes: percentDecode(bytes), layer: 'url' });
  for (const [found, layer] of [
    [runs.base64, 'base64'],
    [runs.hex, 'hex'],
  ] as const) {
    if (found.length === 0) continue;
    const blobs = decodedRuns(bytes, found, layer);
    children.push({ bytes: joinRuns(blobs.map((b) => b.bytes)), layer });
    if (layers.length + 1 < d.limits.maxDecodeDepth) {
      for (const blob of blobs) {
        for (const inflated of inflations(blob.bytes, blob.headerless, d.limits)) {
          const next: Layer[] = [...layers, layer, inflated.layer];
          if (push(d, inflated.bytes, next)) expand(d, inflated.bytes, next);
        }
      }
    }
  }
  for (const child of children) {
    const next = [...layers, child.layer];
    if (push(d, child.bytes, next)) expand(d, child.bytes, next);
  }
}

/**
 * Every view of `text` within the bounds, the text itself first. This value is attacker-controlled
 * (an agent's outbound arguments), hence the budgets: a hostile input ends decoding early, never hangs.
 */
export function referenceDecodeViews(
  text: string,
  limits: FlowLimits,
): { views: View[]; truncated: boolean } {
  const d: Decoding = {
    limits,
    budget: { views: limits.maxViews, bytes: limits.maxDecodedBytes },
    views: [],
    truncated: false,
  };
  const root = Buffer.from(text, 'utf8');
  if (push(d, root, [])) expand(d, root, []);
  // Text re-encodings (text-codecs.ts), each one layer, then decoded further like any view.
  const joined = unseparated(text);
  if (joined !== null) {
    const b = Buffer.from(joined, 'utf8');
    if (push(d, b, ['separators'])) expand(d, b, ['separators']);
  }
  const pieces = fragmentJoins(text);
  if (pieces !== null) push(d, Buffer.from(pieces, 'utf8'), ['fragments']);
  const codes = fromCharCodes(text);
  if (codes !== null && push(d, codes, ['charcodes'])) expand(d, codes, ['charcodes']);
  // Base32 is upper case by its alphabet; an agent that lower-cases it is read back in upper case.
  if (lowerBase32(text)) {
    const up = Buffer.from(text.toUpperCase(), 'utf8');
    push(d, up, ['lowercase']);
  }
  // A host name's labels joined (lower case, as DNS folds it), then decoded (hex) or read back in
  // upper case (base32)
  // one walk finds the names both read (names of three labels or more)
  const names = text.includes('.') ? hostNames(text, 2, Infinity) : [];
  const labels = hostLabels(text, names);
  if (labels !== null) {
    const b = Buffer.from(labels, 'utf8');
    if (push(d, b, ['labels'])) expand(d, b, ['labels']);
    push(d, Buffer.from(labels.toUpperCase(), 'utf8'), ['labels', 'lowercase']);
  }
  // The same over the names of several lookups of one domain (domain-joins.ts)
  const spread = domainJoins(text, names);
  if (spread !== null) {
    const b = Buffer.from(spread, 'utf8');
    if (push(d, b, ['labels'])) expand(d, b, ['labels']);
    push(d, Buffer.from(spread.toUpperCase(), 'utf8'), ['labels', 'lowercase']);
  }
  return { views: d.views, truncated: d.truncated };
}
