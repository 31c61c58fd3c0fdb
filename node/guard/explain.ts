// docs/operator.md "Why did a rule do that": each rule's effective verdict on this node and why (ring
// ceiling, grant, shadow window and until when, local edit), from the enforcement the guard itself
// runs (node/enforce/load-packs.ts over packs/enforcement), never re-derived; and one event's decision
// with the standing of every rule that matched it.
import type { Evaluation, Verdict } from '../../guard/index.js';
import type { RuleEnforcement } from '../../packs/index.js';
import { loadPack, LOCAL_SUFFIX } from '../../packs/index.js';
import { loadCommunityPack } from '../enforce/load-packs.js';
import { isSubscriptionSpec } from '../subscription/index.js';
import type { NodeConfig } from '../state/config.js';

/** One rule of one pack as this node enforces it. */
export interface RuleExplanation extends RuleEnforcement {
  pack: string;
}

/**
 * The standing of every rule in `specs`: community packs (`mesh:<pack>@<ring>`) through the node's
 * enforcement; builtin and file packs are the operator's own and run as written.
 *
 * @throws PackError when a pack does not load; ConfigError on a broken local edits file
 * @example explainPacks(stateRoot, () => state.config, ['mesh:coding-agent@canary'])
 */
export function explainPacks(
  stateRoot: string,
  config: () => NodeConfig,
  specs: readonly string[],
  now = Date.now(),
): RuleExplanation[] {
  return specs.flatMap((spec) => {
    if (isSubscriptionSpec(spec))
      return (loadCommunityPack(stateRoot, config(), spec, undefined, now).standings ?? []).map(
        (s) => ({ pack: spec, ...s }),
      );
    return loadPack(spec).policy.rules.map((r) => ({
      pack: spec,
      id: r.id,
      community: false,
      published: r.verdict,
      effective: r.verdict,
      shadow: r.status === 'shadow',
      why: ["the operator's own pack: enforced as written"],
    }));
  });
}

/** One event's decision and, for each rule that matched it, its standing here. */
export interface EventExplanation {
  decision: Evaluation['decision'];
  hits: {
    rule: string;
    verdict: Verdict;
    status: 'active' | 'shadow';
    reason: string;
    standing?: RuleExplanation;
  }[];
}

/** Joins an evaluation's hits to the packs' standings (a local edit's hit runs as `<id>.local`). */
export function explainEvaluation(
  ev: Evaluation,
  standings: readonly RuleExplanation[],
): EventExplanation {
  const byId = new Map(standings.map((s) => [s.id, s]));
  return {
    decision: ev.decision,
    hits: ev.hits.map((h) => {
      const id = h.rule.endsWith(LOCAL_SUFFIX) ? h.rule.slice(0, -LOCAL_SUFFIX.length) : h.rule;
      const standing = byId.get(id);
      return {
        rule: h.rule,
        verdict: h.verdict,
        status: h.status,
        reason: h.reason,
        ...(standing === undefined ? {} : { standing }),
      };
    }),
  };
}
