// The pack test runner (PACK_FORMAT 2): every rule against its own match / no_match examples, each
// in a fresh guard so no session state leaks between examples, plus the policy's own tests.
import { createGuard, type Evaluation, type Hit } from '../../guard/index.js';
import type { LoadedPack } from '../pack.js';
import { EXAMPLE_KINDS, type ExampleKind, type RuleExample } from '../rule-tests.js';
import {
  ruleFails,
  type ExampleResult,
  type PackTestReport,
  type RuleTestResult,
} from './report.js';

export interface PackTestOptions {
  /** Only these rule ids (default: the whole catalog). */
  rules?: readonly string[];
}

async function evaluateExample(pack: LoadedPack, ex: RuleExample): Promise<Evaluation> {
  const guard = createGuard({ policies: [pack.policy] });
  let last: Evaluation | undefined;
  for (const step of ex.steps) last = await guard.evaluate(step);
  return last as Evaluation;
}

function describeHits(hits: readonly Hit[]): string {
  return hits.length === 0 ? 'no rule fired' : `fired: ${hits.map((h) => h.rule).join(', ')}`;
}

function judge(
  id: string,
  verdict: string,
  kind: ExampleKind,
  index: number,
  ex: RuleExample,
  ev: Evaluation,
): ExampleResult {
  const own = ev.hits.find((h) => h.rule === id);
  const passed = kind === 'match' ? own?.verdict === verdict : own === undefined;
  const expected = kind === 'match' ? `${id} fires (${verdict})` : `${id} does not fire`;
  const decided = `decision ${ev.decision.verdict} by ${ev.decision.rule ?? 'no rule'}`;
  const got =
    own === undefined
      ? `${id} did not fire (${describeHits(ev.hits)}); ${decided}`
      : `${id} fired (${own.verdict}: ${own.reason}); ${decided}`;
  return {
    kind,
    index,
    name: ex.name ?? null,
    passed,
    expected,
    got,
    decision: { verdict: ev.decision.verdict, rule: ev.decision.rule },
  };
}

async function runRule(pack: LoadedPack, id: string): Promise<RuleTestResult> {
  const base = { id, passed: 0, failed: 0, examples: [] as ExampleResult[] };
  const tests = pack.meta.rules[id]?.tests ?? null;
  if (tests === null)
    return { ...base, status: 'untested', note: 'no match / no_match examples (pack_format 1)' };
  const q = pack.policy.quarantined.find((x) => x.id === id);
  if (q !== undefined)
    return { ...base, status: 'quarantined', note: `rule did not compile: ${q.message}` };
  const rule = pack.policy.rules.find((r) => r.id === id);
  if (rule === undefined)
    return { ...base, status: 'disabled', note: 'status "disabled": never evaluated' };
  for (const kind of EXAMPLE_KINDS)
    for (const [i, ex] of tests[kind].entries()) {
      const r = judge(id, rule.verdict, kind, i, ex, await evaluateExample(pack, ex));
      base.examples.push(r);
      if (r.passed) base.passed++;
      else base.failed++;
    }
  return { ...base, status: base.failed === 0 ? 'passed' : 'failed', note: null };
}

/** Runs a loaded pack's per-rule examples and its policy-level tests; never throws on a failure. */
export async function runPackTests(
  pack: LoadedPack,
  options: PackTestOptions = {},
): Promise<PackTestReport> {
  const ids = options.rules ?? pack.meta.catalog;
  const rules: RuleTestResult[] = [];
  for (const id of ids) rules.push(await runRule(pack, id));
  const reload = await createGuard({ policies: [] }).reload([pack.policy]);
  const failures = reload.failures;
  const examples = rules.reduce((n, r) => n + r.passed + r.failed, 0);
  const failed = rules.reduce((n, r) => n + r.failed, 0);
  const failing = rules.filter(ruleFails).length;
  return {
    pack: pack.meta.name,
    version: pack.meta.version,
    format: pack.meta.format,
    ok: failing === 0 && failures.length === 0,
    rules,
    policy_tests: { total: pack.policy.tests.length, failures },
    totals: {
      rules: rules.length,
      examples,
      passed: examples - failed,
      failed,
      failing_rules: failing,
    },
  };
}
