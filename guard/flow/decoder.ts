// Flow and taint: the bounded recursive decoder. From outbound text it builds views
// (url-decoding, base64 and hex runs, gzip/deflate/brotli inside decoded blobs, and reversal where the
// encoded forms do not already cover it), at most `maxDecodeDepth` layers deep, within a view count
// and a total byte budget.
import { decodeBase64Runs } from './base64-runs.js';
import { findRuns, latin1, percentDecode, type Run } from './byte-runs.js';
import type { FlowLimits } from './flow-limits.js';
import { fromCharCodes, hostLabels, lowerBase32, unseparated } from './text-codecs.js';
import { fragmentJoins } from './fragment-joins.js';
import { inflations } from './inflations.js';
import { domainJoins } from './domain-joins.js';
import { hostNames } from './host-names.js';

export type Layer =
  | 'reverse'
  | 'url'
  | 'base64'
  | 'hex'
  | 'gzip'
  | 'deflate'
  | 'brotli'
  | 'separators'
  | 'charcodes'
  | 'lowercase'
  | 'labels'
  | 'fragments';

export interface View {
  bytes: Uint8Array;
  /** Decoding layers applied to the outbound text to get this view, outermost first. */
  layers: Layer[];
}

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

/** Decodes each hex run at both character offsets: glued text shifts an encoded blob. */
function hexRuns(bytes: Uint8Array, runs: readonly Run[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const r of runs) {
    const s = latin1(bytes.subarray(r.start, r.end));
    for (let k = 0; k < 2; k++) {
      const t = s.slice(k);
      out.push(Buffer.from(t.length % 2 === 0 ? t : t.slice(0, -1), 'hex'));
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
  for (const layer of ['base64', 'hex'] as const) {
    const found = layer === 'base64' ? runs.base64 : runs.hex;
    if (found.length === 0) continue;
    let blobs: Uint8Array[];
    let headerless: boolean[] | null = null;
    if (layer === 'base64') {
      const decoded = decodeBase64Runs(bytes, found, SEP);
      children.push({ bytes: decoded.joined, layer });
      ({ blobs, headerless } = decoded);
    } else {
      blobs = hexRuns(bytes, found);
      children.push({ bytes: joinRuns(blobs), layer });
    }
    if (layers.length + 1 < d.limits.maxDecodeDepth) {
      for (let i = 0; i < blobs.length; i++) {
        const blob = blobs[i] as Uint8Array;
        for (const inflated of inflations(blob, headerless?.[i] === true, d.limits)) {
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
export function decodeViews(
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
