// The consensus proposal file: what the collector saw, what it proposes, and the numbers behind
// each proposal, signed with the collector key over its canonical JSON (the TUF canonical form).
import { ed25519 } from '@noble/curves/ed25519.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { canonicalBytes, type JsonObject, type Signer } from '../../tuf/index.js';
import { NodeError } from '../errors.js';
import type { CollectedAggregate, Proposal, Ring } from './proposals.js';

export const PROPOSAL_TYPE = 'interlock-mesh/consensus-proposal';
export const PROPOSAL_FILE_SCHEMA = 1;
/** Said in every proposal until membership credentials exist (governance/). */
export const COUNT_NOTE =
  'counts are of reports, not of organisations: one node may send many reports';

export interface ProposalBody {
  type: typeof PROPOSAL_TYPE;
  schema: number;
  pack: string;
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
): ProposalBody {
  return {
    type: PROPOSAL_TYPE,
    schema: PROPOSAL_FILE_SCHEMA,
    pack: agg.pack,
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

/**
 * Reads a proposal file and checks the collector's signature against the public key (hex) the
 * maintainers trust. This value is attacker-controlled until the signature verifies.
 */
export function verifyProposal(doc: unknown, trustedPublicHex: string): ProposalBody {
  const bad = (why: string): NodeError =>
    new NodeError('config_invalid', `consensus proposal: ${why}`);
  if (!isObject(doc) || !isObject(doc.signed) || !isObject(doc.signature))
    throw bad('not a signed proposal');
  const { sig, public: pub } = doc.signature;
  if (typeof sig !== 'string' || sig.length !== 128 || !HEX.test(sig))
    throw bad('malformed signature');
  if (pub !== trustedPublicHex) throw bad('signed by a key other than the trusted collector key');
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
  if (!ok) throw bad('signature does not verify');
  return body;
}
