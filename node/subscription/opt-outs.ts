// The fail-closed defaults a subscription was told to waive (docs/architecture.md "Subscribe"): each one is a
// visible warning in `mesh subscribe` and `mesh doctor`, never a silent state.
import { POLICY_QUORUM } from './refresh.js';
import type { SubscriptionTrust } from './state.js';

/** One sentence per waived default, empty when the subscription runs on the defaults. */
export function optOutWarnings(t: SubscriptionTrust): string[] {
  const out: string[] = [];
  if (t.allowNoWitness === true && t.quorum < POLICY_QUORUM)
    out.push(
      `accepts packs cosigned by ${t.quorum} witness(es), below the governance quorum of ${POLICY_QUORUM} (--allow-no-witness)`,
    );
  if (t.noGossip === true) out.push('gossip is off: a split view would go unnoticed (--no-gossip)');
  return out;
}

/** A stored trust that breaks the witness rule without the opt-out (written by an older mesh). */
export function quorumShortfall(t: SubscriptionTrust): string | undefined {
  if (t.allowNoWitness === true) return undefined;
  const need = Math.max(t.quorum, POLICY_QUORUM);
  return t.witnesses.length < need
    ? `needs ${need} witness cosignatures (governance quorum) but trusts ${t.witnesses.length} witness key(s)`
    : undefined;
}
