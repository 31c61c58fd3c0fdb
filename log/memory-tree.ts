// RFC 6962 §2.1 over an append-only sequence: every complete node kept in memory, so proofs for any
// size up to the current one are computed without I/O.
import { consistencyRanges } from './consistency.js';
import { EMPTY_ROOT, HASH_SIZE, assertSize } from './hash.js';
import { inclusionRanges } from './inclusion.js';
import { ProofError } from './errors.js';
import { nodeHash } from './hash.js';
import { hashRanges, type NodeId } from './subtree.js';

export class MemoryTree {
  /** levels[l] holds the complete nodes of level l back to back. */
  private readonly levels: Uint8Array[] = [];
  private readonly counts: number[] = [];

  get size(): number {
    return this.counts[0] ?? 0;
  }

  append(leafHash: Uint8Array): void {
    let level = 0;
    let h = leafHash;
    for (;;) {
      const i = this.push(level, h);
      if (i % 2 === 0) return;
      h = nodeHash(this.node(level, i - 1), h);
      level++;
    }
  }

  /** Forgets leaves at and after `size` (a failed commit rolls back). */
  truncate(size: number): void {
    for (let l = 0; l < this.counts.length; l++) this.counts[l] = Math.floor(size / 2 ** l);
  }

  /** A copy: callers can never alter the tree through what it returns. */
  node(level: number, index: number): Uint8Array {
    const buf = this.levels[level];
    if (buf === undefined || index >= (this.counts[level] ?? 0))
      throw new ProofError('bad_size', `node ${level}/${index} is not in the tree`);
    return buf.slice(index * HASH_SIZE, (index + 1) * HASH_SIZE);
  }

  readonly read = (ids: readonly NodeId[]): Uint8Array[] =>
    ids.map((id) => this.node(id.level, id.index));

  root(size: number = this.size): Uint8Array {
    this.checkSize(size);
    if (size === 0) return EMPTY_ROOT;
    const [h] = hashRanges([{ start: 0, end: size }], this.read);
    return h as Uint8Array;
  }

  inclusionProof(index: number, size: number = this.size): Uint8Array[] {
    this.checkSize(size);
    return hashRanges(inclusionRanges(index, size), this.read);
  }

  consistencyProof(m: number, n: number = this.size): Uint8Array[] {
    this.checkSize(n);
    return hashRanges(consistencyRanges(m, n), this.read);
  }

  private checkSize(size: number): void {
    assertSize(size, 'tree size');
    if (size > this.size) throw new ProofError('bad_size', `tree size ${size} > ${this.size}`);
  }

  private push(level: number, h: Uint8Array): number {
    const count = this.counts[level] ?? 0;
    let buf = this.levels[level];
    if (buf === undefined || buf.length < (count + 1) * HASH_SIZE) {
      const grown = new Uint8Array(Math.max(64, (count + 1) * 2) * HASH_SIZE);
      if (buf !== undefined) grown.set(buf.subarray(0, count * HASH_SIZE));
      buf = grown;
      this.levels[level] = buf;
    }
    buf.set(h, count * HASH_SIZE);
    this.counts[level] = count + 1;
    return count;
  }
}
