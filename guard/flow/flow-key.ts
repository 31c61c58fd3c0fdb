// Flow and taint: the keys of persisted fingerprints, derived with HKDF (RFC 5869, SHA-256)
// from a node secret kept for this purpose only (it signs nothing), stored 0600.
import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createFileOnce } from '../../common/index.js';
import { GuardError } from '../errors.js';
import { createWindowHasher, type WindowHasher } from './window-hash.js';

export const FLOW_SECRET_FILE = 'flow.secret';
const SECRET_BYTES = 32;
const SALT = Buffer.from('interlock-mesh guard flow v1', 'utf8');

export interface FlowKeys {
  hasher: WindowHasher;
  /** HMAC-SHA256 key that confirms a fingerprint candidate. */
  confirmKey: Uint8Array;
  /** AES-256-GCM key that seals a session's outbound tail (outbound-tail.ts). */
  tailKey: Uint8Array;
}

/** Creates the secret once; concurrent first runs agree (createFileOnce links, never replaces). */
function ensureSecret(dir: string): string {
  const path = join(dir, FLOW_SECRET_FILE);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    statSync(path);
    return path;
  } catch {
    // Not there yet: create it below.
  }
  createFileOnce(path, randomBytes(SECRET_BYTES), { mode: 0o600 });
  return path;
}

/** Reads (creating on first use) the flow secret under `dir` and derives both keys from it. */
export function loadFlowKeys(dir: string): FlowKeys {
  const path = ensureSecret(dir);
  const st = statSync(path);
  if ((st.mode & 0o077) !== 0)
    throw new GuardError('flow_key_invalid', `${path} is readable by others; chmod 600 it`);
  const secret = readFileSync(path);
  if (secret.length !== SECRET_BYTES)
    throw new GuardError('flow_key_invalid', `${path} must hold ${SECRET_BYTES} bytes`);
  const derive = (info: string, n: number): Uint8Array =>
    new Uint8Array(hkdfSync('sha256', secret, SALT, Buffer.from(info, 'utf8'), n));
  return {
    hasher: createWindowHasher(derive('window fingerprint', 1032)),
    confirmKey: derive('window confirmation', 32),
    tailKey: derive('outbound tail', 32),
  };
}
