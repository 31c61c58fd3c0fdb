// c2sp.org/signed-note §Verifier keys: <name>+hex(key ID)+base64(type || public key), and the Go
// x/mod/sumdb/note private-key form PRIVATE+KEY+<name>+hex(id)+base64(0x01 || seed).
import { decodeBase64, encodeBase64 } from './base64.js';
import { cosignatureVerifier, cosigner, type Cosigner } from './cosignature.js';
import { ed25519Signer, ed25519Verifier } from './ed25519-key.js';
import { NoteError } from './errors.js';
import { keyIdHex } from './key-name.js';
import { SIG_TYPE_COSIGNATURE_V1, SIG_TYPE_ED25519 } from './version.js';
import type { NoteSigner, NoteVerifier } from './verifier.js';

const HEX_ID = /^[0-9a-f]{8}$/;

/** Cuts at the first `parts - 1` plus signs: base64 key material may itself contain "+". */
function split(text: string, parts: number, what: 'malformed_vkey' | 'malformed_skey'): string[] {
  const out: string[] = [];
  let rest = text;
  for (let i = 0; i < parts - 1; i++) {
    const at = rest.indexOf('+');
    if (at < 0) throw new NoteError(what, `expected ${parts} "+"-separated fields`);
    out.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  out.push(rest);
  return out;
}

/** this value is attacker-controlled when it comes from config or a peer: every field is checked. */
export function parseVkey(vkey: string): NoteVerifier {
  const [name = '', id = '', key = ''] = split(vkey.trim(), 3, 'malformed_vkey');
  if (!HEX_ID.test(id)) throw new NoteError('malformed_vkey', 'key ID must be 8 lowercase hex');
  let raw: Uint8Array;
  try {
    raw = decodeBase64(key, 'vkey');
  } catch {
    throw new NoteError('malformed_vkey', 'vkey key material is not base64');
  }
  const type = raw[0];
  let v: NoteVerifier;
  if (type === SIG_TYPE_ED25519) v = ed25519Verifier(name, raw.subarray(1));
  else if (type === SIG_TYPE_COSIGNATURE_V1) v = cosignatureVerifier(name, raw.subarray(1));
  else throw new NoteError('malformed_vkey', `unsupported signature type ${String(type)}`);
  if (keyIdHex(v.keyId) !== id) throw new NoteError('malformed_vkey', 'key ID does not match key');
  return v;
}

export function formatVkey(
  name: string,
  keyId: number,
  type: number,
  publicKey: Uint8Array,
): string {
  const raw = new Uint8Array(1 + publicKey.length);
  raw[0] = type;
  raw.set(publicKey, 1);
  return `${name}+${keyIdHex(keyId)}+${encodeBase64(raw)}`;
}

export interface ParsedSkey {
  name: string;
  seed: Uint8Array;
}

export function parseSkey(skey: string): ParsedSkey {
  const [p1, p2, name = '', id = '', key = ''] = split(skey.trim(), 5, 'malformed_skey');
  if (p1 !== 'PRIVATE' || p2 !== 'KEY') throw new NoteError('malformed_skey', 'not a PRIVATE+KEY');
  let raw: Uint8Array;
  try {
    raw = decodeBase64(key, 'skey');
  } catch {
    throw new NoteError('malformed_skey', 'skey key material is not base64');
  }
  if (raw[0] !== SIG_TYPE_ED25519 || raw.length !== 33)
    throw new NoteError('malformed_skey', 'skey is not an Ed25519 seed');
  const seed = raw.slice(1);
  if (keyIdHex(ed25519Signer(name, seed).keyId) !== id)
    throw new NoteError('malformed_skey', 'key ID does not match key');
  return { name, seed };
}

export function formatSkey(name: string, seed: Uint8Array): string {
  const raw = new Uint8Array(33);
  raw[0] = SIG_TYPE_ED25519;
  raw.set(seed, 1);
  return `PRIVATE+KEY+${name}+${keyIdHex(ed25519Signer(name, seed).keyId)}+${encodeBase64(raw)}`;
}

/** The vkey of a note signer (type 0x01). */
export function signerVkey(s: NoteSigner & { publicKey: Uint8Array }): string {
  return formatVkey(s.name, s.keyId, SIG_TYPE_ED25519, s.publicKey);
}

/** The vkey of a witness (type 0x04). */
export function cosignerVkey(c: Cosigner): string {
  return formatVkey(c.name, c.keyId, SIG_TYPE_COSIGNATURE_V1, c.publicKey);
}

export { cosigner };
