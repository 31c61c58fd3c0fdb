// c2sp.org/tlog-checkpoint §Note text: origin, tree size, root hash, optional extension lines.
import { encodeBase64 } from './base64.js';
import { NoteError } from './errors.js';
import { decodeHash } from './hash.js';
import { DEFAULT_NOTE_LIMITS, openNote, parseNote, type Note, type OpenedNote } from './note.js';
import type { NoteVerifier } from './verifier.js';

export interface Checkpoint {
  origin: string;
  size: number;
  root: Uint8Array;
  extensions: string[];
}

const DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/** Parses a decimal with no leading zeroes into a safe integer. */
export function parseDecimal(text: string, what: string): number {
  if (!DECIMAL.test(text) || text.length > 16)
    throw new NoteError('malformed_checkpoint', `bad ${what}`);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new NoteError('malformed_checkpoint', `${what} is too large`);
  return n;
}

/** this value is attacker-controlled: the note text of a checkpoint. */
export function parseCheckpoint(text: string): Checkpoint {
  if (!text.endsWith('\n')) throw new NoteError('malformed_checkpoint', 'no final newline');
  const lines = text.slice(0, -1).split('\n');
  const [origin, size, root, ...extensions] = lines;
  if (origin === undefined || origin === '' || size === undefined || root === undefined)
    throw new NoteError('malformed_checkpoint', 'checkpoint needs origin, size and root lines');
  if (extensions.some((l) => l === ''))
    throw new NoteError('malformed_checkpoint', 'extension lines must be non-empty');
  let hash: Uint8Array;
  try {
    hash = decodeHash(root, 'root hash');
  } catch {
    throw new NoteError('malformed_checkpoint', 'root hash is not 32 bytes of base64');
  }
  return { origin, size: parseDecimal(size, 'tree size'), root: hash, extensions };
}

export function formatCheckpoint(c: Checkpoint): string {
  if (c.origin === '' || c.origin.includes('\n'))
    throw new NoteError('malformed_checkpoint', 'origin must be one non-empty line');
  if (c.extensions.some((l) => l === '' || l.includes('\n')))
    throw new NoteError('malformed_checkpoint', 'extension lines must be non-empty single lines');
  const ext = c.extensions.map((l) => l + '\n').join('');
  return `${c.origin}\n${c.size}\n${encodeBase64(c.root)}\n${ext}`;
}

export interface OpenedCheckpoint {
  checkpoint: Checkpoint;
  note: OpenedNote;
}

/**
 * Verifies a signed checkpoint against the log keys trusted for its origin, ignoring other keys.
 * `logKeys` maps origin to the keys that may sign for it; an origin not in it is `unknown_origin`.
 *
 * @throws {NoteError} malformed_note, malformed_checkpoint, unknown_origin, note_unverified (no
 * trusted key signed it), note_bad_signature (a trusted key's signature fails)
 * @example
 * const keys = new Map([['example.org/log', [ed25519Verifier('example.org/log', logPublicKey)]]]);
 * const { checkpoint } = openCheckpoint(await (await fetch(`${url}/checkpoint`)).text(), keys);
 * verifyInclusion(index, checkpoint.size, leafHash(entry), proof, checkpoint.root);
 */
export function openCheckpoint(
  signedNote: string | Uint8Array | Note,
  logKeys: ReadonlyMap<string, readonly NoteVerifier[]>,
  limits = DEFAULT_NOTE_LIMITS,
): OpenedCheckpoint {
  const note =
    typeof signedNote === 'object' && 'text' in signedNote
      ? signedNote
      : parseNote(signedNote, limits);
  const checkpoint = parseCheckpoint(note.text);
  const keys = logKeys.get(checkpoint.origin);
  if (keys === undefined)
    throw new NoteError('unknown_origin', `no log key is trusted for origin ${checkpoint.origin}`);
  return { checkpoint, note: openNote(note, keys) };
}
