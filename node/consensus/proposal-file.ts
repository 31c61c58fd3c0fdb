// The consensus proposal file: what the collector saw, what it proposes, and the numbers behind
// each proposal, signed with the collector key over its canonical JSON (the TUF canonical form).
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { canonicalBytes, type JsonObject, type Signer } from '../../tuf/index.js';
import { PackError, type PackErrorCode } from '../../packs/index.js';
import type { CollectedAggregate, Proposal, Ring } from './proposals.js';

export const PROPOSAL_TYPE = 'interlock-mesh/consensus-proposal';
/** 2 added pack_sha256: the published pack the aggregate was counted over (staleness check). */
export const PROPOSAL_FILE_SCHEMA = 2;
/** Said in every proposal until membership credentials exist (governance/). */
export const COUNT_NOTE =
  'counts are of reports, not of organisations: one node may send many reports';

export interface ProposalBody {
  type: typeof PROPOSAL_TYPE;
  schema: number;
  pack: string;
  /** sha256 of the pack target whose catalog orders the aggregate. */
  pack_sha256?: string;
  ring: Ring;
  created: string;
  note: string;
  aggregate: {
    report_count: number;
    interval: { start: number; duration: number };
    hits: number[];
    false_positives: number[];
  };
  proposals: Proposal[];
}

export interface SignedProposal {
  signed: ProposalBody;
  signature: { keyid: string; public: string; sig: string };
}

export function proposalBody(
  agg: CollectedAggregate,
  ring: Ring,
  proposals: Proposal[],
  now: Date,
  packSha256?: string,
): ProposalBody {
  return {
    type: PROPOSAL_TYPE,
    schema: PROPOSAL_FILE_SCHEMA,
    pack: agg.pack,
    ...(packSha256 === undefined ? {} : { pack_sha256: packSha256 }),
    ring,
    created: now.toISOString(),
    note: COUNT_NOTE,
    aggregate: {
      report_count: agg.reportCount,
      interval: agg.interval,
      hits: [...agg.hits],
      false_positives: [...agg.falsePositives],
    },
    proposals,
  };
}

function bytesOf(body: ProposalBody): Uint8Array {
  return canonicalBytes(JSON.parse(JSON.stringify(body)) as JsonObject);
}

/** Names one proposal for good: the ledger of applied proposals is keyed by it. */
export function proposalSha256(body: ProposalBody): string {
  return bytesToHex(sha256(bytesOf(body)));
}

export function signProposal(body: ProposalBody, signer: Signer): SignedProposal {
  return {
    signed: body,
    signature: {
      keyid: signer.keyid,
      public: signer.key.publicKey,
      sig: signer.sign(bytesOf(body)),
    },
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const HEX = /^[0-9a-f]+$/;
const SHA256 = /^[0-9a-f]{64}$/;

const MAX_PROPOSALS = 4096;
const RULE = /^[a-z0-9][a-z0-9._-]{0,127}$/;

function checkBody(b: Record<string, unknown>, bad: (why: string) => PackError): void {
  if (typeof b.pack !== 'string' || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(b.pack))
    throw bad('pack is not a pack name');
  if (b.ring !== 'canary' && b.ring !== 'stable') throw bad('ring must be canary or stable');
  if (
    b.pack_sha256 !== undefined &&
    (typeof b.pack_sha256 !== 'string' || !SHA256.test(b.pack_sha256))
  )
    throw bad('pack_sha256 must be 64 hex digits');
  if (typeof b.created !== 'string' || Number.isNaN(Date.parse(b.created)))
    throw bad('created must be an ISO date');
  const list = b.proposals;
  if (!Array.isArray(list) || list.length > MAX_PROPOSALS)
    throw bad(`proposals must be a list of at most ${MAX_PROPOSALS}`);
  for (const p of list as unknown[]) {
    if (!isObject(p)) throw bad('a proposal must be an object');
    if (p.kind !== 'promote' && p.kind !== 'demote' && p.kind !== 'expire')
      throw bad('proposal kind must be promote, demote or expire');
    if (typeof p.rule !== 'string' || !RULE.test(p.rule))
      throw bad('proposal rule is not a rule id');
    if (p.from !== b.ring) throw bad(`proposal for ${p.rule} is not from the ${b.ring} ring`);
  }
}

/**
 * Reads a proposal file and checks the collector's signature against the public key (hex) the
 * maintainers trust. This value is attacker-controlled until the signature verifies.
 */
export function verifyProposal(doc: unknown, trustedPublicHex: string): ProposalBody {
  const fail = (code: PackErrorCode, why: string): PackError =>
    new PackError(code, `consensus proposal: ${why}`);
  const bad = (why: string): PackError => fail('consensus_invalid', why);
  if (!isObject(doc) || !isObject(doc.signed)) throw bad('not a consensus proposal file');
  if (!isObject(doc.signature)) throw fail('consensus_unsigned', 'it carries no signature');
  const { sig, public: pub } = doc.signature;
  if (typeof sig !== 'string' || sig.length !== 128 || !HEX.test(sig))
    throw fail('consensus_unsigned', 'its signature is missing or malformed');
  if (pub !== trustedPublicHex)
    throw fail('consensus_untrusted_key', 'signed by a key other than the trusted collector key');
  const { type, schema } = doc.signed;
  if (type !== PROPOSAL_TYPE) throw bad(`type is not ${PROPOSAL_TYPE}`);
  if (typeof schema !== 'number' || schema > PROPOSAL_FILE_SCHEMA)
    throw bad(`schema must be at most ${PROPOSAL_FILE_SCHEMA}`);
  const body = doc.signed as unknown as ProposalBody;
  const ok = (() => {
    try {
      return ed25519.verify(hexToBytes(sig), bytesOf(body), hexToBytes(trustedPublicHex));
    } catch {
      return false;
    }
  })();
  if (!ok)
    throw fail('consensus_signature_invalid', 'signature does not verify (altered after signing?)');
  checkBody(doc.signed, bad);
  return body;
}
