// One rule: validated as a whole and compiled, or rejected with the path of its first problem.
import { RuleError } from '../errors.js';
import { isVerdict, type Verdict } from '../verdict.js';
import {
  compileCondition,
  probeOf,
  type CompileState,
  type CompiledCondition,
} from './condition.js';
import { parseFieldPath, type FieldPath } from './field.js';
import { toolMatcher, type ToolMatcher } from './tool-match.js';
import type { Json, RuleStatus } from './types.js';
import type { DetectorRegistry } from '../detectors/registry.js';
import type { RuleLimits } from './limits.js';
import { conditionNeeds, type Needs } from './needs.js';

export interface CompiledRule {
  id: string;
  description: string;
  status: RuleStatus;
  verdict: Verdict;
  phase: 'call' | 'result' | null;
  tools: ToolMatcher | null;
  when: CompiledCondition;
  reason: string;
  set: readonly [FieldPath, Json][];
  /** What the condition cannot match without, for the rule index; null when nothing is known. */
  needs?: Needs | null;
}

const RULE_KEYS = new Set([
  'id',
  'description',
  'status',
  'verdict',
  'phase',
  'tools',
  'when',
  'reason',
  'set',
]);
export const RULE_ID = /^[a-z0-9][a-z0-9._-]{0,127}$/;

export function ruleIdOf(doc: unknown): string | null {
  if (typeof doc !== 'object' || doc === null) return null;
  const id = (doc as Record<string, unknown>).id;
  return typeof id === 'string' && RULE_ID.test(id) ? id : null;
}

/** The `set` of a rule that sets nothing, shared: one array fewer per rule to allocate and keep. */
const NO_SET: readonly [FieldPath, Json][] = Object.freeze([]);

function refuse(id: string | null, at: string, message: string): never {
  throw new RuleError(id, message, at);
}

/** This value is attacker-controlled when the pack came from elsewhere: validate everything. */
export function compileRule(
  doc: unknown,
  path: string,
  limits: RuleLimits,
  detectors: DetectorRegistry,
  budget: { nodes: number; max: number } = { nodes: 0, max: limits.maxPolicyConditionNodes },
): CompiledRule {
  const id = ruleIdOf(doc);
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return refuse(id, path, 'a rule must be an object');
  const r = doc as Record<string, unknown>;
  for (const k of Object.keys(r))
    if (!RULE_KEYS.has(k))
      refuse(id, `${path}.${k}`, `unknown key (allowed: ${[...RULE_KEYS].join(', ')})`);
  if (id === null) return refuse(id, `${path}.id`, 'must match [a-z0-9][a-z0-9._-]{0,127}');
  if (!isVerdict(r.verdict))
    return refuse(id, `${path}.verdict`, 'must be allow, block, modify or escalate');
  const status = r.status ?? 'active';
  if (status !== 'active' && status !== 'shadow' && status !== 'disabled')
    return refuse(id, `${path}.status`, 'must be active, shadow or disabled');
  const phase = r.phase ?? null;
  if (phase !== null && phase !== 'call' && phase !== 'result')
    return refuse(id, `${path}.phase`, 'must be "call" or "result"');
  if (typeof r.reason !== 'string' || r.reason.length === 0 || r.reason.length > 1024)
    return refuse(id, `${path}.reason`, 'must be a non-empty string of at most 1024 characters');
  const description = r.description ?? '';
  if (typeof description !== 'string' || description.length > 4096)
    return refuse(id, `${path}.description`, 'must be a string of at most 4096 characters');
  let tools: ToolMatcher | null = null;
  if (r.tools !== undefined) {
    if (
      !Array.isArray(r.tools) ||
      r.tools.length === 0 ||
      r.tools.length > 256 ||
      !r.tools.every((t) => typeof t === 'string' && t.length > 0 && t.length <= 256)
    )
      return refuse(id, `${path}.tools`, 'must be a non-empty list of tool-name globs');
    tools = toolMatcher(r.tools as string[]);
  }
  const st: CompileState = { ruleId: id, nodes: 0, limits, detectors, rewrites: false };
  const when = compileCondition(st, r.when, `${path}.when`);
  if (budget.nodes + st.nodes > budget.max)
    refuse(id, `${path}.when`, `the policy would hold more than ${budget.max} conditions`);
  budget.nodes += st.nodes;
  const set: [FieldPath, Json][] = [];
  if (r.set !== undefined) {
    if (r.verdict !== 'modify') refuse(id, `${path}.set`, 'only a modify rule may set fields');
    if (typeof r.set !== 'object' || r.set === null || Array.isArray(r.set))
      return refuse(id, `${path}.set`, 'must be an object of field paths to values');
    for (const [k, v] of Object.entries(r.set as Record<string, Json>)) {
      const fp = parseFieldPath(k);
      if (fp === null || (fp[0] !== 'args' && fp[0] !== 'result'))
        refuse(id, `${path}.set.${k}`, 'only args.* and result.* may be set');
      else if (JSON.stringify(v).length > limits.maxStringLength)
        refuse(id, `${path}.set.${k}`, 'value too large');
      else set.push([fp, v]);
    }
  }
  if (r.verdict === 'modify' && set.length === 0 && !st.rewrites)
    refuse(
      id,
      path,
      'a modify rule needs "set" or a rewriting detector (e.g. prompt_injection with mode "sanitize")',
    );
  const probe = probeOf(when);
  return {
    id,
    description,
    status,
    verdict: r.verdict,
    phase,
    tools,
    when,
    reason: r.reason,
    set: set.length === 0 ? NO_SET : set,
    // a bare detector condition: the detector must find something (its probe); else from the document
    needs:
      probe === undefined
        ? conditionNeeds(r.when)
        : { kind: 'detector', field: probe.key, parts: [], probe },
  };
}
