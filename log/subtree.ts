// RFC 6962 §2.1: MTH(D[a:b]) of the ranges the proofs name, as right-leaning folds of complete nodes.
import { nodeHash } from './hash.js';
import { ProofError } from './errors.js';

/** A complete subtree: 2^level leaves starting at index * 2^level. */
export interface NodeId {
  level: number;
  index: number;
}

/** The half-open leaf range [start, end) of a subtree whose hash a proof carries. */
export interface Range {
  start: number;
  end: number;
}

/** Reads the hashes of complete nodes; a tree in memory or fetched tiles. */
export type NodeReader = (ids: readonly NodeId[]) => Uint8Array[];

/** Largest power of two strictly less than n (n >= 2), the split point k of RFC 6962 §2.1. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** The complete nodes whose right-leaning fold is MTH(D[start:end]), left to right. */
export function rangeNodes(r: Range): NodeId[] {
  const ids: NodeId[] = [];
  let a = r.start;
  while (a < r.end) {
    let size = 1;
    let level = 0;
    while (a % (size * 2) === 0 && a + size * 2 <= r.end) {
      size *= 2;
      level++;
    }
    ids.push({ level, index: a / size });
    a += size;
  }
  return ids;
}

/** Folds complete node hashes from the right: MTH of a range split at powers of two. */
export function foldNodes(hashes: readonly Uint8Array[]): Uint8Array {
  let acc = hashes[hashes.length - 1];
  if (acc === undefined) throw new ProofError('argument_invalid', 'empty range');
  for (let i = hashes.length - 2; i >= 0; i--) acc = nodeHash(hashes[i] as Uint8Array, acc);
  return acc;
}

/** The hashes of several ranges with one read of every node they need. */
export function hashRanges(ranges: readonly Range[], read: NodeReader): Uint8Array[] {
  const perRange = ranges.map(rangeNodes);
  const hashes = read(perRange.flat());
  let at = 0;
  return perRange.map((ids) => {
    const part = hashes.slice(at, at + ids.length);
    at += ids.length;
    return foldNodes(part);
  });
}
