// An offline-role proposal (TUF 1.0.34 §6.1 with offline keys): the unsigned next version of a role.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { canonicalBytes } from '../canonical-json.js';
import { TufError } from '../errors.js';
import { firstUnknownField, isObject, parseJsonBytes, type JsonObject } from '../json.js';
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

/** The proposal file as `mesh ceremony propose` writes it. */
export function proposalFileBytes(p: Proposal): Uint8Array {
  return new TextEncoder().encode(`${JSON.stringify(proposalToJson(p), null, 1)}\n`);
}

const FIELDS = ['schema', 'role', 'version', 'signed_sha256', 'signed'] as const;
/** Role names as the repository allows them (tuf/repository ROLE_NAME). */
export const CEREMONY_ROLE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** This value is attacker-controlled: a proposal arrives from another machine. */
export function parseProposal(bytes: Uint8Array): Proposal {
  const bad = (why: string): TufError => new TufError('ceremony_invalid', `proposal: ${why}`);
  const o = parseJsonBytes(bytes);
  if (!isObject(o) || o.schema !== PROPOSAL_SCHEMA) throw bad(`not a ${PROPOSAL_SCHEMA} file`);
  const extra = firstUnknownField(o, FIELDS);
  if (extra !== undefined) throw bad(`unknown field "${extra}"`);
  const signed = asObject(o.signed, 'proposal.signed');
  const p: Proposal = {
    role: str(o, 'role', 'proposal'),
    version: int(o, 'version', 'proposal', 1),
    signed,
  };
  if (!CEREMONY_ROLE_NAME.test(p.role)) throw bad('role is not a valid role name');
  // Offline roles are root, or a targets role (top-level or delegated): the object must be one.
  if (signed._type !== (p.role === 'root' ? 'root' : 'targets')) {
    throw bad(`signed object is not ${p.role === 'root' ? 'root' : 'targets'} metadata`);
  }
  if (int(signed, 'version', 'proposal.signed', 1) !== p.version) {
    throw bad('version does not match its signed object');
  }
  if (o.signed_sha256 !== proposalDigest(p)) throw bad('digest does not match its signed object');
  return p;
}
