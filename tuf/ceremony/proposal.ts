// An offline-role proposal (TUF 1.0.34 §6.1 with offline keys): the unsigned next version of a role.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { canonicalBytes } from '../canonical-json.js';
import { TufError } from '../errors.js';
import { isObject, parseJsonBytes, type JsonObject } from '../json.js';
import { asObject, int, str } from '../metadata/fields.js';

export const PROPOSAL_SCHEMA = 'interlock-mesh/tuf-proposal@1';

export interface Proposal {
  role: string;
  version: number;
  /** The role's "signed" object, exactly what every keyholder signs (in canonical form). */
  signed: JsonObject;
}

/** What a keyholder checks before signing: sha256 over the canonical signed bytes. */
export function proposalDigest(p: Proposal): string {
  return bytesToHex(sha256(canonicalBytes(p.signed)));
}

export function proposalToJson(p: Proposal): JsonObject {
  return {
    schema: PROPOSAL_SCHEMA,
    role: p.role,
    version: p.version,
    signed_sha256: proposalDigest(p),
    signed: p.signed,
  };
}

/** This value is attacker-controlled: a proposal arrives from another machine. */
export function parseProposal(bytes: Uint8Array): Proposal {
  const o = parseJsonBytes(bytes);
  if (!isObject(o) || o.schema !== PROPOSAL_SCHEMA) {
    throw new TufError('ceremony_invalid', `not a ${PROPOSAL_SCHEMA} file`);
  }
  const signed = asObject(o.signed, 'proposal.signed');
  const p: Proposal = {
    role: str(o, 'role', 'proposal'),
    version: int(o, 'version', 'proposal', 1),
    signed,
  };
  if (int(signed, 'version', 'proposal.signed', 1) !== p.version) {
    throw new TufError('ceremony_invalid', 'proposal version does not match its signed object');
  }
  if (o.signed_sha256 !== proposalDigest(p)) {
    throw new TufError('ceremony_invalid', 'proposal digest does not match its signed object');
  }
  return p;
}
