// The member list and the revocation list (docs/GOVERNANCE.md "Membership"): organisations with an
// Ed25519 key and a tier, enrolled and revoked by the membership authority, each list signed by it.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { canonicalBytes, type JsonObject } from '../../common/index.js';
import { MembershipError } from './errors.js';

export const MEMBERSHIP_SCHEMA = 1;
/** Tier 1 is the highest; consensus may require reports from higher tiers. */
export const MAX_TIER = 9;
const MAX_MEMBERS = 100_000;
const MAX_NAME = 128;

export interface Member {
  org_id: string;
  name: string;
  /** Raw Ed25519 public key, 64 lower-case hex characters. */
  public_key: string;
  tier: number;
  enrolled: string;
}

export interface Revocation {
  org_id: string;
  public_key: string;
  revoked: string;
  reason: string;
}

interface Signed {
  schema: number;
  version: number;
  /** The authority's Ed25519 public key (hex) that signs this list. */
  authority: string;
  signature: string;
}
export interface MemberList extends Signed {
  kind: 'mesh-members';
  members: Member[];
}
export interface RevocationList extends Signed {
  kind: 'mesh-revocations';
  revocations: Revocation[];
}

/** The authority's working file: both lists, each signed on its own (each is its own TUF target). */
export interface Membership {
  members: MemberList;
  revocations: RevocationList;
}

/** The authority's signing capability: sign returns a hex Ed25519 signature. */
export interface AuthoritySigner {
  publicKey: string;
  sign(message: Uint8Array): string;
}

/** An organisation's ID: the first 16 bytes of SHA-256 of its public key, hex. */
export const orgIdOf = (publicKeyHex: string): string =>
  createHash('sha256').update(Buffer.from(publicKeyHex, 'hex')).digest('hex').slice(0, 32);

const bad = (why: string) => new MembershipError('membership_invalid', why);
const HEX32 = /^[0-9a-f]{64}$/;

function unsigned(doc: Signed): JsonObject {
  return Object.fromEntries(Object.entries(doc).filter(([k]) => k !== 'signature'));
}

function sign<T extends Signed>(doc: Omit<T, 'signature'>, signer: AuthoritySigner): T {
  const withSig = { ...doc, signature: '' } as T;
  return { ...withSig, signature: signer.sign(canonicalBytes(unsigned(withSig))) };
}

/** Whether `sigHex` is the Ed25519 signature of `publicKeyHex` over `message`; never throws. */
export function ed25519Verify(publicKeyHex: string, message: Uint8Array, sigHex: string): boolean {
  if (!HEX32.test(publicKeyHex) || !/^[0-9a-f]{128}$/.test(sigHex)) return false;
  try {
    const key = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(publicKeyHex, 'hex').toString('base64url'),
      },
      format: 'jwk',
    });
    return verify(null, message, key, Buffer.from(sigHex, 'hex'));
  } catch {
    return false;
  }
}

/** A new, empty membership signed by the authority (version 1 of both lists). */
export function newMembership(signer: AuthoritySigner): Membership {
  const base = { schema: MEMBERSHIP_SCHEMA, version: 1, authority: signer.publicKey };
  return {
    members: sign<MemberList>({ ...base, kind: 'mesh-members', members: [] }, signer),
    revocations: sign<RevocationList>(
      { ...base, kind: 'mesh-revocations', revocations: [] },
      signer,
    ),
  };
}

/**
 * Enrols an organisation: a new version of the member list, signed by the authority.
 * @throws MembershipError member_exists | member_revoked | membership_invalid | membership_authority
 * @example addMember(m, { name: 'acme', publicKey: hex, tier: 2 }, signer, new Date())
 */
export function addMember(
  m: Membership,
  org: { name: string; publicKey: string; tier: number },
  signer: AuthoritySigner,
  now: Date,
): Membership {
  requireAuthority(m, signer);
  if (!HEX32.test(org.publicKey)) throw bad('the public key must be 32 bytes of lower-case hex');
  if (org.name.length === 0 || org.name.length > MAX_NAME)
    throw bad('name must be 1..128 characters');
  if (!Number.isInteger(org.tier) || org.tier < 1 || org.tier > MAX_TIER)
    throw bad(`tier must be an integer 1..${MAX_TIER}`);
  const id = orgIdOf(org.publicKey);
  if (m.members.members.some((x) => x.org_id === id || x.name === org.name))
    throw new MembershipError('member_exists', `${org.name} (${id}) is already a member`);
  if (m.revocations.revocations.some((r) => r.org_id === id))
    throw new MembershipError('member_revoked', `${id} was revoked; enrol a new key instead`);
  const member: Member = {
    org_id: id,
    name: org.name,
    public_key: org.publicKey,
    tier: org.tier,
    enrolled: now.toISOString(),
  };
  const rest = m.members;
  return {
    ...m,
    members: sign<MemberList>(
      { ...rest, version: rest.version + 1, members: [...rest.members, member] },
      signer,
    ),
  };
}

/**
 * Revokes an organisation: it leaves the member list and joins the revocation list, both re-signed.
 * @throws MembershipError member_unknown | membership_authority
 */
