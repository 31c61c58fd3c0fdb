// c2sp.org/tlog-proof@v1 §Format and §Verifying: an offline proof that an entry is in a cosigned tree.
import { decodeBase64, encodeBase64 } from './base64.js';
import { openCheckpoint, parseDecimal, type Checkpoint } from './checkpoint.js';
import { LogError, NoteError } from './errors.js';
import { decodeHash } from './hash.js';
import { verifyInclusion } from './inclusion.js';
import { openNote, parseNote } from './note.js';
import type { NoteVerifier } from './verifier.js';
import { TLOG_PROOF_V1 } from './version.js';

export interface TlogProof {
  extra?: Uint8Array;
  index: number;
  proof: Uint8Array[];
  /** The signed checkpoint, verbatim. */
  checkpoint: string;
}

/** 64 hashes reach a tree of 2^64 leaves; more is never a valid proof. */
const MAX_PROOF_LINES = 64;
const MAX_PROOF_BYTES = 256 * 1024;

export function formatTlogProof(p: TlogProof): string {
  const extra = p.extra === undefined ? '' : `extra ${encodeBase64(p.extra)}\n`;
  const hashes = p.proof.map((h) => encodeBase64(h) + '\n').join('');
  return `${TLOG_PROOF_V1}\n${extra}index ${p.index}\n${hashes}\n${p.checkpoint}`;
}

function fail(message: string): never {
  throw new LogError('malformed_tlog_proof', message);
}

/** this value is attacker-controlled: a proof file that travelled beside the thing it proves. */
export function parseTlogProof(text: string): TlogProof {
  if (text.length > MAX_PROOF_BYTES) fail('tlog-proof is too large');
  const blank = text.indexOf('\n\n');
  if (blank < 0) fail('tlog-proof has no checkpoint');
  const head = text.slice(0, blank).split('\n');
  const checkpoint = text.slice(blank + 2);
  let at = 0;
  if (head[at++] !== TLOG_PROOF_V1) fail(`first line must be ${TLOG_PROOF_V1}`);
  let extra: Uint8Array | undefined;
  if (head[at]?.startsWith('extra ') === true) {
    try {
      extra = decodeBase64((head[at++] as string).slice(6), 'extra');
    } catch {
      fail('extra is not base64');
    }
  }
  const indexLine = head[at++] ?? '';
  if (!indexLine.startsWith('index ')) fail('missing index line');
  let index: number;
  const proofLines = head.slice(at);
  if (proofLines.length > MAX_PROOF_LINES) fail('too many proof lines');
  let proof: Uint8Array[];
  try {
    index = parseDecimal(indexLine.slice(6), 'index');
    proof = proofLines.map((l) => decodeHash(l, 'proof hash'));
    parseNote(checkpoint);
  } catch (e) {
    fail(`malformed tlog-proof: ${(e as Error).message}`);
  }
  return { ...(extra === undefined ? {} : { extra }), index, proof, checkpoint };
}

export interface TlogProofPolicy {
  /** Log keys per acceptable origin. */
  logKeys: ReadonlyMap<string, readonly NoteVerifier[]>;
  /** Witness (cosignature) keys the verifier knows. */
  witnesses: readonly NoteVerifier[];
  /** How many distinct known witnesses must have cosigned. */
  quorum: number;
}

export interface VerifiedTlogProof {
  checkpoint: Checkpoint;
  index: number;
  witnesses: string[];
}

/** §Verifying steps 2-4 for a leaf hash the caller computed (step 1). */
export function verifyTlogProof(
  text: string,
  leafHash: Uint8Array,
  policy: TlogProofPolicy,
): VerifiedTlogProof {
  const p = parseTlogProof(text);
  const { checkpoint } = openCheckpoint(p.checkpoint, policy.logKeys);
  const witnesses = countCosigners(p.checkpoint, policy.witnesses);
  if (witnesses.length < policy.quorum)
    throw new LogError(
      'quorum_not_met',
      `${witnesses.length} of the required ${policy.quorum} witness cosignatures verify`,
    );
  verifyInclusion(p.index, checkpoint.size, leafHash, p.proof, checkpoint.root);
  return { checkpoint, index: p.index, witnesses };
}

/** The names of known witnesses whose cosignature on the note verifies (unknown ones ignored). */
export function countCosigners(signedNote: string, witnesses: readonly NoteVerifier[]): string[] {
  if (witnesses.length === 0) return [];
  try {
    const opened = openNote(signedNote, witnesses);
    return [...new Set(opened.verified.map((v) => v.verifier.name))];
  } catch (e) {
    if (e instanceof NoteError && e.code === 'note_unverified') return [];
    throw e;
  }
}
