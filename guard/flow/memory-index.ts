// Issue 8 "Flow and taint": the in-process match index over the patterns of a set of taint values.
import { randomBytes } from 'node:crypto';
import { patternsFor, type Pattern } from './encoded-forms.js';
import type { FlowLimits } from './flow-limits.js';
import type { MatchIndex, PatternRef } from './match-index.js';
import { createWindowHasher, type WindowHasher } from './window-hash.js';
import { createFilter, filterAdd, filterWords } from './window-filter.js';

interface Entry extends PatternRef {
  bytes: Uint8Array;
}

/** A process-local key is enough here: nothing of this index outlives the process. */
let processHasher: WindowHasher | undefined;
function hasher(): WindowHasher {
  processHasher ??= createWindowHasher(randomBytes(1032));
  return processHasher;
}

export class MemoryIndex implements MatchIndex {
  readonly hasher = hasher();
  filter: Uint32Array = createFilter(0);
  private entries: Entry[] = [];
  private byFp = new Map<number, number[]>();

  constructor(private readonly limits: FlowLimits) {}

  get patternCount(): number {
    return this.entries.length;
  }

  /** Rebuilds the index from scratch (after evictions). */
  rebuild(values: Iterable<{ id: number; bytes: Uint8Array }>): void {
    this.entries = [];
    this.byFp = new Map();
    const all: { id: number; patterns: Pattern[] }[] = [];
    let count = 0;
    for (const v of values) {
      const patterns = patternsFor(v.bytes, this.limits);
      count += patterns.length;
      all.push({ id: v.id, patterns });
    }
    this.filter = createFilter(count * 2);
    for (const v of all) this.insert(v.id, v.patterns);
  }

  add(id: number, bytes: Uint8Array): void {
    const patterns = patternsFor(bytes, this.limits);
    const words = filterWords((this.entries.length + patterns.length) * 2);
    if (words > this.filter.length) {
      this.filter = new Uint32Array(words);
      for (const e of this.entries) filterAdd(this.filter, this.hasher.at(e.bytes, 0));
    }
    this.insert(id, patterns);
  }

  private insert(id: number, patterns: Pattern[]): void {
    for (const p of patterns) {
      const fp = this.hasher.at(p.bytes, 0);
      const n = this.entries.push({
        valueId: id,
        encoding: p.encoding,
        chunk: p.chunk,
        bytes: p.bytes,
      });
      filterAdd(this.filter, fp);
      const list = this.byFp.get(fp);
      if (list) list.push(n - 1);
      else this.byFp.set(fp, [n - 1]);
    }
  }

  candidates(fp: number): readonly number[] {
    return this.byFp.get(fp) ?? [];
  }

  confirm(id: number, bytes: Uint8Array, start: number): boolean {
    const p = this.entries[id]?.bytes;
    if (!p || start + p.length > bytes.length) return false;
    for (let i = 0; i < p.length; i++) if (bytes[start + i] !== p[i]) return false;
    return true;
  }

  describe(id: number): PatternRef {
    const e = this.entries[id];
    if (!e) throw new RangeError(`no pattern ${id}`);
    return { valueId: e.valueId, encoding: e.encoding, chunk: e.chunk };
  }
}
