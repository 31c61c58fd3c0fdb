// DAP-18 §3.5 request authentication: bearer tokens, stored as SHA-256 digests, compared in constant time.
import { createHash, randomBytes } from 'node:crypto';
import { constantTimeEqual } from '../common/index.js';
import { b64url } from './encoding.js';

export function newToken(): string {
  return b64url(randomBytes(32));
}

export function tokenDigest(token: string): string {
  return b64url(createHash('sha256').update(token, 'utf8').digest());
}

/**
 * Whether an Authorization header carries the token whose digest is `expectedDigest`. Both sides
 * are hashed first, so the comparison is constant-time and independent of the token's length.
 */
export function bearerMatches(header: string | undefined, expectedDigest: string): boolean {
  // this value is attacker-controlled
  const m = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header ?? '');
  const presented = createHash('sha256')
    .update(m?.[1] ?? '', 'utf8')
    .digest();
  const expected = Buffer.from(expectedDigest, 'base64url');
  return constantTimeEqual(presented, expected) && m !== null;
}

export const bearer = (token: string): string => `Bearer ${token}`;
