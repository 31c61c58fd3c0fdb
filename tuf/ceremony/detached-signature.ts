// A keyholder's detached signature over a proposal's canonical signed bytes (TUF 1.0.34 §4.2 "sig").
import { canonicalBytes } from '../canonical-json.js';
import type { Signer } from '../crypto/ed25519-signer.js';
import { TufError } from '../errors.js';
import { firstUnknownField, isObject, parseJsonBytes, type JsonObject } from '../json.js';
import { int, str } from '../metadata/fields.js';
import { CEREMONY_ROLE_NAME, proposalDigest, type Proposal } from './proposal.js';

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

/** The signature file as `mesh ceremony sign` writes it. */
export function detachedSignatureFileBytes(s: DetachedSignature): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(detachedSignatureToJson(s), null, 1)}\n`);
}

const FIELDS = ['schema', 'role', 'version', 'signed_sha256', 'keyid', 'sig'] as const;
const HEX64 = /^[0-9a-f]{64}$/;
/** Lower-case hex of at most 1024 bytes (an RSA-8192 signature); Ed25519 gives 64. */
const SIG_HEX = /^(?:[0-9a-f]{2}){1,1024}$/;

/** This value is attacker-controlled: a signature file comes back from a keyholder. */
export function parseDetachedSignature(bytes: Uint8Array): DetachedSignature {
  const bad = (why: string): TufError => new TufError('ceremony_invalid', `signature: ${why}`);
  const o = parseJsonBytes(bytes);
  if (!isObject(o) || o.schema !== SIGNATURE_SCHEMA) throw bad(`not a ${SIGNATURE_SCHEMA} file`);
  const extra = firstUnknownField(o, FIELDS);
  if (extra !== undefined) throw bad(`unknown field "${extra}"`);
  const s: DetachedSignature = {
    role: str(o, 'role', 'signature'),
    version: int(o, 'version', 'signature', 1),
    signedSha256: str(o, 'signed_sha256', 'signature'),
    keyid: str(o, 'keyid', 'signature'),
    sig: str(o, 'sig', 'signature'),
  };
  if (!CEREMONY_ROLE_NAME.test(s.role)) throw bad('role is not a valid role name');
  if (!HEX64.test(s.signedSha256)) throw bad('signed_sha256 is not 64 lower-case hex digits');
  if (!HEX64.test(s.keyid)) throw bad('keyid is not 64 lower-case hex digits');
  if (!SIG_HEX.test(s.sig)) throw bad('sig is not lower-case hex of at most 1024 bytes');
  return s;
}
