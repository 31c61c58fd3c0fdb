// RFC 6962 §2.1: the Merkle Tree Hash's leaf and interior node hashes over SHA-256.
import { createHash } from 'node:crypto';
import { decodeBase64 } from './base64.js';
import { ProofError } from './errors.js';

export const HASH_SIZE = 32;
const LEAF_PREFIX = new Uint8Array([0x00]);
const NODE_PREFIX = new Uint8Array([0x01]);

/** MTH({d(0)}) = SHA-256(0x00 || d(0)). */
export function leafHash(entry: Uint8Array): Uint8Array {
  return createHash('sha256').update(LEAF_PREFIX).update(entry).digest();
}

/** SHA-256(0x01 || left || right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();
}

/** MTH({}) = SHA-256() */
export const EMPTY_ROOT: Uint8Array = createHash('sha256').digest();

export function assertHash(h: Uint8Array, what: string): void {
  if (h.length !== HASH_SIZE) throw new ProofError('malformed_hash', `${what} is not 32 bytes`);
}

/** A base64 hash line (checkpoints, proofs): exactly 32 bytes. */
export function decodeHash(text: string, what: string): Uint8Array {
  const h = decodeBase64(text, what);
  assertHash(h, what);
  return h;
}

/** Tree sizes and indices are u64 on the wire; we refuse what a JS number cannot hold exactly. */
export function assertSize(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new ProofError('bad_size', `${what} must be a non-negative safe integer`);
}
