// verify_delegate (TUF 1.0.34 §5.3.4, §5.4.2, §5.5.3, §5.6.3): a threshold of distinct role keys signed.
import { RepositoryError, TufError } from '../errors.js';
import type { Key } from '../metadata/key.js';
import type { Role } from '../metadata/role.js';
import type { Envelope, Signature } from '../metadata/envelope.js';
import { signedBytes } from '../metadata/envelope.js';
import { verifySignature } from './verify-signature.js';

/**
 * A document's signatures with the bytes they cover (the canonical JSON of its "signed"), encoded
 * once: a client checks one document against several delegators' keys (§5.3.4, §5.6.7.2).
 */
export interface SignedMessage {
  message: Uint8Array;
  signatures: readonly Signature[];
}

export function signedMessage(env: Envelope): SignedMessage {
  return { message: signedBytes(env), signatures: env.signatures };
}

/** How many of `role.keyids` made a valid signature over the envelope's canonical "signed" bytes. */
export function countValidSignatures(
  role: Role,
  keys: ReadonlyMap<string, Key>,
  env: Envelope | SignedMessage,
): number {
  const { message, signatures } = 'message' in env ? env : signedMessage(env);
  const byKeyid = new Map(signatures.map((s) => [s.keyid, s.sig]));
  let valid = 0;
  for (const keyid of new Set(role.keyids)) {
    const key = keys.get(keyid);
    const sig = byKeyid.get(keyid);
    if (key === undefined || sig === undefined) continue;
    try {
      if (verifySignature(key, message, sig)) valid++;
    } catch (e) {
      // A key of a scheme we cannot check counts as not signing; others may still meet the threshold.
      if (!(e instanceof TufError)) throw e;
    }
  }
  return valid;
}

export function verifyThreshold(
  roleName: string,
  role: Role,
  keys: ReadonlyMap<string, Key>,
  env: Envelope | SignedMessage,
): void {
  const valid = countValidSignatures(role, keys, env);
  if (valid < role.threshold) {
    throw new RepositoryError(
      'signature_threshold_unmet',
      `${roleName}: ${valid} valid signature(s), threshold is ${role.threshold}`,
    );
  }
}
