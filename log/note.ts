// c2sp.org/signed-note §Format and §Signatures: parse, sign and open (verify) signed notes.
import { decodeBase64, encodeBase64 } from './base64.js';
import { hasControlChar } from './control-chars.js';
import { NoteError } from './errors.js';
import { assertKeyName } from './key-name.js';
import type { NoteSigner, NoteVerifier } from './verifier.js';

export interface NoteSignature {
  name: string;
  keyId: number;
  /** The signature bytes after the key ID. */
  signature: Uint8Array;
  /** The whole line without its newline, as received. */
  line: string;
}

export interface Note {
  /** The note text, including its final newline. */
  text: string;
  signatures: NoteSignature[];
}

export interface NoteLimits {
  maxBytes: number;
  maxSignatures: number;
}

/** The spec asks us to accept at least 16 signatures; post-quantum ones are near 5 kB. */
export const DEFAULT_NOTE_LIMITS: NoteLimits = { maxBytes: 128 * 1024, maxSignatures: 64 };

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });
const SIG_PREFIX = '\u2014 ';

export function parseSignatureLine(line: string): NoteSignature {
  if (!line.startsWith(SIG_PREFIX)) throw new NoteError('malformed_note', 'not a signature line');
  const rest = line.slice(SIG_PREFIX.length);
  const sp = rest.indexOf(' ');
  if (sp < 0) throw new NoteError('malformed_note', 'signature line lacks a signature');
  const name = rest.slice(0, sp);
  try {
    assertKeyName(name);
  } catch {
    throw new NoteError('malformed_note', 'signature line has a malformed key name');
  }
  const blob = decodeBase64(rest.slice(sp + 1), 'signature');
  if (blob.length < 5) throw new NoteError('malformed_note', 'signature is too short');
  const keyId = new DataView(blob.buffer, blob.byteOffset, 4).getUint32(0);
  return { name, keyId, signature: blob.subarray(4), line };
}

/** this value is attacker-controlled: bounded, UTF-8 checked, split at the last blank line. */
export function parseNote(input: string | Uint8Array, limits = DEFAULT_NOTE_LIMITS): Note {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  if (bytes.length > limits.maxBytes) throw new NoteError('malformed_note', 'note is too large');
  let s: string;
  try {
    s = decoder.decode(bytes);
  } catch {
    throw new NoteError('malformed_note', 'note is not valid UTF-8');
  }
  if (hasControlChar(s, true))
    throw new NoteError('malformed_note', 'note contains a control character');
  if (!s.endsWith('\n')) throw new NoteError('malformed_note', 'note does not end in a newline');
  const cut = s.lastIndexOf('\n\n');
  if (cut < 0) throw new NoteError('malformed_note', 'note has no signature block');
  const text = s.slice(0, cut + 1);
  const lines = s.slice(cut + 2, -1).split('\n');
  if (lines.length > limits.maxSignatures)
    throw new NoteError('malformed_note', 'note has too many signatures');
  return { text, signatures: lines.map(parseSignatureLine) };
}

export function formatNote(note: Note): string {
  return `${note.text}\n${note.signatures.map((s) => s.line + '\n').join('')}`;
}

export function signatureLine(name: string, keyId: number, signature: Uint8Array): string {
  const blob = new Uint8Array(4 + signature.length);
  new DataView(blob.buffer).setUint32(0, keyId);
  blob.set(signature, 4);
  return `${SIG_PREFIX}${name} ${encodeBase64(blob)}`;
}

function assertText(text: string): void {
  if (!text.endsWith('\n')) throw new NoteError('malformed_note', 'note text must end in newline');
  if (hasControlChar(text, true))
    throw new NoteError('malformed_note', 'note text contains a control character');
}

/** Signs `text` with every signer, in order. */
export function signNote(text: string, signers: readonly NoteSigner[]): string {
  assertText(text);
  const msg = encoder.encode(text);
  const sigs = signers.map((s) => signatureLine(s.name, s.keyId, s.sign(msg)));
  return `${text}\n${sigs.map((l) => l + '\n').join('')}`;
}

/** Appends `lines` (signature lines) to a signed note, dropping exact duplicates. */
export function addSignatureLines(signedNote: string, lines: readonly string[]): string {
  const note = parseNote(signedNote);
  const have = new Set(note.signatures.map((s) => s.line));
  const fresh = lines.filter((l) => !have.has(l) && (have.add(l), true));
  return signedNote + fresh.map((l) => l + '\n').join('');
}

export interface OpenedNote extends Note {
  /** The signatures whose key name and ID matched a verifier, all of which verified. */
  verified: { signature: NoteSignature; verifier: NoteVerifier }[];
}

/**
 * Verifies a note: signatures from unknown keys are ignored; one from a known key that fails makes
 * the whole note invalid; a note with no verified known signature is rejected.
 */
export function openNote(
  input: string | Uint8Array | Note,
  verifiers: readonly NoteVerifier[],
  limits = DEFAULT_NOTE_LIMITS,
): OpenedNote {
  const note = typeof input === 'object' && 'text' in input ? input : parseNote(input, limits);
  const msg = encoder.encode(note.text);
  const verified: OpenedNote['verified'] = [];
  for (const sig of note.signatures) {
    const v = verifiers.find((k) => k.name === sig.name && k.keyId === sig.keyId);
    if (v === undefined) continue;
    if (!v.verify(msg, sig.signature))
      throw new NoteError('note_bad_signature', `signature by ${sig.name} does not verify`);
    verified.push({ signature: sig, verifier: v });
  }
  if (verified.length === 0)
    throw new NoteError('note_unverified', 'no signature from a known key verifies this note');
  return { ...note, verified };
}
