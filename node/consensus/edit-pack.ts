// Consensus v1 applied to a pack document (docs/architecture.md "Aggregate and decide"): promote a canary rule
// into the stable ring's pack, demote a rule to shadow or disabled where it is, expire (remove) it.
// Pure: the caller publishes what comes out, after the pack's own tests pass.
import { canonicalJson, type PolicyDoc, type PolicyTest, type RuleDoc } from '../../guard/index.js';
import { PackError, ruleContentHash } from '../../packs/index.js';
import { ConsensusError } from './errors.js';

/** The pack document as published (PACK_FORMAT): the fields consensus edits, the rest kept. */
export interface PackDoc {
  name: string;
  version: string;
  catalog: string[];
  policy: PolicyDoc;
  /** PACK_FORMAT 2: per rule, its content hash and its own examples. */
  rules?: Record<string, { sha256: string; tests: unknown }>;
  [k: string]: unknown;
}

export type DemoteTo = 'shadow' | 'disabled';

const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

function ruleIn(doc: PackDoc, id: string): RuleDoc | undefined {
  return doc.policy.rules.find((r) => r.id === id);
}

/** The tests that pin one rule's verdict; they go where the rule goes and leave when it leaves. */
function testsOf(doc: PackDoc, id: string): PolicyTest[] {
  return (doc.policy.tests ?? []).filter((t) => t.rule === id);
}

function withoutTestsOf(doc: PackDoc, id: string): PolicyTest[] {
  return (doc.policy.tests ?? []).filter((t) => t.rule !== id);
}

/** The canary rule (and its tests) into the stable pack; undefined when stable already has it. */
export function promoteInto(stable: PackDoc, canary: PackDoc, id: string): PackDoc | undefined {
  const rule = ruleIn(canary, id);
  if (rule === undefined)
    throw new ConsensusError(
      'consensus_stale',
      `${canary.name}@canary has no rule ${id} to promote`,
    );
  const have = ruleIn(stable, id);
  if (have !== undefined && same(have, rule)) return undefined;
  const rules =
    have === undefined
      ? [...stable.policy.rules, rule]
      : stable.policy.rules.map((r) => (r.id === id ? rule : r));
  const tests = [...withoutTestsOf(stable, id), ...testsOf(canary, id)];
  const entry = canary.rules?.[id];
  return {
    ...stable,
    catalog: stable.catalog.includes(id) ? stable.catalog : [...stable.catalog, id],
    ...(stable.rules === undefined || entry === undefined
      ? {}
      : { rules: { ...stable.rules, [id]: entry } }),
    policy: { ...stable.policy, rules, tests },
  };
}

/**
 * The rule keeps its place in the catalog (report vectors stay aligned) with a new status; the
 * tests that pinned its verdict go, since a rule that no longer acts cannot meet them.
 */
export function demoteIn(doc: PackDoc, id: string, to: DemoteTo): PackDoc | undefined {
  const rule = ruleIn(doc, id);
  if (rule === undefined)
    throw new ConsensusError('consensus_stale', `${doc.name} has no rule ${id} to demote`);
  if (rule.status === to) return undefined;
  const demoted: RuleDoc = { ...rule, status: to };
  const entry = doc.rules?.[id];
  return {
    ...doc,
    // The content hash follows the rule: nodes compare it to tell community rules from local edits.
    ...(doc.rules === undefined || entry === undefined
      ? {}
      : { rules: { ...doc.rules, [id]: { ...entry, sha256: ruleContentHash(demoted) } } }),
    policy: {
      ...doc.policy,
      rules: doc.policy.rules.map((r) => (r.id === id ? demoted : r)),
      tests: withoutTestsOf(doc, id),
    },
  };
}

/** The rule, its catalog entry and its tests removed; undefined when it is already gone. */
export function expireIn(doc: PackDoc, id: string): PackDoc | undefined {
  if (ruleIn(doc, id) === undefined) return undefined;
  const rules =
    doc.rules === undefined
      ? undefined
      : Object.fromEntries(Object.entries(doc.rules).filter(([k]) => k !== id));
  return {
    ...doc,
    catalog: doc.catalog.filter((c) => c !== id),
    ...(rules === undefined ? {} : { rules }),
    policy: {
      ...doc.policy,
      rules: doc.policy.rules.filter((r) => r.id !== id),
      tests: withoutTestsOf(doc, id),
    },
  };
}

/** The next patch version: 1.4.2 -> 1.4.3, 1.4.2-rc.1 -> 1.4.3. */
export function bumpVersion(version: string): string {
  const m = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})(?:-.*)?$/.exec(version);
  if (m === null) throw new PackError('pack_invalid', `version ${version} is not semver`);
  return `${m[1] ?? '0'}.${m[2] ?? '0'}.${String(Number(m[3]) + 1)}`;
}

/** A stable pack that does not exist yet starts as the canary pack with no rules and no tests. */
export function emptyLike(canary: PackDoc): PackDoc {
  return {
    ...canary,
    catalog: [],
    ...(canary.rules === undefined ? {} : { rules: {} }),
    policy: { ...canary.policy, rules: [], tests: [] },
  };
}
