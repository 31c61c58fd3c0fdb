// RFC 9162 §2.1.4: consistency proofs; generation as RFC 6962 §2.1.2 PROOF, verification §2.1.4.2.
import { ProofError } from './errors.js';
import { EMPTY_ROOT, assertHash, assertSize, nodeHash } from './hash.js';
import { splitPoint, type Range } from './subtree.js';
import { bytesEqual } from '../common/index.js';

/** The subtrees PROOF(m, D[0:n]) names (0 < m < n), via SUBPROOF. */
export function consistencyRanges(m: number, n: number): Range[] {
  assertSize(m, 'old size');
  assertSize(n, 'new size');
  if (m > n) throw new ProofError('bad_size', `old size ${m} > new size ${n}`);
  if (m === 0 || m === n) return [];
  const out: Range[] = [];
  const sub = (mm: number, start: number, nn: number, b: boolean): void => {
    if (mm === nn) {
      if (!b) out.push({ start, end: start + mm });
      return;
    }
    const k = splitPoint(nn);
    if (mm <= k) {
      sub(mm, start, k, b);
      out.push({ start: start + k, end: start + nn });
    } else {
      sub(mm - k, start + k, nn - k, false);
      out.push({ start, end: start + k });
    }
  };
  sub(m, 0, n, true);
  return out;
}

function isPowerOfTwo(n: number): boolean {
  let p = 1;
  while (p < n) p *= 2;
  return p === n;
}

/** §2.1.4.2 steps 1-7 for 0 < first < second. */
function verifyProper(
  first: number,
  second: number,
  firstHash: Uint8Array,
  secondHash: Uint8Array,
  proof: readonly Uint8Array[],
): void {
  assertHash(firstHash, 'old root');
  assertHash(secondHash, 'new root');
  for (const p of proof) assertHash(p, 'proof hash');
  if (proof.length === 0) throw new ProofError('proof_invalid', 'consistency proof is empty');
  const path = [...proof];
  if (isPowerOfTwo(first)) path.unshift(firstHash);
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  const seed = path[0] as Uint8Array;
  let fr = seed;
  let sr = seed;
  for (const c of path.slice(1)) {
    if (sn === 0) throw new ProofError('proof_invalid', 'consistency proof is too long');
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  if (sn !== 0) throw new ProofError('proof_invalid', 'consistency proof is too short');
  if (!bytesEqual(fr, firstHash))
    throw new ProofError('proof_invalid', 'consistency proof does not lead to the old root');
  if (!bytesEqual(sr, secondHash))
    throw new ProofError('proof_invalid', 'consistency proof does not lead to the new root');
}

/** Sizes only: as in transparency-dev/merkle, hash lengths matter only where hashes are combined. */
function checkArgs(first: number, second: number): void {
  assertSize(first, 'old size');
  assertSize(second, 'new size');
  if (first > second) throw new ProofError('bad_size', `old size ${first} > new size ${second}`);
}

function verifyEqualSizes(a: Uint8Array, b: Uint8Array, proof: readonly Uint8Array[]): void {
  if (proof.length !== 0)
    throw new ProofError('proof_invalid', 'equal sizes need an empty consistency proof');
  if (!bytesEqual(a, b)) throw new ProofError('proof_invalid', 'equal sizes with different roots');
}

/**
 * transparency-dev/merkle's rule: an old size of 0 is an error (nothing to check), equal sizes need
 * an empty proof and equal roots; otherwise RFC 9162 §2.1.4.2.
 *
 * @throws {ProofError} proof_invalid, bad_size (first of 0, first above second, or not a safe
 * integer), malformed_hash
 * @example
 * const proof = tree.consistencyProof(2);
 * verifyConsistencyTransparencyDev(2, tree.size, tree.root(2), tree.root(), proof);
 */
export function verifyConsistencyTransparencyDev(
  first: number,
  second: number,
  firstHash: Uint8Array,
  secondHash: Uint8Array,
  proof: readonly Uint8Array[],
): void {
  checkArgs(first, second);
  if (first === 0)
    throw new ProofError('bad_size', 'consistency from an empty tree is not checked');
  if (first === second) {
    verifyEqualSizes(firstHash, secondHash, proof);
    return;
  }
  verifyProper(first, second, firstHash, secondHash, proof);
}

/**
 * c2sp.org/tlog-witness's rule: the empty tree is consistent with any tree, so an old size of 0
 * needs an empty proof (and a new size of 0 the empty root, SHA-256 of ""); otherwise as RFC 9162 §2.1.4.2.
 *
 * @throws {ProofError} proof_invalid, bad_size (first above second, or not a safe integer),
 * malformed_hash
 * @example
 * // A witness that cosigned `old` checks the log's new checkpoint grew from it.
 * verifyConsistencyWitnessRule(old.size, next.size, old.root, next.root, proof);
 */
export function verifyConsistencyWitnessRule(
  first: number,
  second: number,
  firstHash: Uint8Array,
  secondHash: Uint8Array,
  proof: readonly Uint8Array[],
): void {
  checkArgs(first, second);
  if (first === 0) {
    if (proof.length !== 0)
      throw new ProofError('proof_invalid', 'old size 0 needs an empty consistency proof');
    if (second === 0 && !bytesEqual(secondHash, EMPTY_ROOT))
      throw new ProofError('proof_invalid', 'a tree of size 0 must have the empty root');
    return;
  }
  if (first === second) {
    verifyEqualSizes(firstHash, secondHash, proof);
    return;
  }
  verifyProper(first, second, firstHash, secondHash, proof);
}
