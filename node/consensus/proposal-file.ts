// The consensus proposal file (docs/consensus.md "Collection and proposals"): what the collector saw (counts of
// organisation-windows and the noise on them), what it proposes, the numbers behind each proposal,
// signed with the collector key over its canonical JSON (the TUF canonical form).
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { canonicalBytes, type JsonObject, type Signer } from '../../tuf/index.js';
import type { DpStatement } from '../../dap/index.js';
import { ConsensusError, type ConsensusErrorCode } from './errors.js';
import type { Ring } from '../../packs/index.js';
import type { CollectedAggregate, Proposal } from './proposals.js';

export const PROPOSAL_TYPE = 'interlock-mesh/consensus-proposal';
/**
 * 2 added pack_sha256 (the published pack the aggregate was counted over); 3 counts
 * organisation-windows by signal and tier and states the privacy of the counts.
 */
export const PROPOSAL_FILE_SCHEMA = 3;
/** The oldest schema apply still reads. */
export const PROPOSAL_FILE_MIN_SCHEMA = 2;
/** Said in every proposal and every apply result. */
export const COUNT_NOTE =
  'counts are of organisation-windows: each organisation sends at most one report per report window (enforced at both aggregators when the task requires membership tokens), and every threshold is in distinct organisations';
/** A proposal file larger than this is refused before it is parsed. */
export const MAX_PROPOSAL_BYTES = 8 << 20;

/**
 * How private the counts are: no noise, or the mechanism both aggregators applied. Fractional
 * numbers are decimal strings: the canonical JSON the signature covers holds integers only.
 */
export type ProposalPrivacy =
  | { mechanism: 'none' }
  | {
      mechanism: DpStatement['mechanism'];
      epsilon: string;
      delta?: string;
      sensitivity: string;
      parameter: string;
      noised_by: DpStatement['noisedBy'];
      /** Each count is within margin of the true count with probability 1 - tail_probability. */
      margin: number;
      tail_probability: string;
      budget: {
        task_id: string;
        collections: number;
        epsilon: string;
        delta?: string;
        epsilon_per_collection: string;
        delta_per_collection?: string;
        composition: 'basic';
      };
    };

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
    false_positive_marks: number[];
    approvals: number[];
    rejections: number[];
    /** Organisation-windows per member tier, tier 0 first. */
    tiers: number[];
  };
  /** Absent in schema 2 files, which predate it. */
  privacy?: ProposalPrivacy;
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
  packSha256: string,
  privacy: ProposalPrivacy = { mechanism: 'none' },
): ProposalBody {
  return {
    type: PROPOSAL_TYPE,
    schema: PROPOSAL_FILE_SCHEMA,
    pack: agg.pack,
    pack_sha256: packSha256,
    ring,
    created: now.toISOString(),
    note: COUNT_NOTE,
    aggregate: {
      report_count: agg.reportCount,
      interval: agg.interval,
      hits: [...agg.signals.hits],
      false_positive_marks: [...agg.signals.falsePositiveMarks],
      approvals: [...agg.signals.approvals],
      rejections: [...agg.signals.rejections],
      tiers: [...agg.signals.tiers],
    },
    privacy,
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

function checkBody(b: Record<string, unknown>, bad: (why: string) => ConsensusError): void {
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
  if (b.schema === PROPOSAL_FILE_SCHEMA) {
    const privacy = b.privacy;
    if (!isObject(privacy) || typeof privacy.mechanism !== 'string')
      throw bad('privacy must say which mechanism, if any, noised the counts');
  }
}

/** The file's bytes as the collector writes them. */
export function encodeProposalFile(p: SignedProposal): string {
  return `${JSON.stringify(p, null, 2)}\n`;
}

/**
 * Parses and verifies a proposal file's text. This value is attacker-controlled until its
 * signature verifies.
 *
 * @throws ConsensusError consensus_invalid (too large, not JSON, a bad field), consensus_unsigned,
 *   consensus_untrusted_key, consensus_signature_invalid
 * @example decodeProposalFile(readFileSync(f, 'utf8'), collectorPublicHex)
 */
export function decodeProposalFile(text: string, trustedPublicHex: string): ProposalBody {
  if (text.length > MAX_PROPOSAL_BYTES)
    throw new ConsensusError(
      'consensus_invalid',
      `a proposal file is at most ${MAX_PROPOSAL_BYTES} bytes`,
    );
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new ConsensusError('consensus_invalid', 'consensus proposal: not JSON');
  }
  return verifyProposal(doc, trustedPublicHex);
}

/** True when a parsed document claims to be a consensus proposal (whatever its signature). */
export function looksLikeProposal(doc: unknown): boolean {
  return isObject(doc) && isObject(doc.signed) && doc.signed.type === PROPOSAL_TYPE;
}

/**
 * Reads a proposal file and checks the collector's signature against the public key (hex) the
 * maintainers trust. This value is attacker-controlled until the signature verifies.
 */
export function verifyProposal(doc: unknown, trustedPublicHex: string): ProposalBody {
  const fail = (code: ConsensusErrorCode, why: string): ConsensusError =>
    new ConsensusError(code, `consensus proposal: ${why}`);
  const bad = (why: string): ConsensusError => fail('consensus_invalid', why);
  if (!isObject(doc) || !isObject(doc.signed)) throw bad('not a consensus proposal file');
  if (!isObject(doc.signature)) throw fail('consensus_unsigned', 'it carries no signature');
  const { sig, public: pub } = doc.signature;
  if (typeof sig !== 'string' || sig.length !== 128 || !HEX.test(sig))
    throw fail('consensus_unsigned', 'its signature is missing or malformed');
  if (pub !== trustedPublicHex)
    throw fail('consensus_untrusted_key', 'signed by a key other than the trusted collector key');
  const { type, schema } = doc.signed;
  if (type !== PROPOSAL_TYPE) throw bad(`type is not ${PROPOSAL_TYPE}`);
  if (
    typeof schema !== 'number' ||
    schema < PROPOSAL_FILE_MIN_SCHEMA ||
    schema > PROPOSAL_FILE_SCHEMA
  )
    throw bad(`schema must be ${PROPOSAL_FILE_MIN_SCHEMA} to ${PROPOSAL_FILE_SCHEMA}`);
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
