// The tier slot a node's reports set (docs/consensus.md "The report vector"): its organisation's
// entry in the member list, read through TUF and the log from the subscription's mirror, never an
// operator flag. The operator may only lower it (`mesh report init --tier N` is a ceiling).
import { join } from 'node:path';
import { lookupMember, orgIdOf } from '../../governance/index.js';
import { PackError } from '../../packs/index.js';
import { slotOfTier } from '../consensus/index.js';
import { StateError } from '../errors.js';
import {
  gossipPolicyOf,
  logTrustOf,
  parseSubscriptionSpec,
  readSubscription,
  subscriptionDir,
} from '../subscription/index.js';
import { fetchVerifiedMembership, hasSeenMembership } from '../tokens/verified-membership.js';

export interface MemberTier {
  /** The slot the report sets. */
  slot: number;
  /** Where it came from: the verified member entry, or none (no org key, no list published). */
  source: 'member-list' | 'no-org-key' | 'no-member-list';
  org?: { id: string; name: string; tier: number };
}

/**
 * The verified tier slot of the organisation whose public key is `orgPublicKey` (undefined: the node
 * reports with no organisation, the lowest slot), capped by the operator's `ceiling`.
 *
 * @throws StateError state_invalid when the organisation is revoked or not in the list
 * @throws PackError and MembershipError when the lists do not verify (nothing is reported then)
 * @example await memberTier(home, 'mesh:coding-agent@canary', dir, 3, publicKeyHex)
 */
export async function memberTier(
  stateRoot: string,
  spec: string,
  reportDir: string,
  tiers: number,
  orgPublicKey: string | undefined,
  ceiling?: number,
): Promise<MemberTier> {
  const cap = (slot: number) => Math.min(slot, ceiling ?? slot);
  if (orgPublicKey === undefined) return { slot: 0, source: 'no-org-key' };
  const sub = subscriptionDir(stateRoot, parseSubscriptionSpec(spec).id);
  const state = readSubscription(sub);
  if (state === undefined)
    throw new StateError(
      'state_invalid',
      `${spec} is not subscribed`,
      `run: mesh subscribe ${spec}`,
    );
  const dir = join(reportDir, 'members');
  let v;
  try {
    v = await fetchVerifiedMembership({
      mirror: state.trust.mirror,
      dir,
      // The subscription's trusted root is where this TUF client starts; it then updates on its own.
      rootFile: join(sub, 'metadata', 'root.json'),
      trust: logTrustOf(state.trust),
      gossip: gossipPolicyOf(state.trust),
      ...(state.checkpoint === undefined ? {} : { lastAccepted: state.checkpoint }),
    });
  } catch (e) {
    // A repository that publishes no member list has no tiers: the lowest slot.
    if (e instanceof PackError && e.code === 'target_missing' && !hasSeenMembership(dir))
      return { slot: 0, source: 'no-member-list' };
    throw e;
  }
  const id = orgIdOf(orgPublicKey);
  const m = lookupMember(v.members, v.revocations, id);
  if (m === 'revoked' || m === 'unknown')
    throw new StateError(
      'state_invalid',
      `organisation ${id} is ${m} in the verified member list (v${v.members.version})`,
      m === 'revoked'
        ? 'a revoked organisation reports no more; ask the membership authority'
        : 'ask the membership authority to enrol this key (mesh members add)',
    );
  return {
    slot: cap(slotOfTier(m.tier, tiers)),
    source: 'member-list',
    org: { id, name: m.name, tier: m.tier },
  };
}
