// RFC 6962 §2.1 roots and proofs over any store of complete nodes: the in-memory tree and the log's
// durable one answer the same way because they share this.
import { consistencyRanges } from './consistency.js';
import { ProofError } from './errors.js';
import { EMPTY_ROOT, assertSize } from './hash.js';
import { inclusionRanges } from './inclusion.js';
import { hashRanges, type NodeId } from './subtree.js';

export abstract class HashTree {
  abstract get size(): number;

  /** The hash of complete node (level, index); a copy callers may keep. */
  abstract node(level: number, index: number): Uint8Array;

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
}
