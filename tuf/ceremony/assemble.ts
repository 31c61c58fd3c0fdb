// Assembling an offline role's metadata (TUF 1.0.34 §5.3.4, §5.6.3 as the client will check them):
// detached signatures are merged only if they meet the threshold; for root, old and new both.
// Every signature that does not count is named with the reason, so keyholders know whom to ask.
import { countValidSignatures } from '../crypto/verify-threshold.js';
import { verifySignature } from '../crypto/verify-signature.js';
import { TufError } from '../errors.js';
import { signedBytes, type Envelope } from '../metadata/envelope.js';
import type { Key } from '../metadata/key.js';
import type { Role } from '../metadata/role.js';
import { parseRoot, type Root } from '../metadata/root.js';
import type { DetachedSignature } from './detached-signature.js';
import { proposalDigest, type Proposal } from './proposal.js';

export interface Authority {
  name: string;
  role: Role;
  keys: ReadonlyMap<string, Key>;
}

/** A signature that counts for no threshold, and why. */
export interface Refusal {
  keyid: string;
  /** Index of the signature among those given (the order of --signature flags). */
  index: number;
  reason: string;
}

export interface Assembled {
  envelope: Envelope;
  refused: Refusal[];
  /** Valid signatures per authority, e.g. `{ "root (current)": 2, "new root": 2 }`. */
  valid: Record<string, number>;
}

function verifies(a: Authority, keyid: string, message: Uint8Array, sig: string): boolean {
  const key = a.keys.get(keyid);
  if (key === undefined || !a.role.keyids.includes(keyid)) return false;
  try {
    return verifySignature(key, message, sig);
  } catch (e) {
    if (e instanceof TufError) return false;
    throw e;
  }
}

function reasonFor(
  s: DetachedSignature,
  checks: readonly Authority[],
  message: Uint8Array,
): string {
  const holders = checks.filter((a) => a.role.keyids.includes(s.keyid));
  if (holders.length === 0)
    return `key ${s.keyid} is not a key of ${checks.map((a) => a.name).join(' or ')}`;
  if (!holders.some((a) => verifies(a, s.keyid, message, s.sig)))
    return 'the signature does not verify over this proposal';
  return '';
}

/**
 * The signed envelope with what was refused and why, or a `ceremony_threshold_unmet` refusal whose
 * message names which threshold fell short and every signature that did not count.
 * `authority` is who must sign today (the current root's root role, root's targets role, or the
 * delegating role's entry); a root proposal must also satisfy its own new root role.
 *
 * @throws TufError ceremony_threshold_unmet
 */
export function assembleReport(
  p: Proposal,
  sigs: readonly DetachedSignature[],
  authority: Authority,
): Assembled {
  const digest = proposalDigest(p);
  const signatures = [];
  const refused: Refusal[] = [];
  const seen = new Set<string>();
  const checks: Authority[] = [authority];
  if (p.role === 'root') {
    const next: Root = parseRoot(p.signed);
    checks.push({ name: 'new root', role: next.roles.root, keys: next.keys });
  }
  const message = signedBytes({ signed: p.signed, signatures: [], unrecognized: {} });
  for (const [index, s] of sigs.entries()) {
    if (s.role !== p.role || s.version !== p.version || s.signedSha256 !== digest) {
      const what = `${s.role} v${s.version} (${s.signedSha256.slice(0, 12)}…)`;
      refused.push({ keyid: s.keyid, index, reason: `it signs another proposal: ${what}` });
      continue;
    }
    if (seen.has(s.keyid)) {
      refused.push({ keyid: s.keyid, index, reason: 'a second signature by the same key' });
      continue;
    }
    const reason = reasonFor(s, checks, message);
    if (reason !== '') {
      refused.push({ keyid: s.keyid, index, reason });
      continue;
    }
    seen.add(s.keyid);
    signatures.push({ keyid: s.keyid, sig: s.sig, unrecognized: {} });
  }
  const envelope: Envelope = { signed: p.signed, signatures, unrecognized: {} };
  const valid: Record<string, number> = {};
  const short: string[] = [];
  for (const a of checks) {
    valid[a.name] = countValidSignatures(a.role, a.keys, envelope);
    if ((valid[a.name] ?? 0) < a.role.threshold)
      short.push(
        `${a.name}: ${valid[a.name] ?? 0} valid signature(s) of ${a.role.threshold} needed`,
      );
  }
  if (short.length > 0) {
    const why = refused.map(
      (r) => `signature ${r.index + 1} (${r.keyid.slice(0, 16)}…): ${r.reason}`,
    );
    throw new TufError(
      'ceremony_threshold_unmet',
      [...short, ...(why.length > 0 ? [`refused: ${why.join('; ')}`] : [])].join('; '),
    );
  }
  return { envelope, refused, valid };
}

/** The envelope of `assembleReport`, for callers that need only it. */
export function assemble(
  p: Proposal,
  sigs: readonly DetachedSignature[],
  authority: Authority,
): Envelope {
  return assembleReport(p, sigs, authority).envelope;
}
