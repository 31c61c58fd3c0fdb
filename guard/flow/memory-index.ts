// Flow and taint: the in-process multi-pattern matcher, compact (docs/guard.md "Flow at scale").
// Every pattern (at least WINDOW = 12 bytes) is indexed by the keyed rolling fingerprint of its first
// WINDOW bytes; one rolling pass over a view finds every candidate start. A candidate is confirmed by
// a keyed 64-bit hash of the whole pattern, so no pattern bytes are kept: a pattern costs 19 bytes
// of typed arrays plus its slot in an open-addressing fingerprint table and the filter.
import { randomBytes } from 'node:crypto';
import type { View } from './decoder.js';
import { patternsFor, type Encoding, type Pattern } from './encoded-forms.js';
import type { FlowLimits } from './flow-limits.js';
import type { PatternRef, RawMatchIn } from './match-index.js';
import { filterAdd, filterWords } from './window-filter.js';
import { createWindowHasher } from './window-hash.js';
import { GuardError } from '../errors.js';

// A process-local key is enough: nothing of this index outlives the process. It keeps an agent that
// cannot see the key from steering its arguments into filter collisions or hash confirmations.
const KEY = new Uint8Array(randomBytes(1040));
const HASHER = createWindowHasher(KEY);
const SEEDS = new Int32Array(KEY.buffer, 1032, 2);
const S1 = SEEDS[0] ?? 0;
const S2 = SEEDS[1] ?? 0;

/** Keyed 64-bit hash (two 32-bit lanes) of bytes[start, start + len), as [lane 1, lane 2]. */
function hashOf(b: Uint8Array, start: number, len: number, out: Uint32Array): void {
  let h1 = S1 ^ len;
  let h2 = S2 ^ Math.imul(len, 0x9e3779b1);
  for (let i = start, end = start + len; i < end; i++) {
    const c = b[i] as number;
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul((h2 << 5) ^ (h2 >>> 27) ^ c, 0x85ebca6b);
  }
  h1 ^= h1 >>> 16;
  h1 = Math.imul(h1, 0x7feb352d) ^ h2;
  h2 ^= h2 >>> 15;
  h2 = Math.imul(h2, 0x846ca68b) ^ h1;
  out[0] = h1 ^ (h1 >>> 15);
  out[1] = h2 ^ (h2 >>> 16);
}

const ENCODINGS: Encoding[] = [];
const ENCODING_ID = new Map<Encoding, number>();
function encodingId(e: Encoding): number {
  let id = ENCODING_ID.get(e);
  if (id === undefined) {
    id = ENCODINGS.push(e) - 1;
    ENCODING_ID.set(e, id);
  }
  return id;
}

/** Bytes a pattern adds to the estimate: its typed-array row, its table slot at about 2/3 load and
 * filter bits. */
const PATTERN_COST = 19 + 12 + 8;

function grown<T extends Uint8Array | Uint16Array | Uint32Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const next = new (a.constructor as new (n: number) => T)(Math.max(need, (a.length * 3) >> 1));
  next.set(a);
  return next;
}

export class MemoryIndex {
  filter: Uint32Array = new Uint32Array(filterWords(0));
  private n = 0;
  private value = new Uint32Array(16);
  private length = new Uint32Array(16);
  private encoding = new Uint8Array(16);
  private chunk = new Uint16Array(16);
  private h1 = new Uint32Array(16);
  private h2 = new Uint32Array(16);
  /** Open addressing (linear probing) over first-window fingerprints; slot value = pattern + 1. */
  private keys = new Uint32Array(64);
  private slots = new Uint32Array(64);
  private readonly scratch = new Uint32Array(2);

  constructor(private readonly limits: FlowLimits) {}

  get patternCount(): number {
    return this.n;
  }

  /** Estimated bytes of this index (bounds a scope by memory rather than by count). */
  get footprint(): number {
    return this.n * PATTERN_COST + this.filter.byteLength;
  }

  /** What `add` would cost in footprint, without adding. */
  costOf(bytes: Uint8Array): { patterns: Pattern[]; bytes: number } {
    const patterns = patternsFor(bytes, this.limits);
    return { patterns, bytes: patterns.length * PATTERN_COST };
  }

