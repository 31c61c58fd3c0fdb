// PACK_FORMAT 2 "rules": per rule, its content hash and its own tests — examples the rule must fire
// on ("match") and near-misses it must not fire on ("no_match"), at least MIN_RULE_EXAMPLES each.
import { canonicalJson, DEFAULT_EVENT_LIMITS, GuardError, parseEvent } from '../guard/index.js';
import { PackError } from './errors.js';
import { ruleContentHash } from './rule-hash.js';

export const MIN_RULE_EXAMPLES = 5;
export const MAX_RULE_EXAMPLES = 64;
export const MAX_EXAMPLE_STEPS = 64;
const MAX_NAME = 200;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** One example: a single event, or a sequence in one session of which the last event is judged. */
export interface RuleExample {
  name?: string;
  steps: unknown[];
}

export interface RuleTests {
  match: RuleExample[];
  no_match: RuleExample[];
}

export interface RuleEntry {
  sha256: string;
  /** null for a format-1 pack, which predates per-rule tests. */
  tests: RuleTests | null;
}

export type ExampleKind = keyof RuleTests;
export const EXAMPLE_KINDS: readonly ExampleKind[] = ['match', 'no_match'];

function invalid(origin: string, rule: string, message: string): never {
  throw new PackError('rule_tests_invalid', `${origin}: rule ${rule}: ${message}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

// this value is attacker-controlled for a downloaded pack: every example is bounded and parsed.
function parseExample(origin: string, rule: string, at: string, v: unknown): RuleExample {
  if (!isObject(v)) invalid(origin, rule, `${at} must be {"event": ...} or {"steps": [...]}`);
  for (const k of Object.keys(v))
    if (!['name', 'event', 'steps'].includes(k))
      invalid(origin, rule, `${at}: unknown key "${k}" (name, event, steps)`);
  if (v.name !== undefined && (typeof v.name !== 'string' || v.name.length > MAX_NAME))
    invalid(origin, rule, `${at}.name must be a string of at most ${MAX_NAME} characters`);
  if ((v.event === undefined) === (v.steps === undefined))
    invalid(origin, rule, `${at} needs exactly one of "event" or "steps"`);
  const steps = v.steps ?? [v.event];
  if (!Array.isArray(steps) || steps.length === 0 || steps.length > MAX_EXAMPLE_STEPS)
    invalid(origin, rule, `${at}.steps must hold 1 to ${MAX_EXAMPLE_STEPS} events`);
  steps.forEach((e: unknown, i) => {
    try {
      parseEvent(e, DEFAULT_EVENT_LIMITS);
    } catch (err) {
      if (!(err instanceof GuardError)) throw err;
      const where = v.steps === undefined ? `${at}.event` : `${at}.steps[${i}]`;
      invalid(origin, rule, `${where} is not a guard event: ${err.message}`);
    }
  });
  return { ...(typeof v.name === 'string' ? { name: v.name } : {}), steps };
}

function parseTests(origin: string, rule: string, v: unknown): RuleTests {
  if (!isObject(v)) invalid(origin, rule, 'tests must be {"match": [...], "no_match": [...]}');
  for (const k of Object.keys(v))
    if (k !== 'match' && k !== 'no_match')
      invalid(origin, rule, `tests: unknown key "${k}" (match, no_match)`);
  const seen = new Map<string, string>();
  const out = { match: [], no_match: [] } as RuleTests;
  for (const kind of EXAMPLE_KINDS) {
    const list = v[kind];
    if (!Array.isArray(list) || list.length < MIN_RULE_EXAMPLES || list.length > MAX_RULE_EXAMPLES)
      invalid(
        origin,
        rule,
        `tests.${kind} must hold ${MIN_RULE_EXAMPLES} to ${MAX_RULE_EXAMPLES} examples (has ${Array.isArray(list) ? list.length : 'none'})`,
      );
    list.forEach((x: unknown, i) => {
      const at = `tests.${kind}[${i}]`;
      const ex = parseExample(origin, rule, at, x);
      const key = canonicalJson(ex.steps);
      const first = seen.get(key);
      if (first !== undefined) invalid(origin, rule, `${at} duplicates ${first}`);
      seen.set(key, at);
      out[kind].push(ex);
    });
  }
  return out;
}

/**
 * Checks a format-2 "rules" section against the policy's rule documents: one entry per catalog id,
 * each with the rule's content hash and its tests.
 */
export function parseRuleEntries(
  origin: string,
  v: unknown,
  catalog: readonly string[],
  ruleDocs: ReadonlyMap<string, unknown>,
): Record<string, RuleEntry> {
  if (!isObject(v))
    throw new PackError(
      'rule_tests_invalid',
      `${origin}: "rules" must map each rule id to an entry`,
    );
  for (const id of Object.keys(v))
    if (!catalog.includes(id)) invalid(origin, id, 'has tests but is not in the catalog');
  const out: Record<string, RuleEntry> = {};
  for (const id of catalog) {
    const e = v[id];
    if (e === undefined) invalid(origin, id, 'has no entry in "rules" (its sha256 and tests)');
    if (!isObject(e)) invalid(origin, id, 'its entry must be {"sha256", "tests"}');
    for (const k of Object.keys(e))
      if (k !== 'sha256' && k !== 'tests')
        invalid(origin, id, `unknown key "${k}" (sha256, tests)`);
    if (typeof e.sha256 !== 'string' || !SHA256_HEX.test(e.sha256))
      invalid(origin, id, 'sha256 must be 64 lowercase hex digits');
    const want = ruleContentHash(ruleDocs.get(id));
    if (e.sha256 !== want)
      throw new PackError(
        'rule_hash_mismatch',
        `${origin}: rule ${id}: sha256 ${e.sha256} does not match the rule's content (${want})`,
        'the rule changed since its hash was written: review it, then record the new hash',
      );
    out[id] = { sha256: e.sha256, tests: parseTests(origin, id, e.tests) };
  }
  return out;
}

/** A format-1 pack migrated: hashes computed from its rules, no per-rule tests. */
export function untestedEntries(
  catalog: readonly string[],
  ruleDocs: ReadonlyMap<string, unknown>,
): Record<string, RuleEntry> {
  return Object.fromEntries(
    catalog.map((id) => [id, { sha256: ruleContentHash(ruleDocs.get(id)), tests: null }]),
  );
}

/**
 * The entries of a built-in pack the build checked in full (CHECKED_BUILTINS): the same shape as
 * parseRuleEntries gives, without recomputing hashes or parsing examples (docs/guard.md "Hook
 * start-up"). Never for a pack read from a file, the registry or TUF.
 */
export function checkedEntries(
  catalog: readonly string[],
  v: Record<string, { sha256: string; tests: Record<ExampleKind, RawExample[]> }>,
): Record<string, RuleEntry> {
  const out: Record<string, RuleEntry> = {};
  for (const id of catalog) {
    const e = v[id];
    if (e === undefined) invalid('builtin', id, 'has no entry in "rules" (its sha256 and tests)');
    const steps = (x: RawExample): RuleExample => ({
      ...(x.name === undefined ? {} : { name: x.name }),
      steps: x.steps ?? [x.event],
    });
    out[id] = {
      sha256: e.sha256,
      tests: { match: e.tests.match.map(steps), no_match: e.tests.no_match.map(steps) },
    };
  }
  return out;
}

/** An example as a pack document writes it: one event or a sequence of steps. */
export interface RawExample {
  name?: string;
  event?: unknown;
  steps?: unknown[];
}
