// Flow and taint: the in-process multi-pattern matcher. Every pattern (at least WINDOW = 12
// bytes) is indexed by the fingerprints of its 8-byte windows at offsets 0..4; a scan fingerprints only
// every 5th position of a view, since any occurrence of a pattern holds exactly one such position whose
// window starts 0..4 bytes into the pattern. Candidates are confirmed byte for byte.
import { randomBytes } from 'node:crypto';
import type { View } from './decoder.js';
import { patternsFor, type Pattern } from './encoded-forms.js';
import type { FlowLimits } from './flow-limits.js';
import { WINDOW } from './flow-limits.js';
import type { PatternRef, RawMatchIn } from './match-index.js';
import { filterAdd, filterWords } from './window-filter.js';

/** Width of a sampled window and the distance between sampled positions (width + stride - 1 = WINDOW). */
export const SAMPLE_WIDTH = 8;
export const SAMPLE_STRIDE = WINDOW - SAMPLE_WIDTH + 1;

interface Entry extends PatternRef {
  bytes: Uint8Array;
}

// A process-local key is enough: nothing of this index outlives the process. It keeps an agent that
// cannot see the key from steering its arguments into filter collisions.
const KEY = new Int32Array(new Uint8Array(randomBytes(8)).buffer);
const K0 = KEY[0] ?? 0;
const K1 = KEY[1] ?? 0;

/** The fingerprint of bytes[q, q + SAMPLE_WIDTH); the caller guarantees the range is inside. */
export function sampleFingerprint(b: Uint8Array, q: number): number {
  const lo =
    (b[q] as number) |
    ((b[q + 1] as number) << 8) |
    ((b[q + 2] as number) << 16) |
    ((b[q + 3] as number) << 24);
  const hi =
    (b[q + 4] as number) |
    ((b[q + 5] as number) << 8) |
    ((b[q + 6] as number) << 16) |
    ((b[q + 7] as number) << 24);
  let x = Math.imul(lo ^ K0, 0x9e3779b1) ^ Math.imul(hi ^ K1, 0x85ebca77);
  x ^= x >>> 15;
  x = Math.imul(x, 0x2c1b3c6d);
  x ^= x >>> 12;
  return x >>> 0;
}

/** Estimated V8 cost of one pattern entry and of one fingerprint slot, in bytes. */
const PATTERN_COST = 150;
const FP_COST = 120;

export class MemoryIndex {
  filter: Uint32Array = new Uint32Array(filterWords(0));
  private entries: Entry[] = [];
  /** Fingerprint -> pattern index * 8 + the window's offset in the pattern. */
  private byFp = new Map<number, number[]>();
  private bytes = 0;

  constructor(private readonly limits: FlowLimits) {}

  get patternCount(): number {
    return this.entries.length;
  }

  /**
   * Estimated bytes of this index: pattern bytes plus a fixed cost per pattern and per fingerprint
   * entry (V8 array and map slots), so a scope can be bounded by memory rather than by count.
   */
  get footprint(): number {
    return this.bytes + this.filter.byteLength;
  }

  /** What `add` would cost in footprint, without adding. */
  costOf(bytes: Uint8Array): { patterns: Pattern[]; bytes: number } {
    const patterns = patternsFor(bytes, this.limits);
    let n = 0;
    for (const p of patterns) n += p.bytes.length + PATTERN_COST + SAMPLE_STRIDE * FP_COST;
    return { patterns, bytes: n };
  }

  /** Adds a value's patterns incrementally: nothing already indexed is rebuilt (the filter grows by doubling). */
  add(id: number, bytes: Uint8Array, cost = this.costOf(bytes)): void {
    const words = filterWords((this.byFp.size + cost.patterns.length * SAMPLE_STRIDE) * 2);
    if (words > this.filter.length) {
      this.filter = new Uint32Array(words);
      for (const fp of this.byFp.keys()) filterAdd(this.filter, fp);
    }
    for (const p of cost.patterns) this.insert(id, p);
    this.bytes += cost.bytes;
  }

  private insert(id: number, p: Pattern): void {
    const n = this.entries.push({
      valueId: id,
      encoding: p.encoding,
      chunk: p.chunk,
      bytes: p.bytes,
    });
    for (let off = 0; off < SAMPLE_STRIDE; off++) {
      const fp = sampleFingerprint(p.bytes, off);
      filterAdd(this.filter, fp);
      const list = this.byFp.get(fp);
      if (list) list.push((n - 1) * 8 + off);
      else this.byFp.set(fp, [(n - 1) * 8 + off]);
    }
  }

  candidates(fp: number): readonly number[] | undefined {
    return this.byFp.get(fp);
  }

  confirm(id: number, bytes: Uint8Array, start: number): boolean {
    const p = this.entries[id]?.bytes;
    if (!p || start < 0 || start + p.length > bytes.length) return false;
    for (let i = 0; i < p.length; i++) if (bytes[start + i] !== p[i]) return false;
    return true;
  }

  describe(id: number): PatternRef {
    const e = this.entries[id];
    if (!e) throw new RangeError(`no pattern ${id}`);
    return { valueId: e.valueId, encoding: e.encoding, chunk: e.chunk };
  }
}

function probe(
  index: MemoryIndex,
  which: number,
  fp: number,
  view: View,
  q: number,
  found: Map<string, RawMatchIn>,
): void {
  const list = index.candidates(fp);
  if (list === undefined) return;
  for (const code of list) {
    const id = code >>> 3;
    if (!index.confirm(id, view.bytes, q - (code & 7))) continue;
    const ref = index.describe(id);
    const key = `${which}:${ref.valueId}:${ref.chunk}`;
    if (!found.has(key)) found.set(key, { ...ref, layers: view.layers, which });
  }
}

/**
 * Every distinct (index, value, chunk) found in `views`, with the first encoding and layers it was
 * found in: one sampled pass per view serves every index.
 */
export function matchSampled(
  indexes: readonly MemoryIndex[],
  views: readonly View[],
): RawMatchIn[] {
  const found = new Map<string, RawMatchIn>();
  const filters = indexes.map((i) => i.filter);
  for (const view of views) {
    const b = view.bytes;
    const last = b.length - SAMPLE_WIDTH;
    for (let q = 0; q <= last; q += SAMPLE_STRIDE) {
      const fp = sampleFingerprint(b, q);
      for (let k = 0; k < filters.length; k++) {
        const f = filters[k] as Uint32Array;
        const bit = fp & (f.length * 32 - 1);
        if (((f[bit >>> 5] as number) & (1 << (bit & 31))) !== 0)
          probe(indexes[k] as MemoryIndex, k, fp, view, q, found);
      }
    }
  }
  return [...found.values()];
}
