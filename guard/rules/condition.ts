// Rule conditions: validated and compiled once at load into closures over the event (closed operator set).
import { RuleError } from '../errors.js';
import type { DetectorContext, Finding } from '../detectors/detector.js';
import type { DetectorRegistry } from '../detectors/registry.js';
import { INTENTS, type Intent } from '../shell/intents.js';
import { getField, findString, parseFieldPath, type FieldPath } from './field.js';
import { deferredGlob } from './glob.js';
import { compileCommand } from './command-condition.js';
import { boundedTest, regexTest } from './regex-test.js';
import type { RuleLimits } from './limits.js';

export interface Match {
  /** The event path that made the condition true, or null (e.g. under `not`). */
  path: string | null;
  detectors: string[];
  findings: Finding[];
}

export interface EvalContext extends DetectorContext {
  cache: Map<string, Finding[]>;
}

export type CompiledCondition = (ctx: EvalContext) => Match | null;

/**
 * What a bare detector condition cannot match without: its detector finding something in its
 * fields. `found` reads through the same per-decision cache as the condition, so probing first
 * and evaluating after scans once; `key` is shared by every condition with the same detector,
 * parameters and fields (docs/guard.md "Rule index").
 */
export interface DetectorProbe {
  key: string;
  found(ctx: EvalContext): boolean;
}

/** A compiled detector condition, with its probe for the rule index. */
export interface ProbedCondition extends CompiledCondition {
  probe: DetectorProbe;
}

/** The probe of a bare detector condition; undefined for any other condition. */
export function probeOf(c: CompiledCondition): DetectorProbe | undefined {
  return (c as Partial<ProbedCondition>).probe;
}

export interface CompileState {
  ruleId: string | null;
  nodes: number;
  limits: RuleLimits;
  detectors: DetectorRegistry;
  /** Set when some detector under the condition rewrites (a MODIFY rule needs one, or `set`). */
  rewrites: boolean;
}

const FIELD_OPS = [
  'equals',
  'in',
  'glob',
  'prefix',
  'contains',
  'regex',
  'gt',
  'gte',
  'lt',
  'lte',
  'exists',
] as const;
type FieldOp = (typeof FIELD_OPS)[number];
const NO_MATCH = null;

type Primitive = string | number | boolean | null;

function isPrimitive(v: unknown): v is Primitive {
  return (
    v === null ||
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    (typeof v === 'number' && Number.isFinite(v))
  );
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function err(st: CompileState, path: string, message: string): never {
  throw new RuleError(st.ruleId, message, path);
}

function str(st: CompileState, v: unknown, path: string, max = st.limits.maxStringLength): string {
  if (typeof v !== 'string' || v.length === 0 || v.length > max)
    err(st, path, `must be a non-empty string of at most ${max} characters`);
  return v;
}

function strList(st: CompileState, v: unknown, path: string): string[] {
  const list = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(list) || list.length === 0 || list.length > st.limits.maxListItems)
    err(
      st,
      path,
      `must be a string or a non-empty list of at most ${st.limits.maxListItems} strings`,
    );
  return list.map((x, i) => str(st, x, `${path}[${i}]`));
}

function fieldPath(st: CompileState, v: unknown, path: string): { parts: FieldPath; text: string } {
  const text = str(st, v, path, 512);
  const parts = parseFieldPath(text);
  if (parts === null)
    err(
      st,
      path,
      `"${text}" is not a field path (phase, tool, args[.key...], result[.key...], session, principal, origins)`,
    );
  return { parts, text };
}

function leafMatch(value: unknown, base: string, test: (s: string) => boolean): Match | null {
  const at = findString(value, base, test);
  return at === null ? NO_MATCH : { path: at, detectors: [], findings: [] };
}

/** `err` at `at`, as a regex test's load-time refusal. */
function refuser(st: CompileState, at: string): (message: string) => never {
  return (message) => err(st, at, message);
}

