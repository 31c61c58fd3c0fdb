// RFC 4648 §5 URL-safe unpadded base64 (DAP-18 §3 resource URLs and taskid) and hex helpers.
import { DecodeError } from './errors.js';

export const b64url = (b: Uint8Array): string => Buffer.from(b).toString('base64url');

export function fromB64url(s: string, expectedLength?: number): Uint8Array {
  // this value is attacker-controlled
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1)
    throw new DecodeError('decode_invalid', 'not unpadded URL-safe base64');
  const b = Uint8Array.from(Buffer.from(s, 'base64url'));
  if (b64url(b) !== s) throw new DecodeError('decode_invalid', 'non-canonical base64');
  if (expectedLength !== undefined && b.length !== expectedLength)
    throw new DecodeError('decode_invalid', `expected ${expectedLength} bytes`);
  return b;
}

export const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
export const fromHex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, 'hex'));
