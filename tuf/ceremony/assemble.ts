// Assembling an offline role's metadata (TUF 1.0.34 §5.3.4, §5.6.3 as the client will check them):
// detached signatures are merged only if they meet the threshold; for root, old and new both.
import { countValidSignatures } from '../crypto/verify-threshold.js';
import { TufError } from '../errors.js';
import type { Envelope } from '../metadata/envelope.js';
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

/**
 * The signed envelope, or a 'ceremony_threshold_unmet' refusal naming which threshold fell short.
 * `authority` is who must sign today (the current root's root role, root's targets role, or the
 * delegating role's entry); a root proposal must also satisfy its own new root role.
 */
export function assemble(
  p: Proposal,
  sigs: readonly DetachedSignature[],
  authority: Authority,
): Envelope {
  const digest = proposalDigest(p);
  const signatures = [];
  const seen = new Set<string>();
  for (const s of sigs) {
    if (s.role !== p.role || s.version !== p.version || s.signedSha256 !== digest) {
      throw new TufError('ceremony_invalid', `signature by ${s.keyid} is for another proposal`);
    }
    if (seen.has(s.keyid)) continue;
    seen.add(s.keyid);
    signatures.push({ keyid: s.keyid, sig: s.sig, unrecognized: {} });
  }
  const env: Envelope = { signed: p.signed, signatures, unrecognized: {} };
  const checks: Authority[] = [authority];
  if (p.role === 'root') {
    const next: Root = parseRoot(p.signed);
    checks.push({ name: 'new root', role: next.roles.root, keys: next.keys });
  }
  for (const a of checks) {
    const valid = countValidSignatures(a.role, a.keys, env);
    if (valid < a.role.threshold) {
      throw new TufError(
        'ceremony_threshold_unmet',
        `${a.name}: ${valid} valid signature(s) of ${a.role.threshold} needed`,
      );
    }
  }
  return env;
}