/** What a condition of a fixed value matches with: the same Match every time. */
function fixedHit(text: string): Match {
  return { path: text, detectors: [], findings: [] };
}

function globTests(st: CompileState, arg: unknown, at: string): ((s: string) => boolean)[] {
  return strList(st, arg, at).map((g, i) => {
    try {
      const re = deferredGlob(g, st.limits);
      let test: ((s: string) => boolean) | undefined;
      return (s: string) => (test ??= boundedTest(re(), st.limits))(s);
    } catch (e) {
      if (e instanceof RuleError) err(st, `${at}[${i}]`, e.message);
      throw e;
    }
  });
}

function comparison(op: 'gt' | 'gte' | 'lt' | 'lte', arg: number): (a: number) => boolean {
  switch (op) {
    case 'gt':
      return (a) => a > arg;
    case 'gte':
      return (a) => a >= arg;
    case 'lt':
      return (a) => a < arg;
    default:
      return (a) => a <= arg;
  }
}

function compileField(
  st: CompileState,
  doc: Record<string, unknown>,
  path: string,
): CompiledCondition {
  const ops = Object.keys(doc).filter((k) => k !== 'field' && k !== 'case_insensitive');
  const op = ops[0] as FieldOp | undefined;
  if (ops.length !== 1 || op === undefined || !(FIELD_OPS as readonly string[]).includes(op))
    err(
      st,
      path,
      `a field condition needs exactly one operator of ${FIELD_OPS.join(', ')}; got ${ops.join(', ') || 'none'}`,
    );
  if ('case_insensitive' in doc && (op !== 'regex' || typeof doc.case_insensitive !== 'boolean'))
    err(st, `${path}.case_insensitive`, 'only a boolean beside "regex"');
  const { parts, text } = fieldPath(st, doc.field, `${path}.field`);
  const arg = doc[op];
  const at = `${path}.${op}`;
  // No named helper closures here: each would be one more function per rule (5,000 rules load),
  // and nothing here may capture `st` or `at`, or every compiled condition would keep them.
  switch (op) {
    case 'equals': {
      if (!isPrimitive(arg)) err(st, at, 'must be a string, number, boolean or null');
      const hit = fixedHit(text);
      return (ctx) => (getField(ctx.event, parts) === arg ? hit : NO_MATCH);
    }
    case 'in': {
      if (
        !Array.isArray(arg) ||
        arg.length === 0 ||
        arg.length > st.limits.maxListItems ||
        !arg.every(isPrimitive)
      )
        err(
          st,
          at,
          `must be a non-empty list of at most ${st.limits.maxListItems} strings, numbers, booleans or nulls`,
        );
      const set = new Set<unknown>(arg);
      const hit = fixedHit(text);
      return (ctx) => (set.has(getField(ctx.event, parts)) ? hit : NO_MATCH);
    }
    case 'glob': {
      const tests = globTests(st, arg, at);
      return (ctx) => leafMatch(getField(ctx.event, parts), text, (s) => tests.some((t) => t(s)));
    }
    case 'prefix': {
      const ps = strList(st, arg, at);
      return (ctx) =>
        leafMatch(getField(ctx.event, parts), text, (s) => ps.some((p) => s.startsWith(p)));
    }
    case 'contains': {
      const cs = strList(st, arg, at);
      return (ctx) =>
        leafMatch(getField(ctx.event, parts), text, (s) => cs.some((c) => s.includes(c)));
    }
    case 'regex': {
      const test = regexTest(str(st, arg, at, st.limits.maxRegexLength), {
        insensitive: doc.case_insensitive === true,
        limits: st.limits,
        fail: refuser(st, at),
      });
      return (ctx) => leafMatch(getField(ctx.event, parts), text, test);
    }
    case 'exists': {
      if (typeof arg !== 'boolean') err(st, at, 'must be a boolean');
      const hit = fixedHit(text);
      return (ctx) => ((getField(ctx.event, parts) !== undefined) === arg ? hit : NO_MATCH);
    }
    default: {
      if (typeof arg !== 'number' || !Number.isFinite(arg)) err(st, at, 'must be a finite number');
      const f = comparison(op, arg);
      const hit = fixedHit(text);
      return (ctx) => {
        const v = getField(ctx.event, parts);
        return typeof v === 'number' && f(v) ? hit : NO_MATCH;
      };
    }
  }
}

