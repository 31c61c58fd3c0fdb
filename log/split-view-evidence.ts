// Split-view evidence: two checkpoints signed by one log that cannot both be true, checkable by anyone
// with the log's key: same size and different roots, or a consistency proof (RFC 9162 §2.1.4.2) from
// the larger tree to a root at the smaller size that differs from the smaller checkpoint's root.
import { createHash } from 'node:crypto';
import { encodeBase64 } from './base64.js';
import { openCheckpoint, type OpenedCheckpoint } from './checkpoint.js';
import { verifyConsistencyWitnessRule } from './consistency.js';
import { LogError, RemoteError } from './errors.js';
import { decodeHash } from './hash.js';
import type { TileReader } from './tile-reader.js';
import type { NoteVerifier } from './verifier.js';
import { bytesEqual } from '../common/index.js';

export interface SplitViewEvidence {
  origin: string;
  /** The signed checkpoint with the smaller (or equal) size. */
  a: string;
  /** The other signed checkpoint. */
  b: string;
  /** Consistency proof from `impliedRoot` at a's size to b's root (base64), empty for equal sizes. */
  proof: string[];
  /** The root at a's size that b commits to (base64); absent for equal sizes. */
  impliedRoot?: string;
}

function bad(message: string): never {
  throw new LogError('malformed_evidence', message);
}

const MAX_EVIDENCE_PROOF = 64;

/** this value is attacker-controlled: evidence posted by any peer. Throws unless it proves a fork. */
export function verifyEvidence(
  e: SplitViewEvidence,
  logKeys: ReadonlyMap<string, readonly NoteVerifier[]>,
): void {
  if (typeof e.a !== 'string' || typeof e.b !== 'string' || !Array.isArray(e.proof))
    bad('evidence needs a, b and proof');
  if (e.proof.length > MAX_EVIDENCE_PROOF) bad('evidence proof is too long');
  const a = openCheckpoint(e.a, logKeys).checkpoint;
  const b = openCheckpoint(e.b, logKeys).checkpoint;
  if (a.origin !== b.origin || a.origin !== e.origin) bad('evidence mixes origins');
  if (a.size > b.size) bad('evidence a must not be larger than b');
  if (a.size === b.size) {
    if (e.proof.length !== 0 || bytesEqual(a.root, b.root)) bad('equal sizes with equal roots');
    return;
  }
  if (typeof e.impliedRoot !== 'string') bad('evidence needs the implied root');
  const implied = decodeHash(e.impliedRoot, 'implied root');
  const proof = e.proof.map((p) => decodeHash(p, 'proof hash'));
  try {
    verifyConsistencyWitnessRule(a.size, b.size, implied, b.root, proof);
  } catch {
    bad('the proof does not tie the implied root to b');
  }
  if (bytesEqual(implied, a.root)) bad('the checkpoints are consistent');
}

/**
 * Compares two verified checkpoints of one origin. Different sizes need the log's tiles: the reader
 * must serve the larger tree exactly as its checkpoint says. Returns evidence, or undefined if consistent.
 */
export async function findSplitView(
  x: OpenedCheckpoint,
  y: OpenedCheckpoint,
  reader: TileReader | undefined,
): Promise<SplitViewEvidence | undefined> {
  const [small, big] = x.checkpoint.size <= y.checkpoint.size ? [x, y] : [y, x];
  const origin = small.checkpoint.origin;
  const a = noteText(small);
  const b = noteText(big);
  if (small.checkpoint.size === big.checkpoint.size)
    return bytesEqual(small.checkpoint.root, big.checkpoint.root)
      ? undefined
      : { origin, a, b, proof: [] };
  if (small.checkpoint.size === 0) return undefined;
  if (reader === undefined)
    throw new RemoteError('root_mismatch', 'checking different sizes needs the log (--log URL)');
  const served = await reader.root(big.checkpoint.size);
  if (!bytesEqual(served, big.checkpoint.root))
    throw new RemoteError(
      'root_mismatch',
      `the log's tiles do not match its checkpoint of size ${big.checkpoint.size}`,
    );
  const implied = await reader.root(small.checkpoint.size, big.checkpoint.size);
  if (bytesEqual(implied, small.checkpoint.root)) return undefined;
  const proof = await reader.consistencyProof(small.checkpoint.size, big.checkpoint.size);
  return { origin, a, b, proof: proof.map(encodeBase64), impliedRoot: encodeBase64(implied) };
}

function noteText(o: OpenedCheckpoint): string {
  return `${o.note.text}\n${o.note.signatures.map((s) => s.line + '\n').join('')}`;
}

/** A stable identifier, so the same fork reported twice is stored once. */
export function evidenceId(e: SplitViewEvidence): string {
  return createHash('sha256').update(e.a).update('\0').update(e.b).digest('hex');
}
