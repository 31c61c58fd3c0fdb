// RFC 6962 §2.1 over an append-only sequence: every complete node kept in memory, so proofs for any
// size up to the current one are computed without I/O.
import { HASH_SIZE } from './hash.js';
import { ProofError } from './errors.js';
import { nodeHash } from './hash.js';
import { HashTree } from './hash-tree.js';

export class MemoryTree extends HashTree {
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
