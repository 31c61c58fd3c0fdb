// docs/campaigns.md "Similarity guard": live campaigns as a pack target file — the fingerprints a
// node compares its own calls' fingerprints with, escalating a match. Holds no canonical form.
import {
  FINGERPRINT_BITS,
  canonicalFormOfCall,
  fingerprintOf,
  type GuardEvent,
  type ShellParser,
} from '../../guard/index.js';
import { UsageError } from '../errors.js';
import { liveCampaigns, type Ledger } from './campaign-ledger.js';

export const CAMPAIGN_TARGET_SCHEMA = 1;

export interface CampaignTarget {
  schema: typeof CAMPAIGN_TARGET_SCHEMA;
  kind: 'campaigns';
  bits: number;
  campaigns: { fingerprint: string; first_seen: number; last_seen: number; orgs: number }[];
}

/**
 * The target of the campaigns seen since `since` (unix seconds). Its width is the ledger's: every
 * campaign's fingerprint has the width of the Poplar1 task that found it.
 * @throws UsageError when the ledger mixes widths, or `bits` is given and differs from them
 */
export function campaignTarget(l: Ledger, since: number, bits?: number): CampaignTarget {
  const live = liveCampaigns(l, since);
  const widths = new Set(live.map((c) => c.bits.length));
  if (widths.size > 1 || (bits !== undefined && live.length > 0 && !widths.has(bits)))
    throw new UsageError(
      `the ledger's campaigns are ${[...widths].join(', ')} bits wide${bits !== undefined ? `, not ${String(bits)}` : ''}`,
      'give the --bits of the Poplar1 task the campaigns were walked with, or none',
    );
  return {
    schema: CAMPAIGN_TARGET_SCHEMA,
    kind: 'campaigns',
    bits: [...widths][0] ?? bits ?? FINGERPRINT_BITS,
    campaigns: live.map((c) => ({
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
