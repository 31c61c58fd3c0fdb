// docs/campaigns.md "Similarity guard": the live campaigns as a pack — one rule, `campaign.live`,
// whose `campaign` detector lists every live fingerprint and escalates a call of any of their
// shapes — published and subscribed like any pack (TUF, the log). Its per-rule tests are made up
// from the canonical forms of campaigns that nodes volunteered; the pack carries no form.
import {
  CAMPAIGN_DETECTOR,
  fingerprintOf,
  realizeForm,
  type CanonicalForm,
  type ShellParser,
} from '../../guard/index.js';
import { MIN_RULE_EXAMPLES, ruleContentHash, type RuleTests } from '../../packs/index.js';
import { UsageError } from '../errors.js';
import { nearMisses } from '../forge/near-misses.js';
import type { CampaignTarget } from './campaign-target.js';

export const CAMPAIGN_PACK = 'campaigns';
export const CAMPAIGN_RULE = 'campaign.live';

/**
 * @throws {UsageError} no live campaign, or no volunteered form of one to make examples from
 * @example
 * const doc = campaignPack(campaignTarget(ledger, since), readForms('forms.json'), parser, '1.0.7');
 */
export function campaignPack(
  t: CampaignTarget,
  forms: readonly CanonicalForm[],
  parser: ShellParser,
  version: string,
): Record<string, unknown> {
  const fps = new Set(t.campaigns.map((c) => c.fingerprint));
  if (fps.size === 0)
    throw new UsageError('no live campaign to guard against', 'see mesh campaigns list');
  const known = forms.filter((f) => fps.has(fingerprintOf(f, t.bits).bits));
  const match = known.flatMap((f) => realizeForm(parser, f, MIN_RULE_EXAMPLES));
  const first = known[0];
  const noMatch =
    first === undefined ? [] : nearMisses(parser, first, t.bits, fps, MIN_RULE_EXAMPLES);
  if (match.length < MIN_RULE_EXAMPLES || noMatch.length < MIN_RULE_EXAMPLES)
    throw new UsageError(
      `cannot make up the pack's examples from the ${forms.length} form(s) given`,
      'give --forms with the canonical form of at least one live campaign (mesh campaigns explain --json)',
    );
  const rule = {
    id: CAMPAIGN_RULE,
    description: `calls of the shape of any of ${fps.size} live campaign(s)`,
    verdict: 'escalate',
    phase: 'call',
    when: { detector: CAMPAIGN_DETECTOR, params: { bits: t.bits, fingerprints: [...fps].sort() } },
    reason: 'the call has the shape of a live campaign seen across organisations',
  };
  const tests: RuleTests = {
    match: match
      .slice(0, MIN_RULE_EXAMPLES * 4)
      .map((event, i) => ({ name: `campaign ${i}`, steps: [event] })),
    no_match: noMatch.map((event, i) => ({ name: `near miss ${i}`, steps: [event] })),
  };
  return {
    pack_format: 2,
    name: CAMPAIGN_PACK,
    version,
    licence: 'Apache-2.0',
    description:
      'Escalates calls with the shape of a campaign the mesh found (Poplar1 heavy hitters).',
    catalog: [CAMPAIGN_RULE],
    rules: { [CAMPAIGN_RULE]: { sha256: ruleContentHash(rule), tests } },
    policy: { format: 1, rules: [rule] },
  };
}
