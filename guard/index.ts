/**
 * guard/: event model, rule language, detectors, verdicts, receipts and the front doors.
 *
 * Main entry points: `compilePolicy` (a policy document, its bad rules quarantined) and
 * `createGuard` (decide each agent tool event: allow, block, modify, escalate).
 *
 * @throws {GuardError} policy_invalid, policy_format_newer (compilePolicy); shell_unavailable and
 * the receipt store's receipt_* codes (Guard.decide); a malformed event escalates, never throws
 * @example
 * const policy = compilePolicy({ format: 1, rules: [{ id: 'no-rm-rf', verdict: 'block',
 *   when: { field: 'args.command', prefix: 'rm -rf' }, reason: 'recursive delete' }] });
 * const guard = createGuard({ policies: [policy] });
 * const d = await guard.decide({ phase: 'call', tool: 'Bash', args: { command: 'rm -rf /' } });
 */
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
export { CODE_TOOLS } from './interp/code-tools.js';
export {
  CANONICAL_FORM_VERSION,
  canonicalForm,
  type CanonicalForm,
  type FingerprintOutcome,
} from './fingerprint/canonical-form.js';
export { FINGERPRINT_BITS, fingerprintOf, type Fingerprint } from './fingerprint/fingerprint.js';
export { argKind, hostClass, pathClass } from './fingerprint/arg-kind.js';
export { canonicalFormOfCall } from './fingerprint/of-call.js';
export { bitsToHex } from './fingerprint/fingerprint.js';
export {
  CAMPAIGN_DETECTOR,
  campaignDetector,
  type CampaignParams,
} from './campaign/campaign-detector.js';
export { realizeForm } from './campaign/realize-form.js';
export { findSecrets } from './detectors/secrets.js';
export { mask } from './detectors/detector.js';
export {
  injectionSignatures,
  sanitize as sanitizeInjection,
} from './detectors/prompt-injection.js';
export { ReceiptStore, type ChainHead } from './receipts/store.js';
export { ReceiptWriter } from './receipts/writer.js';
export { verifyReceipts, type VerifyReport } from './receipts/verify.js';
export { anchorHead, latestSignedHead, readAnchors, type AnchoredHead } from './receipts/anchor.js';
export { readReceipts } from './receipts/read.js';
export { listReceipts, receiptAt, type ListedReceipt, type ReceiptQuery } from './receipts/list.js';
export { receiptBody, maskedPreview, type ReceiptBody } from './receipts/record.js';
export { ed25519Signer, GENESIS, type ReceiptSigner } from './receipts/chain.js';
export { canonicalJson } from './receipts/canonical.js';
// Flow and taint, reviews, and the front doors (Claude Code hook, MCP proxy, library wrapper).
export { createFlowTracker, type FlowTracker } from './flow/tracker.js';
export { FingerprintStore } from './flow/fingerprint-store.js';
export { memoTaint, type TaintMemo } from './flow/taint-memo.js';
export { DEFAULT_FLOW_LIMITS, type FlowLimits } from './flow/flow-limits.js';
export { wireFlow, type FlowWiring } from './flow/flow-wiring.js';
export { flowDetector, FLOW_DETECTOR, type FlowParams } from './flow/flow-condition.js';
export { BUILTIN_FLOW_POLICY } from './flow/builtin-flow-policy.js';
export { describeHit, type FlowCheck, type FlowHit, type TaintSource } from './flow/taint.js';
export { ReviewQueue, type FalsePositive, type ReviewQueueOptions } from './review/review-queue.js';
export { type Review, type ReviewStatus, type FrontDoor } from './review/review-row.js';
export { agentCallMarker } from './review/review-principals.js';
export { quorumFor, MAX_QUORUM, type QuorumPolicy } from './review/review-quorum.js';
export { argsDigest, bindingOf, type CallBinding } from './review/call-binding.js';
export {
  resolveEscalation,
  DEFAULT_REVIEW_TIMEOUT_MS,
  type EscalationOptions,
} from './review/escalate.js';
export { guardTool, GuardBlockedError, type GuardToolOptions } from './review/guard-tool.js';
export { runClaudeCodeHook, type HookDeps } from './hook/claude-code.js';
export { runCodexHook } from './hook/codex.js';
export { runCursorHook } from './hook/cursor.js';
export type { HookOutcome } from './hook/hook-output.js';
export { loadShellParser, type ShellParser } from './shell/parser.js';
export { runMcpProxy, type McpProxyOptions } from './mcp/proxy.js';
export {
  runMcpHttpProxy,
  MCP_PATH,
  type McpHttpProxyOptions,
  type RunningMcpHttpProxy,
} from './mcp-http/proxy-server.js';
export { httpAdmissionCommand, probeHttpSurface } from './mcp-http/probe-http.js';
export { probeSurface } from './mcp/probe.js';
export { readAdmission, writeAdmission, type Admission } from './mcp/admission.js';
export { surfaceHash, type ToolSurface } from './mcp/surface.js';
export {
  BUILTIN_MCP_POLICY,
  MCP_SAMPLING,
  MCP_ELICITATION,
  ANSWER_SUFFIX as MCP_ANSWER_SUFFIX,
} from './mcp/server-request-policy.js';
// Session limits shared by the processes of one session (the Claude Code hook).
export { SessionStore } from './hook/session-store.js';
export { durableSessions, type DurableSessions } from './hook/durable-sessions.js';
export type { SessionRecorder, SessionView } from './session.js';
// The operator's extension of the host policy (node config `guard.egress.allowHosts`).
export { hostEntryProblem, MAX_OPERATOR_HOSTS, operatorHosts } from './egress/hosts.js';
// Where a session's shell functions and aliases are kept between its calls.
export type { ShellDefinitions } from './shell/session-definitions.js';
