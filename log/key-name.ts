// c2sp.org/signed-note §Format: key names and key IDs (SHA-256(name || 0x0A || type || key)[:4]).
import { createHash } from 'node:crypto';
import { hasControlChar } from './control-chars.js';
import { NoteError } from './errors.js';

/** Non-empty, no Unicode spaces, no plus (U+002B). */
export function assertKeyName(name: string): void {
  if (name === '' || /[\s+]/u.test(name) || hasControlChar(name, false))
    throw new NoteError('malformed_vkey', 'key name must be non-empty without spaces or "+"');
}

export function keyIdFor(name: string, type: number, publicKey: Uint8Array): number {
  const h = createHash('sha256')
    .update(name, 'utf8')
    .update(new Uint8Array([0x0a, type]))
    .update(publicKey)
    .digest();
  return h.readUInt32BE(0);
}

export function keyIdHex(id: number): string {
  return id.toString(16).padStart(8, '0');
}
