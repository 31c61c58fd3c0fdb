// RFC 9162 §2.1.3: inclusion proofs; generation as RFC 6962 §2.1.1 PATH, verification §2.1.3.2.
import { ProofError } from './errors.js';
import { assertHash, assertSize, nodeHash } from './hash.js';
import { splitPoint, type Range } from './subtree.js';
import { bytesEqual } from '../common/index.js';

/** The subtrees PATH(m, D[0:n]) names, leaf sibling first. */
export function inclusionRanges(index: number, size: number): Range[] {
  assertSize(index, 'leaf index');
  assertSize(size, 'tree size');
  if (index >= size) throw new ProofError('bad_size', `leaf index ${index} >= tree size ${size}`);
  const out: Range[] = [];
  const walk = (m: number, start: number, n: number): void => {
    if (n === 1) return;
    const k = splitPoint(n);
    if (m < k) {
      walk(m, start, k);
      out.push({ start: start + k, end: start + n });
    } else {
      walk(m - k, start + k, n - k);
      out.push({ start, end: start + k });
    }
  };
  walk(index, 0, size);
  return out;
}

/** §2.1.3.2 steps 1-4: the root an inclusion path implies for `hash` at `index` in `size`. */
export function rootFromInclusionProof(
  index: number,
  size: number,
  hash: Uint8Array,
  proof: readonly Uint8Array[],
): Uint8Array {
  assertSize(index, 'leaf index');
  assertSize(size, 'tree size');
  assertHash(hash, 'leaf hash');
  if (index >= size) throw new ProofError('bad_size', `leaf index ${index} >= tree size ${size}`);
  let fn = index;
  let sn = size - 1;
  let r = hash;
  for (const p of proof) {
    assertHash(p, 'proof hash');
    if (sn === 0) throw new ProofError('proof_invalid', 'inclusion proof is too long');
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  if (sn !== 0) throw new ProofError('proof_invalid', 'inclusion proof is too short');
  return r;
}

/**
 * RFC 9162 §2.1.3.2 in full: returns only if `proof` proves the leaf `hash` at `index` in a tree
 * of `size` leaves whose root is `root`.
 *
 * @throws {ProofError} proof_invalid, bad_size (index not below size, or not a safe integer),
 * malformed_hash (a hash not 32 bytes)
 * @example
 * const tree = new MemoryTree();
 * for (const e of entries) tree.append(leafHash(e));
 * verifyInclusion(1, tree.size, leafHash(entries[1]), tree.inclusionProof(1), tree.root());
 */
export function verifyInclusion(
  index: number,
  size: number,
  hash: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): void {
  assertHash(root, 'root hash');
  const r = rootFromInclusionProof(index, size, hash, proof);
  if (!bytesEqual(r, root))
    throw new ProofError('proof_invalid', 'inclusion proof does not lead to the root hash');
}