function compileShell(st: CompileState, doc: unknown, path: string): CompiledCondition {
  if (!isObject(doc)) err(st, path, 'must be an object with "intent" and/or "program"');
  for (const k of Object.keys(doc))
    if (!['field', 'intent', 'program'].includes(k))
      err(st, `${path}.${k}`, 'unknown key (field, intent, program)');
  const { parts, text } = fieldPath(st, doc.field ?? 'args.command', `${path}.field`);
  const intents = doc.intent === undefined ? [] : strList(st, doc.intent, `${path}.intent`);
  for (const [n, i] of intents.entries())
    if (!(INTENTS as readonly string[]).includes(i))
      err(st, `${path}.intent[${n}]`, `unknown intent "${i}" (known: ${INTENTS.join(', ')})`);
  const programs = new Set(
    doc.program === undefined ? [] : strList(st, doc.program, `${path}.program`),
  );
  if (intents.length === 0 && programs.size === 0) err(st, path, 'needs "intent" or "program"');
  const want = new Set(intents as Intent[]);
  return (ctx) => {
    const v = getField(ctx.event, parts);
    if (typeof v !== 'string') return NO_MATCH;
    const view = ctx.shell(v);
    // a program-only condition never has the command classified
    const ih = want.size === 0 ? undefined : view.intents.find((h) => want.has(h.intent));
    if (ih !== undefined)
      return {
        path: text,
        detectors: [`shell:${ih.intent}`],
        findings: [{ path: text, reason: ih.detail }],
      };
    const cmd = view.analysis.commands.find((c) => programs.has(c.name));
    if (cmd !== undefined)
      return { path: text, detectors: [], findings: [{ path: text, reason: `runs ${cmd.name}` }] };
    return NO_MATCH;
  };
}

function compileDetector(
  st: CompileState,
  doc: Record<string, unknown>,
  path: string,
): ProbedCondition {
  for (const k of Object.keys(doc))
    if (!['detector', 'field', 'params'].includes(k))
      err(st, `${path}.${k}`, 'unknown key (detector, field, params)');
  const name = str(st, doc.detector, `${path}.detector`, 64);
  const det = st.detectors.get(name);
  if (det === undefined)
    err(
      st,
      `${path}.detector`,
      `unknown detector "${name}" (known: ${st.detectors.names().join(', ')})`,
    );
  if (doc.params !== undefined && !isObject(doc.params))
    err(st, `${path}.params`, 'must be an object');
  const params = det.parseParams(
    doc.params as Parameters<typeof det.parseParams>[0],
    `${path}.params`,
  );
  if (det.rewrites(params)) st.rewrites = true;
  const fields =
    doc.field === undefined
      ? null
      : strList(st, doc.field, `${path}.field`).map((f, i) =>
          fieldPath(st, f, `${path}.field[${i}]`),
        );
  const key = `${name}|${JSON.stringify(doc.params ?? {})}`;
  // The per-decision cache keys are built once here: rules repeat the same detector condition, and
  // a key concatenated per evaluation is a fresh string to flatten and hash every time.
  const keyed = (f: FieldPath, text: string) => ({ parts: f, text, ck: `${key}|${text}` });
  const fixed = fields?.map((f) => keyed(f.parts, f.text)) ?? null;
  const whole = { call: [keyed(['args'], 'args')], result: [keyed(['result'], 'result')] };
  const scan = (ctx: EvalContext, f: (typeof whole.call)[number]): Finding[] => {
    let found = ctx.cache.get(f.ck);
    if (found === undefined) {
      found = det.scan(getField(ctx.event, f.parts), f.text, ctx, params);
      ctx.cache.set(f.ck, found);
    }
    return found;
  };
  const cond: CompiledCondition = (ctx) => {
    const targets = fixed ?? whole[ctx.event.phase];
    let findings: Finding[] | null = null;
    for (const f of targets) {
      const found = scan(ctx, f);
      if (found.length > 0) (findings ??= []).push(...found);
    }
    const first = findings?.[0];
    return first === undefined || findings === null
      ? NO_MATCH
      : { path: first.path, detectors: [name], findings };
  };
  const probe: DetectorProbe = {
    key: `${key}|${fields === null ? '*' : fields.map((f) => f.text).join(',')}`,
    found: (ctx) => (fixed ?? whole[ctx.event.phase]).some((f) => scan(ctx, f).length > 0),
  };
  return Object.assign(cond, { probe });
}

