// RFC 4648 §4 standard base64, decoded strictly: the canonical encoding only, so one value has one text.
import { NoteError } from './errors.js';

const B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Decodes canonical base64 or throws; `what` names the field in the error. */
export function decodeBase64(text: string, what: string): Uint8Array {
  if (!B64.test(text)) throw new NoteError('malformed_note', `${what} is not base64`);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') !== text)
    throw new NoteError('malformed_note', `${what} is not canonical base64`);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
