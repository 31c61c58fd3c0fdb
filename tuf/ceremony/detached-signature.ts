// A keyholder's detached signature over a proposal's canonical signed bytes (TUF 1.0.34 §4.2 "sig").
import { canonicalBytes } from '../canonical-json.js';
import type { Signer } from '../crypto/ed25519-signer.js';
import { TufError } from '../errors.js';
import { isObject, parseJsonBytes, type JsonObject } from '../json.js';
import { int, str } from '../metadata/fields.js';
import { proposalDigest, type Proposal } from './proposal.js';

export const SIGNATURE_SCHEMA = 'interlock-mesh/tuf-signature@1';

export interface DetachedSignature {
  role: string;
  version: number;
  signedSha256: string;
  keyid: string;
  sig: string;
}

/** Made on the offline machine: the secret never leaves it, only this object does. */
export function signProposal(p: Proposal, signer: Signer): DetachedSignature {
  return {
    role: p.role,
    version: p.version,
    signedSha256: proposalDigest(p),
    keyid: signer.keyid,
    sig: signer.sign(canonicalBytes(p.signed)),
  };
}

export function detachedSignatureToJson(s: DetachedSignature): JsonObject {
  return {
    schema: SIGNATURE_SCHEMA,
    role: s.role,
    version: s.version,
    signed_sha256: s.signedSha256,
    keyid: s.keyid,
    sig: s.sig,
  };
}

/** This value is attacker-controlled. */
export function parseDetachedSignature(bytes: Uint8Array): DetachedSignature {
  const o = parseJsonBytes(bytes);
  if (!isObject(o) || o.schema !== SIGNATURE_SCHEMA) {
    throw new TufError('ceremony_invalid', `not a ${SIGNATURE_SCHEMA} file`);
  }
  return {
    role: str(o, 'role', 'signature'),
    version: int(o, 'version', 'signature', 1),
    signedSha256: str(o, 'signed_sha256', 'signature'),
    keyid: str(o, 'keyid', 'signature'),
    sig: str(o, 'sig', 'signature'),
  };
}