function merge(ms: Match[]): Match {
  return {
    path: ms.find((m) => m.path !== null)?.path ?? null,
    detectors: ms.flatMap((m) => m.detectors),
    findings: ms.flatMap((m) => m.findings),
  };
}

/** The conditions of an `all` or `any`. */
function conditionList(
  st: CompileState,
  doc: Record<string, unknown>,
  key: 'all' | 'any',
  path: string,
  depth: number,
): CompiledCondition[] {
  const v = doc[key];
  if (Object.keys(doc).length !== 1) err(st, path, `"${key}" stands alone in its object`);
  if (!Array.isArray(v) || v.length === 0 || v.length > st.limits.maxListItems)
    err(st, `${path}.${key}`, 'must be a non-empty list of conditions');
  return v.map((c, i) => compileCondition(st, c, `${path}.${key}[${i}]`, depth + 1));
}

export function compileCondition(
  st: CompileState,
  doc: unknown,
  path: string,
  depth = 0,
): CompiledCondition {
  if (depth > st.limits.maxConditionDepth)
    err(st, path, `conditions nested deeper than ${st.limits.maxConditionDepth}`);
  if (++st.nodes > st.limits.maxConditionNodes)
    err(st, path, `more than ${st.limits.maxConditionNodes} conditions in one rule`);
  if (!isObject(doc)) err(st, path, 'a condition must be an object');
  if ('all' in doc) {
    const cs = conditionList(st, doc, 'all', path, depth);
    return (ctx) => {
      const ms: Match[] = [];
      for (const c of cs) {
        const m = c(ctx);
        if (m === null) return NO_MATCH;
        ms.push(m);
      }
      return merge(ms);
    };
  }
  if ('any' in doc) {
    const cs = conditionList(st, doc, 'any', path, depth);
    return (ctx) => {
      for (const c of cs) {
        const m = c(ctx);
        if (m !== null) return m;
      }
      return NO_MATCH;
    };
  }
  if ('not' in doc) {
    if (Object.keys(doc).length !== 1) err(st, path, '"not" stands alone in its object');
    const c = compileCondition(st, doc.not, `${path}.not`, depth + 1);
    return (ctx) => (c(ctx) === null ? { path: null, detectors: [], findings: [] } : NO_MATCH);
  }
  if ('shell' in doc) {
    if (Object.keys(doc).length !== 1) err(st, path, '"shell" stands alone in its object');
    return compileShell(st, doc.shell, `${path}.shell`);
  }
  if ('command' in doc) {
    if (Object.keys(doc).length !== 1) err(st, path, '"command" stands alone in its object');
    return compileCommand(st, doc.command, `${path}.command`);
  }
  if ('detector' in doc) return compileDetector(st, doc, path);
  // `{"flow": {...}}` is the front doors' `flow` detector (guard/flow/flow-condition.ts).
  if ('flow' in doc) {
    if (Object.keys(doc).length !== 1) err(st, path, '"flow" stands alone in its object');
    return compileDetector(st, { detector: 'flow', params: doc.flow }, path);
  }
  if ('field' in doc) return compileField(st, doc, path);
  err(st, path, 'unknown condition (field operators, shell, command, detector, all, any, not)');
}
