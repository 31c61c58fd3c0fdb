// Turns a published policy into the one this node enforces: each community rule is capped by its
// ring, held in shadow while new, limited to the operator's grants, and bypassed by the allowlist.
import { verdictRank, type PolicyDoc, type RuleDoc, type Verdict } from '../../guard/index.js';
import { RING_CEILING, type EnforcementContext, type RuleEnforcement } from './context.js';
import { grantMatches } from './glob.js';

function cap(verdict: Verdict, ceiling: Verdict): Verdict {
  return verdictRank(verdict) > verdictRank(ceiling) ? ceiling : verdict;
}

export interface Enforced {
  doc: PolicyDoc;
  standings: RuleEnforcement[];
}

/** Suffix of a locally edited rule's id: its receipts then never count as the community rule's. */
export const LOCAL_SUFFIX = '.local';

/**
 * `ruleHash(rule)` must hash a rule exactly as the publisher hashed it into the catalog; a rule
 * whose hash differs was edited locally: it keeps working as the operator wrote it, under the id
 * `<id>.local`, so it is never capped, reported or counted as the community rule.
 */
export function applyEnforcement(
  doc: PolicyDoc,
  ctx: EnforcementContext,
  ruleHash: (rule: RuleDoc) => string,
): Enforced {
  const standings: RuleEnforcement[] = [];
  const rules = doc.rules.map((rule): RuleDoc => {
    const community = ctx.catalogHashes[rule.id] === ruleHash(rule);
    const why: string[] = [];
    if (rule.status === 'disabled') {
      standings.push({
        id: rule.id,
        community,
        published: rule.verdict,
        effective: rule.verdict,
        shadow: false,
        why: ['disabled'],
      });
      return rule;
    }
    if (!community) {
      standings.push({
        id: rule.id,
        community,
        published: rule.verdict,
        effective: rule.verdict,
        shadow: rule.status === 'shadow',
        why: ['edited locally'],
      });
      return { ...rule, id: rule.id + LOCAL_SUFFIX };
    }
    let verdict = rule.verdict;
    let shadow = rule.status === 'shadow';
    // docs/packs.md "Trust boundary": a community rule never grants; its allow stays silent.
    if (verdict === 'allow' && !shadow) {
      shadow = true;
      why.push('community rules cannot allow: silent');
    }
    const capped = cap(verdict, RING_CEILING[ctx.ring]);
    if (capped !== verdict) why.push(`${ctx.ring} ring ceiling: ${verdict} -> ${capped}`);
    verdict = capped;
    if (verdict === 'block' && !ctx.operator.grants.some((g) => grantMatches(g, rule.id))) {
      if (ctx.operator.ungranted === 'shadow') {
        shadow = true;
        why.push('not granted to block here: shadow');
      } else {
        verdict = 'escalate';
        why.push('not granted to block here: escalate');
      }
    }
    const seen = ctx.firstSeen[rule.id] ?? ctx.now;
    if (!shadow && ctx.now - seen < ctx.operator.shadowWindowSeconds) {
      shadow = true;
      why.push(
        `new here: shadow until ${new Date((seen + ctx.operator.shadowWindowSeconds) * 1000).toISOString()}`,
      );
    }
    standings.push({
      id: rule.id,
      community,
      published: rule.verdict,
      effective: verdict,
      shadow,
      why,
    });
    const when =
      ctx.operator.allowlist.length === 0
        ? rule.when
        : { all: [rule.when, { not: { any: [...ctx.operator.allowlist] } }] };
    return { ...rule, verdict, when, ...(shadow ? { status: 'shadow' as const } : {}) };
  });
  // The pack's own tests pin its published verdicts; they ran at publish time and would fail
  // against capped or shadowed rules, so the enforced policy carries none.
  return { doc: { ...doc, rules, tests: [] }, standings };
}
