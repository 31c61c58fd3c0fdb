// Flow and taint: one scope of the in-process tracker (a session, or the node-wide secrets), compact:
// a value is a row of typed arrays (its source, whether it is long) and a keyed 64-bit digest in an
// open-addressing set, beside its patterns in the MemoryIndex (docs/guard.md "Flow at scale").
import { createHmac, randomBytes } from 'node:crypto';
import type { IndexedTaint } from './flow-check.js';
import type { FlowLimits } from './flow-limits.js';
import { MemoryIndex } from './memory-index.js';
import { valueParts } from './decoded-values.js';
import type { TaintSource } from './taint.js';

/** Keys the value digests: process-local, like the index's fingerprints. */
const DIGEST_KEY = randomBytes(32);
/** Bytes a value adds to the estimate beyond its patterns: its row and digest slots. */
const VALUE_COST = 5 + 2 * 8;

export class Scope implements IndexedTaint {
  readonly index: MemoryIndex;
  full = false;
  tail = '';
  /** The end of the session's last outbound call's joined values (fragments split across calls). */
  outTail = '';
  private count = 0;
  private source = new Uint32Array(16);
  private long = new Uint8Array(16);
  private readonly sources: TaintSource[] = [];
  private readonly sourceIds = new Map<string, number>();
  private sourceBytes = 0;
  /** Digests of the values held (lane pairs; 0,0 marks an empty slot), for deduplication. */
  private digests = new Uint32Array(64);

  constructor(private readonly limits: FlowLimits) {
    this.index = new MemoryIndex(limits);
  }

  /** How many values the scope holds. */
  get size(): number {
    return this.count;
  }

  /** Estimated bytes of the scope: the index, the value rows and the distinct sources. */
  get footprint(): number {
    return this.index.footprint + this.count * VALUE_COST + this.sourceBytes;
  }

  sourceOf(id: number): { source: TaintSource; chunked: boolean } | undefined {
    if (id < 1 || id > this.count) return undefined;
    const source = this.sources[this.source[id - 1] as number];
    return source && { source, chunked: this.long[id - 1] === 1 };
  }

  /** Adds a value; false when it was known, or when the scope is full (then `full` is set). */
  add(text: string, source: TaintSource): boolean {
    const bytes = Buffer.from(text, 'utf8');
    const d = createHmac('sha256', DIGEST_KEY).update(bytes).digest();
    const a = d.readUInt32LE(0) || 1;
    const b = d.readUInt32LE(4);
    if (this.has(a, b)) return false;
    const cost = this.index.costOf(bytes);
    // a format prefix's random part and an encoded value's decoded text are looked for as this value too (decoded-values.ts)
    const parts = valueParts(text, this.limits).map((t) => {
      const b = Buffer.from(t, 'utf8');
      return { b, cost: this.index.costOf(b) };
    });
    const partBytes = parts.reduce((n, p) => n + p.cost.bytes, 0);
    const key = `${source.kind}\u0000${source.tool}\u0000${source.label}`;
    const newSource = this.sourceIds.has(key) ? 0 : key.length * 2 + 64;
    if (
      this.count >= this.limits.maxValuesPerSession ||
      this.footprint + cost.bytes + partBytes + VALUE_COST + newSource >
        this.limits.maxTaintBytesPerScope
    ) {
      this.full = true;
      return false;
    }
    let sid = this.sourceIds.get(key);
    if (sid === undefined) {
      sid = this.sources.push(source) - 1;
      this.sourceIds.set(key, sid);
      this.sourceBytes += newSource;
    }
    if (this.count >= this.source.length) {
      const s = new Uint32Array(this.source.length * 2);
      s.set(this.source);
      this.source = s;
      const l = new Uint8Array(this.long.length * 2);
      l.set(this.long);
      this.long = l;
    }
    this.source[this.count] = sid;
    this.long[this.count] = bytes.length > this.limits.longValue ? 1 : 0;
    this.count++;
    this.remember(a, b);
    this.index.add(this.count, bytes, cost);
    for (const p of parts) this.index.add(this.count, p.b, p.cost);
    return true;
  }

  private has(a: number, b: number): boolean {
    const mask = (this.digests.length >> 1) - 1;
    for (let i = a & mask; this.digests[i * 2] !== 0; i = (i + 1) & mask)
      if (this.digests[i * 2] === a && this.digests[i * 2 + 1] === b) return true;
    return false;
  }

  private remember(a: number, b: number): void {
    if (this.count * 2 > this.digests.length >> 1) {
      const old = this.digests;
      this.digests = new Uint32Array(old.length * 2);
      for (let i = 0; i < old.length; i += 2)
        if (old[i] !== 0) this.place(old[i] as number, old[i + 1] as number);
    }
    this.place(a, b);
  }

  private place(a: number, b: number): void {
    const mask = (this.digests.length >> 1) - 1;
    let i = a & mask;
    while (this.digests[i * 2] !== 0) i = (i + 1) & mask;
    this.digests[i * 2] = a;
    this.digests[i * 2 + 1] = b;
  }
}