  /** Adds a value's patterns incrementally: the filter and the table grow by doubling. */
  add(id: number, bytes: Uint8Array, cost = this.costOf(bytes)): void {
    const total = this.n + cost.patterns.length;
    const words = filterWords(total * 2);
    if (words > this.filter.length) {
      this.filter = new Uint32Array(words);
      for (let i = 0; i < this.keys.length; i++)
        if (this.slots[i] !== 0) filterAdd(this.filter, this.keys[i] as number);
    }
    // linear probing at a load of at most 3/4; the filter skips almost every miss before a probe
    if (total * 4 > this.keys.length * 3) this.rehash(Math.ceil((total * 4) / 3) + 1);
    for (const p of cost.patterns) this.insert(id, p);
  }

  private rehash(size: number): void {
    let cap = this.keys.length;
    while (cap < size) cap *= 2;
    const { keys, slots } = this;
    this.keys = new Uint32Array(cap);
    this.slots = new Uint32Array(cap);
    for (let i = 0; i < keys.length; i++)
      if (slots[i] !== 0) this.place(keys[i] as number, slots[i] as number);
  }

  private place(fp: number, slot: number): void {
    const mask = this.keys.length - 1;
    let i = fp & mask;
    while (this.slots[i] !== 0) i = (i + 1) & mask;
    this.keys[i] = fp;
    this.slots[i] = slot;
  }

  private insert(id: number, p: Pattern): void {
    const k = this.n++;
    this.value = grown(this.value, this.n);
    this.length = grown(this.length, this.n);
    this.encoding = grown(this.encoding, this.n);
    this.chunk = grown(this.chunk, this.n);
    this.h1 = grown(this.h1, this.n);
    this.h2 = grown(this.h2, this.n);
    this.value[k] = id;
    this.length[k] = p.bytes.length;
    this.encoding[k] = encodingId(p.encoding);
    this.chunk[k] = p.chunk;
    hashOf(p.bytes, 0, p.bytes.length, this.scratch);
    this.h1[k] = this.scratch[0] as number;
    this.h2[k] = this.scratch[1] as number;
    const fp = HASHER.at(p.bytes, 0);
    filterAdd(this.filter, fp);
    this.place(fp, k + 1);
  }

  /** Calls `each` with every pattern whose first window has fingerprint `fp`. */
  candidates(fp: number, each: (pattern: number) => void): void {
    const mask = this.keys.length - 1;
    for (let i = fp & mask; this.slots[i] !== 0; i = (i + 1) & mask)
      if (this.keys[i] === fp) each((this.slots[i] as number) - 1);
  }

  /** Whether pattern `id` occurs in `bytes` at `start` (its keyed hash matches). */
  confirm(id: number, bytes: Uint8Array, start: number): boolean {
    const len = this.length[id];
    if (len === undefined || id >= this.n || start < 0 || start + len > bytes.length) return false;
    hashOf(bytes, start, len, this.scratch);
    return this.scratch[0] === this.h1[id] && this.scratch[1] === this.h2[id];
  }

  describe(id: number): PatternRef {
    if (id >= this.n) throw new GuardError('flow_pattern_unknown', `no pattern ${id}`);
    return {
      valueId: this.value[id] as number,
      encoding: ENCODINGS[this.encoding[id] as number] as Encoding,
      chunk: this.chunk[id] as number,
    };
  }
}

/**
 * Every distinct (index, value, chunk) found in `views`, with the first encoding and layers it was
 * found in: one rolling pass per view serves every index.
 */
export function matchSampled(
  indexes: readonly MemoryIndex[],
  views: readonly View[],
): RawMatchIn[] {
  const found = new Map<string, RawMatchIn>();
  const filters = indexes.map((i) => i.filter);
  for (const view of views)
    HASHER.scan(view.bytes, filters, (fp, offset, which) => {
      const index = indexes[which] as MemoryIndex;
      index.candidates(fp, (id) => {
        if (!index.confirm(id, view.bytes, offset)) return;
        const ref = index.describe(id);
        const key = `${which}:${ref.valueId}:${ref.chunk}`;
        if (!found.has(key)) found.set(key, { ...ref, layers: view.layers, which });
      });
    });
  return [...found.values()];
}
