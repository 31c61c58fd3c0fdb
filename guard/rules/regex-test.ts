// Rule regexes and globs as bounded RE2 tests; a plain regex compiles at its first use (docs/guard.md
// "Rule index": loading 5,000 rules must not compile 5,000 programs that most events never run).
import { RE2JS } from 're2js';
import { RuleError } from '../errors.js';
import type { RuleLimits } from './limits.js';
import { plainRegexBound } from './regex-screen.js';

export interface RegexOptions {
  insensitive: boolean;
  limits: RuleLimits;
  /** Reports a pattern refused at load (the rule is quarantined). */
  fail: (message: string) => never;
}

/** Compiles and checks one pattern; `refuse` is called with the reason a pattern is not accepted. */
function compileChecked(
  pattern: string,
  insensitive: boolean,
  limits: RuleLimits,
  refuse: (message: string) => never,
): RE2JS {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, insensitive ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (e) {
    return refuse(`invalid RE2 regex: ${(e as Error).message.slice(0, 200)}`);
  }
  if (re.programSize() > limits.maxRegexProgram)
    refuse(`regex too costly (program size ${re.programSize()} > ${limits.maxRegexProgram})`);
  return re;
}

/**
 * An RE2 test whose work is bounded: past `maxMatchCost` (program size times input length) it
 * throws, and the engine escalates the rule instead of spending seconds on one string.
 */
export function boundedTest(re: RE2JS, limits: RuleLimits): (s: string) => boolean {
  const size = Math.max(1, re.programSize());
  return (s) => {
    if (s.length * size > limits.maxMatchCost)
      throw new RuleError(
        null,
        `a ${s.length}-character value is too long for this pattern (program size ${size}, cost bound ${limits.maxMatchCost})`,
      );
    return re.test(s);
  };
}

/**
 * The test for a rule's `regex`. A pattern the screen proves plain, with a program bound under the
 * limit, is compiled at its first test; any other is compiled and checked now, so a bad one is
 * quarantined at load. Should a screened pattern still fail to compile, its first test throws and
 * the engine escalates that rule (fail closed). This value is attacker-controlled (a pack's rule).
 *
 * @throws whatever `opts.fail` throws, for a pattern refused at load
 * @example
 * const t = regexTest('--force\\b', { insensitive: false, limits: DEFAULT_RULE_LIMITS, fail });
 * t('git push --force'); // true
 */
export function regexTest(pattern: string, opts: RegexOptions): (s: string) => boolean {
  const bound = plainRegexBound(pattern);
  if (bound === null || bound > opts.limits.maxRegexProgram)
    return boundedTest(
      compileChecked(pattern, opts.insensitive, opts.limits, opts.fail),
      opts.limits,
    );
  return lazyTest(pattern, opts.insensitive, opts.limits);
}

/** Compiled at its first call; keeps the pattern and options alone (not the load-time `fail`). */
function lazyTest(
  pattern: string,
  insensitive: boolean,
  limits: RuleLimits,
): (s: string) => boolean {
  let test: ((s: string) => boolean) | null = null;
  return (s) => {
    test ??= boundedTest(compileChecked(pattern, insensitive, limits, refuseAtUse), limits);
    return test(s);
  };
}

function refuseAtUse(message: string): never {
  throw new RuleError(null, message);
}
