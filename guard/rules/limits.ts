// Bounds on a rule file: a hostile pack cannot make loading or evaluation unbounded.

export interface RuleLimits {
  /** Most rules in one policy: the rule index keeps decision cost flat, so this bounds load time. */
  maxRules: number;
  maxConditionDepth: number;
  maxConditionNodes: number;
  /** Most conditions across all rules of one policy: bounds compile time and memory as a whole. */
  maxPolicyConditionNodes: number;
  maxListItems: number;
  maxStringLength: number;
  maxRegexLength: number;
  /** RE2 program size: a coarse cost bound on one compiled regex. */
  maxRegexProgram: number;
  /**
   * Most RE2 work one regex or glob test may do: program size times input length. RE2 is linear,
   * but a large program over a 4 MB string still costs seconds; past this the rule escalates.
   */
  maxMatchCost: number;
  /** Most wildcards (`*`, `**`, `?`, `[...]`) in one glob. */
  maxGlobWildcards: number;
  maxTests: number;
}

export const DEFAULT_RULE_LIMITS: RuleLimits = {
  maxRules: 5000,
  maxConditionDepth: 32,
  maxConditionNodes: 1000,
  maxPolicyConditionNodes: 200_000,
  maxListItems: 10_000,
  maxStringLength: 8192,
  maxRegexLength: 2048,
  maxRegexProgram: 20_000,
  maxMatchCost: 100_000_000,
  maxGlobWildcards: 32,
  maxTests: 10_000,
};
