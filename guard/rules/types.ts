// The rule file (policy) format, POLICY_FORMAT 1: rules over event fields, plus the policy's own tests.
import type { Verdict } from '../verdict.js';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export type FieldCondition = { field: string } & (
  | { equals: Json }
  | { in: Json[] }
  | { glob: string | string[] }
  | { prefix: string | string[] }
  | { contains: string | string[] }
  | { regex: string; case_insensitive?: boolean }
  | { gt: number }
  | { gte: number }
  | { lt: number }
  | { lte: number }
  | { exists: boolean }
);

export interface ShellCondition {
  shell: { field?: string; intent?: string[]; program?: string[] };
}

/** docs/guard.md "Command conditions": one parsed command's program, subcommand, flags, arguments. */
export interface CommandCondition {
  command: {
    field?: string;
    program: string | string[];
    /** Consecutive positional words; each a word or a list of alternatives. */
    subcommand?: (string | string[])[];
    flags?: { any?: string[]; all?: string[]; none?: string[] };
    /** Globs over the positional arguments after the subcommand. */
    args?: { any?: string[]; none?: string[] };
  };
}

export interface DetectorCondition {
  detector: string;
  field?: string | string[];
  params?: Record<string, Json>;
}

export type Condition =
  | FieldCondition
  | ShellCondition
  | CommandCondition
  | DetectorCondition
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export type RuleStatus = 'active' | 'shadow' | 'disabled';

export interface RuleDoc {
  id: string;
  description?: string;
  status?: RuleStatus;
  verdict: Verdict;
  /** Which phase the rule applies to; both when absent. */
  phase?: 'call' | 'result';
  /** Tool names (globs) the rule applies to; every tool when absent. */
  tools?: string[];
  when: Condition;
  reason: string;
  /** MODIFY by assignment: event paths and the values to put there. */
  set?: Record<string, Json>;
}

export interface PolicyTest {
  name?: string;
  event: Json;
  expect: Verdict;
  rule?: string | null;
}

export interface PolicyDoc {
  format: number;
  /** Which fields of which tools hold shell commands: parsed once, bounds-checked, escalated on failure. */
  shell?: { tools: string[]; field: string }[];
  rules: RuleDoc[];
  tests?: PolicyTest[];
}
