// guard/: event model, rule language, detectors, verdicts, receipts and the front doors.
export { POLICY_FORMAT, RECEIPT_FORMAT } from './version.js';
export { GuardError, RuleError, type GuardErrorCode } from './errors.js';
export {
  VERDICTS,
  dispatchVerdict,
  isVerdict,
  verdictRank,
  type Verdict,
  type VerdictHandlers,
} from './verdict.js';
export type { Decision, Evaluation, Hit } from './decision.js';
export {
  DEFAULT_EVENT_LIMITS,
  parseEvent,
  type EventLimits,
  type GuardEvent,
  type Phase,
} from './event.js';
export {
  createGuard,
  type Guard,
  type GuardOptions,
  type ReceiptSink,
  type ReloadResult,
} from './guard.js';
export type { GuardStage } from './engine.js';
export type { EvalContext, Match } from './rules/condition.js';
export {
  compilePolicy,
  type CompilePolicyOptions,
  type Policy,
  type QuarantinedRule,
} from './rules/policy.js';
export type { PolicyTestFailure } from './rules/policy-tests.js';
export type { Condition, Json, PolicyDoc, PolicyTest, RuleDoc, RuleStatus } from './rules/types.js';
export { DEFAULT_RULE_LIMITS, type RuleLimits } from './rules/limits.js';
export { DetectorRegistry } from './detectors/registry.js';
export type { Detector, DetectorContext, Finding, ShellView } from './detectors/detector.js';
export {
  DEFAULT_SHELL_LIMITS,
  type ShellAnalysis,
  type ShellCommand,
  type ShellLimits,
} from './shell/model.js';
export { INTENTS, type Intent, type IntentHit } from './shell/intents.js';
export { BUILTIN_DETECTORS, builtinDetectors } from './detectors/builtin.js';
export { findSecrets } from './detectors/secrets.js';
export { mask } from './detectors/detector.js';
export {
  injectionSignatures,
  sanitize as sanitizeInjection,
} from './detectors/prompt-injection.js';