export function revokeMember(
  m: Membership,
  orgIdOrName: string,
  reason: string,
  signer: AuthoritySigner,
  now: Date,
): Membership {
  requireAuthority(m, signer);
  const member = m.members.members.find((x) => x.org_id === orgIdOrName || x.name === orgIdOrName);
  if (member === undefined)
    throw new MembershipError('member_unknown', `${orgIdOrName} is not a member`);
  const [ml, rl] = [m.members, m.revocations];
  const rev: Revocation = {
    org_id: member.org_id,
    public_key: member.public_key,
    revoked: now.toISOString(),
    reason: reason.slice(0, MAX_NAME),
  };
  return {
    members: sign<MemberList>(
      { ...ml, version: ml.version + 1, members: ml.members.filter((x) => x !== member) },
      signer,
    ),
    revocations: sign<RevocationList>(
      { ...rl, version: rl.version + 1, revocations: [...rl.revocations, rev] },
      signer,
    ),
  };
}

function requireAuthority(m: Membership, signer: AuthoritySigner): void {
  if (m.members.authority !== signer.publicKey || m.revocations.authority !== signer.publicKey)
    throw new MembershipError(
      'membership_authority',
      'this membership file is signed by another authority key',
    );
}

function checkSigned(o: Record<string, unknown>, kind: string, authority: string): void {
  if (o.kind !== kind) throw bad(`not a ${kind} document`);
  if (typeof o.schema !== 'number' || !Number.isInteger(o.schema) || o.schema < 1)
    throw bad('schema must be a positive integer');
  if (o.schema > MEMBERSHIP_SCHEMA)
    throw new MembershipError(
      'membership_schema_newer',
      `${kind} schema ${o.schema} is newer than this mesh understands; upgrade mesh`,
    );
  if (typeof o.version !== 'number' || !Number.isSafeInteger(o.version) || o.version < 1)
    throw bad('version must be a positive integer');
  if (o.authority !== authority)
    throw new MembershipError('membership_authority', `${kind} is not from the trusted authority`);
  if (typeof o.signature !== 'string') throw bad('signature missing');
  let body: Uint8Array;
  try {
    body = canonicalBytes(unsigned(o as unknown as Signed));
  } catch {
    throw bad('not canonical JSON');
  }
  if (!ed25519Verify(authority, body, o.signature))
    throw new MembershipError('membership_signature', `${kind} signature does not verify`);
}

function checkEntry(e: unknown, revoked: boolean): void {
  if (typeof e !== 'object' || e === null) throw bad('entry is not an object');
  const x = e as Record<string, unknown>;
  if (typeof x.public_key !== 'string' || !HEX32.test(x.public_key)) throw bad('bad public_key');
  if (x.org_id !== orgIdOf(x.public_key)) throw bad("org_id is not its key's");
  if (revoked) {
    if (typeof x.revoked !== 'string' || typeof x.reason !== 'string') throw bad('bad revocation');
    return;
  }
  if (typeof x.name !== 'string' || x.name.length === 0 || x.name.length > MAX_NAME)
    throw bad('bad name');
  if (typeof x.tier !== 'number' || !Number.isInteger(x.tier) || x.tier < 1 || x.tier > MAX_TIER)
    throw bad('bad tier');
  if (typeof x.enrolled !== 'string') throw bad('bad enrolled');
}

/**
 * Parses and verifies a member list; this value is attacker-controlled until its signature checks.
 * @throws MembershipError with a stable code on any defect.
 * @example parseMemberList(JSON.parse(text), authorityHex).members
 */
export function parseMemberList(v: unknown, authority: string): MemberList {
  if (typeof v !== 'object' || v === null) throw bad('not a JSON object');
  const o = v as Record<string, unknown>;
  checkSigned(o, 'mesh-members', authority);
  if (!Array.isArray(o.members) || o.members.length > MAX_MEMBERS) throw bad('members: bad list');
  for (const e of o.members) checkEntry(e, false);
  return o as unknown as MemberList;
}

/** As parseMemberList, for the revocation list. */
export function parseRevocationList(v: unknown, authority: string): RevocationList {
  if (typeof v !== 'object' || v === null) throw bad('not a JSON object');
  const o = v as Record<string, unknown>;
  checkSigned(o, 'mesh-revocations', authority);
  if (!Array.isArray(o.revocations) || o.revocations.length > MAX_MEMBERS)
    throw bad('revocations: bad list');
  for (const e of o.revocations) checkEntry(e, true);
  return o as unknown as RevocationList;
}

/** Parses the authority's working file (both lists). */
export function parseMembership(v: unknown, authority: string): Membership {
  if (typeof v !== 'object' || v === null) throw bad('not a JSON object');
  const o = v as Record<string, unknown>;
  return {
    members: parseMemberList(o.members, authority),
    revocations: parseRevocationList(o.revocations, authority),
  };
}

/** Who an organisation is: its member entry, or why it may not act (revoked or unknown). */
export function lookupMember(
  members: MemberList,
  revocations: RevocationList,
  orgId: string,
): Member | 'revoked' | 'unknown' {
  if (revocations.revocations.some((r) => r.org_id === orgId)) return 'revoked';
  return members.members.find((m) => m.org_id === orgId) ?? 'unknown';
}
