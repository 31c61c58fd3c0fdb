// A policy's own tests (the "tests" of the rule file): each event must get the expected verdict and rule.
import type { Evaluation } from '../decision.js';
import type { Policy } from './policy.js';

export interface PolicyTestFailure {
  policy: string;
  test: string;
  expected: string;
  got: string;
}

export async function runPolicyTests(
  policies: readonly Policy[],
  evaluate: (event: unknown) => Promise<Evaluation>,
): Promise<PolicyTestFailure[]> {
  const failures: PolicyTestFailure[] = [];
  for (const p of policies) {
    for (const [i, t] of p.tests.entries()) {
      const { decision } = await evaluate(t.event);
      const ruleOk = t.rule === undefined || t.rule === decision.rule;
      if (decision.verdict !== t.expect || !ruleOk)
        failures.push({
          policy: p.name,
          test: t.name ?? `tests[${i}]`,
          expected: `${t.expect}${t.rule === undefined ? '' : ` by ${t.rule ?? 'no rule'}`}`,
          got: `${decision.verdict} by ${decision.rule ?? 'no rule'}`,
        });
    }
  }
  return failures;
}
