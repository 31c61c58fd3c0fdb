// A policy (rule file, POLICY_FORMAT): its rules compiled one by one, bad ones quarantined whole.
import { GuardError, RuleError } from '../errors.js';
import { POLICY_FORMAT } from '../version.js';
import { isVerdict } from '../verdict.js';
import type { DetectorRegistry } from '../detectors/registry.js';
import { builtinDetectors } from '../detectors/builtin.js';
import { parseFieldPath, type FieldPath } from './field.js';
import { toolMatcher, type ToolMatcher } from './tool-match.js';
import { DEFAULT_RULE_LIMITS, type RuleLimits } from './limits.js';
import { compileRule, ruleIdOf, type CompiledRule } from './rule.js';
import { ruleIndex } from './rule-index.js';
import type { PolicyTest } from './types.js';

export interface ShellField {
  tools: ToolMatcher;
  parts: FieldPath;
  text: string;
}

export interface QuarantinedRule {
  index: number;
  id: string | null;
  code: string;
  message: string;
}

export interface Policy {
  name: string;
  /**
   * A subscribed community pack (docs/packs.md "Trust boundary"): its rules may block, escalate,
   * modify or stay silent, never grant; an allow from it is no opinion at every front door.
   */
  community: boolean;
  rules: CompiledRule[];
  quarantined: QuarantinedRule[];
  shell: ShellField[];
  tests: PolicyTest[];
}

export interface CompilePolicyOptions {
  name?: string;
  /** True for a subscribed community pack; local policy (builtin:, files, local edits) is false. */
  community?: boolean;
  /** Defaults to the built-in detectors. */
  detectors?: DetectorRegistry;
  limits?: RuleLimits;
}

function bad(message: string, path?: string): never {
  throw new GuardError('policy_invalid', message, path);
}

function shellFields(v: unknown): ShellField[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > 64)
    bad('must be a list of at most 64 {tools, field} entries', 'shell');
  return v.map((e: unknown, i) => {
    const at = `shell[${i}]`;
    if (typeof e !== 'object' || e === null) bad('must be an object', at);
    const { tools, field } = e as Record<string, unknown>;
    if (
      !Array.isArray(tools) ||
      tools.length === 0 ||
      !tools.every((t) => typeof t === 'string' && t.length > 0 && t.length <= 256)
    )
      bad('must be a non-empty list of tool-name globs', `${at}.tools`);
    const parts = typeof field === 'string' ? parseFieldPath(field) : null;
    if (parts === null || typeof field !== 'string') bad('must be a field path', `${at}.field`);
    return { tools: toolMatcher(tools as string[]), parts, text: field };
  });
}

function policyTests(v: unknown, limits: RuleLimits): PolicyTest[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > limits.maxTests)
    bad(`must be a list of at most ${limits.maxTests} tests`, 'tests');
  return v.map((t: unknown, i) => {
    const at = `tests[${i}]`;
    if (typeof t !== 'object' || t === null) bad('must be an object', at);
    const r = t as Record<string, unknown>;
    if (!isVerdict(r.expect)) bad('must be allow, block, modify or escalate', `${at}.expect`);
    if (r.rule !== undefined && r.rule !== null && typeof r.rule !== 'string')
      bad('must be a rule id or null', `${at}.rule`);
    return t as PolicyTest;
  });
}

/**
 * Compiles a policy document. This value is attacker-controlled when it came in a pack. A rule
 * that does not validate is quarantined (listed in `quarantined` with its code), never half-loaded;
 * only a document that is wrong as a whole throws.
 *
 * @throws {GuardError} policy_invalid, policy_format_newer
 * @example
 * const policy = compilePolicy({
 *   format: 1,
 *   rules: [
 *     {
 *       id: 'no-rm-rf',
 *       verdict: 'block',
 *       when: { field: 'args.command', prefix: 'rm -rf' },
 *       reason: 'recursive delete',
 *     },
 *   ],
 * });
 * policy.quarantined; // []
 */
export function compilePolicy(doc: unknown, opts: CompilePolicyOptions = {}): Policy {
  const limits = opts.limits ?? DEFAULT_RULE_LIMITS;
  const detectors = opts.detectors ?? builtinDetectors();
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    bad('a policy must be a JSON object');
  const d = doc as Record<string, unknown>;
  if (typeof d.format !== 'number' || !Number.isSafeInteger(d.format) || d.format < 1)
    bad('must be a positive integer', 'format');
  if (d.format > POLICY_FORMAT)
    throw new GuardError(
      'policy_format_newer',
      `policy format ${d.format} is newer than this guard understands (${POLICY_FORMAT}); upgrade interlock-mesh`,
      'format',
    );
  for (const k of Object.keys(d))
    if (!['format', 'shell', 'rules', 'tests'].includes(k))
      bad('unknown key (format, shell, rules, tests)', k);
  if (!Array.isArray(d.rules) || d.rules.length > limits.maxRules)
    bad(`must be a list of at most ${limits.maxRules} rules`, 'rules');
  const rules: CompiledRule[] = [];
  const quarantined: QuarantinedRule[] = [];
  const seen = new Set<string>();
  const budget = { nodes: 0, max: limits.maxPolicyConditionNodes };
  d.rules.forEach((r: unknown, index) => {
    try {
      const id = ruleIdOf(r);
      if (id !== null && seen.has(id))
        throw new RuleError(id, `duplicate rule id "${id}"`, `rules[${index}].id`);
      const compiled = compileRule(r, `rules[${index}]`, limits, detectors, budget);
      seen.add(compiled.id);
      if (compiled.status !== 'disabled') rules.push(compiled);
    } catch (e) {
      if (!(e instanceof GuardError)) throw e;
      quarantined.push({
        index,
        id: (e instanceof RuleError ? e.ruleId : null) ?? ruleIdOf(r),
        code: e.code,
        message: e.message,
      });
    }
  });
  // the rule index is built with the policy, so no decision pays for reading every rule
  ruleIndex(rules);
  return {
    name: opts.name ?? 'policy',
    community: opts.community === true,
    rules,
    quarantined,
    shell: shellFields(d.shell),
    tests: policyTests(d.tests, limits),
  };
}
