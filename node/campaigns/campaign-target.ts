// docs/campaigns.md "Similarity guard": live campaigns as a pack target file — the fingerprints a
// node compares its own calls' fingerprints with, escalating a match. Holds no canonical form.
import {
  canonicalFormOfCall,
  fingerprintOf,
  type GuardEvent,
  type ShellParser,
} from '../../guard/index.js';
import { liveCampaigns, type Ledger } from './campaign-ledger.js';

export const CAMPAIGN_TARGET_SCHEMA = 1;

export interface CampaignTarget {
  schema: typeof CAMPAIGN_TARGET_SCHEMA;
  kind: 'campaigns';
  bits: number;
  campaigns: { fingerprint: string; first_seen: number; last_seen: number; orgs: number }[];
}

/** The target of the campaigns seen since `since` (unix seconds). */
export function campaignTarget(l: Ledger, since: number, bits: number): CampaignTarget {
  return {
    schema: CAMPAIGN_TARGET_SCHEMA,
    kind: 'campaigns',
    bits,
    campaigns: liveCampaigns(l, since).map((c) => ({
      fingerprint: c.bits,
      first_seen: c.first_seen,
      last_seen: c.last_seen,
      orgs: Math.max(...Object.values(c.windows)),
    })),
  };
}

/**
 * The similarity check: the live campaign a call's fingerprint matches, if any. A front door
 * escalates such a call (docs/campaigns.md).
 *
 * @example
 * const hit = matchCampaign(target, parser, event);
 * if (hit) decision = { ...decision, verdict: 'escalate', reason: `matches campaign ${hit}` };
 */
export function matchCampaign(
  t: CampaignTarget,
  parser: ShellParser,
  event: GuardEvent,
): string | undefined {
  for (const outcome of ['block', 'escalate', 'near-miss'] as const) {
    const fp = fingerprintOf(canonicalFormOfCall(parser, event, outcome), t.bits).bits;
    if (t.campaigns.some((c) => c.fingerprint === fp)) return fp;
  }
  return undefined;
}
