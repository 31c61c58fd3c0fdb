// What the pack test runner reports: per rule, each example's expectation and what happened.
import type { PolicyTestFailure, Verdict } from '../../guard/index.js';
import type { ExampleKind } from '../rule-tests.js';

export interface ExampleResult {
  kind: ExampleKind;
  index: number;
  name: string | null;
  passed: boolean;
  /** e.g. `ca.force-push fires (block)` or `ca.force-push does not fire`. */
  expected: string;
  /** The rule's own hit, or why not, and the decision the whole pack gave. */
  got: string;
  decision: { verdict: Verdict; rule: string | null };
}

export type RuleTestStatus = 'passed' | 'failed' | 'untested' | 'quarantined' | 'disabled';

export interface RuleTestResult {
  id: string;
  status: RuleTestStatus;
  passed: number;
  failed: number;
  /** Why the rule was not run (untested, quarantined) or was skipped (disabled). */
  note: string | null;
  examples: ExampleResult[];
}

export interface PackTestReport {
  pack: string;
  version: string;
  format: number;
  ok: boolean;
  rules: RuleTestResult[];
  policy_tests: { total: number; failures: PolicyTestFailure[] };
  totals: {
    rules: number;
    examples: number;
    passed: number;
    failed: number;
    failing_rules: number;
  };
}

/** A rule blocks a publish unless it passed; a disabled rule (never evaluated) does not. */
export function ruleFails(r: RuleTestResult): boolean {
  return r.status === 'failed' || r.status === 'untested' || r.status === 'quarantined';
}
