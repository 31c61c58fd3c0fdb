// Claude Code hooks reference, PreToolUse and PostToolUse: one guard decision per hook call, mapped to
// the hook protocol. Deny is exit 2 with the reason on stderr; allow, ask (our ESCALATE) and modify
// (updatedInput) are exit 0 with hookSpecificOutput; PostToolUse blocks with decision "block" and
// replaces output only for MCP tools (updatedMCPToolOutput). Every internal failure denies (exit 2).
import type { Decision } from '../decision.js';
import type { Guard } from '../guard.js';
import { argsDigest, bindingOf } from '../review/call-binding.js';
import { callPreview } from '../review/call-preview.js';
import type { ReviewQueue } from '../review/review-queue.js';
import type { ShellParser } from '../shell/parser.js';
import { dispatchVerdict } from '../verdict.js';
import {
  decideHookCall,
  decideHookResult,
  describeDecision,
  withheldOutput,
} from './decide-call.js';
import { heldMessage, holdForReview } from './held-review.js';
import { parseHookInput, type HookInput } from './hook-input.js';
import { deny, PASS, postToolUse, preToolUse, type HookOutcome } from './hook-output.js';

export interface HookDeps {
  guard: Guard;
  /** The review queue, opened only when a call escalates or a result arrives. */
  reviews: () => ReviewQueue;
  /** How long Claude Code's own prompt may take before the review counts as expired. */
  askTimeoutMs: number;
  /**
   * The bash grammar, for the writes of a command the reader cannot read without a tree; without it
   * a Bash call is decided on its own. A rejected load denies the call.
   */
  shell?: () => Promise<ShellParser>;
  /** The argument paths the flow tracker found taint in (TaintMemo): masked whole in previews. */
  tainted?: (session: string, args: unknown) => ReadonlySet<string>;
}

const PRINCIPAL = 'claude-code';

const describe = describeDecision;
const decideCall = (input: HookInput, deps: HookDeps): Promise<Decision> =>
  decideHookCall(input, deps, PRINCIPAL);

async function preToolUseHook(input: HookInput, deps: HookDeps): Promise<HookOutcome> {
  const d = await decideCall(input, deps);
  return dispatchVerdict(d.verdict, {
    block: () => deny(describe(d)),
    // Allow without a rule means "no objection": Claude Code's own permission settings still apply.
    // Only local policy grants (docs/packs.md "Trust boundary"); a community allow is no opinion.
    allow: () =>
      d.rule === null || d.shadow || d.community === true
        ? PASS
        : preToolUse({ permissionDecision: 'allow', permissionDecisionReason: describe(d) }),
    // A community rewrite is shown to the user to approve ("ask"), never approved on its behalf.
    modify: () =>
      d.args === undefined
        ? deny(`${describe(d)} (rewrite missing)`)
        : preToolUse({
            permissionDecision: d.community === true ? 'ask' : 'allow',
            permissionDecisionReason: describe(d),
            updatedInput: d.args,
          }),
    escalate: () => escalateCall(input, d, deps),
  });
}

/**
 * An escalation: Claude Code's own prompt is one person's answer, so a rule whose quorum is one
 * asks there; a rule that needs more distinct approvers is held for review (refused now, run on
 * the retry once the quorum approved it), as the MCP proxy holds it.
 */
function escalateCall(input: HookInput, d: Decision, deps: HookDeps): HookOutcome {
  const queue = deps.reviews();
  const tainted = deps.tainted?.(input.session_id, input.tool_input) ?? new Set<string>();
  if (queue.quorumOf(d.rule ?? '') > 1) {
    const held = holdForReview(
      queue,
      input,
      d,
      'claude-code',
      deps.askTimeoutMs,
      Date.now,
      tainted,
    );
    // Approved by its quorum: no objection left; Claude Code's own permission rules still apply.
    return held.approved ? PASS : deny(heldMessage(held.id, describe(d)));
  }
  queue.request({
    ...bindingOf({
      tool: input.tool_name,
      args: input.tool_input,
      session: input.session_id,
      rule: d.rule,
    }),
    reason: d.reason,
    attributedTo: d.attributed_to,
    frontDoor: 'claude-code',
    timeoutMs: deps.askTimeoutMs,
    toolUseId: input.tool_use_id,
    asked: true,
    preview: callPreview(input.tool_input, tainted),
  });
  return preToolUse({ permissionDecision: 'ask', permissionDecisionReason: describe(d) });
}

const withheld = withheldOutput;

async function postToolUseHook(input: HookInput, deps: HookDeps): Promise<HookOutcome> {
  if (input.tool_use_id !== '')
    deps.reviews().approveAsked(input.tool_use_id, {
      tool: input.tool_name,
      argsDigest: argsDigest(input.tool_input),
      session: input.session_id,
    });
  const d = await decideHookResult(input, deps, PRINCIPAL);
  const mcp = input.tool_name.startsWith('mcp__');
  const refuse = (): HookOutcome =>
    postToolUse({
      block: describe(d),
      ...(mcp ? { updatedMCPToolOutput: withheld(input.tool_response, d.reason) } : {}),
    });
  return dispatchVerdict(d.verdict, {
    allow: () => PASS,
    modify: () =>
      mcp && d.result !== undefined
        ? postToolUse({
            updatedMCPToolOutput: d.result,
            additionalContext: `${describe(d)} (output rewritten)`,
          })
        : refuse(),
    escalate: refuse,
    block: refuse,
  });
}

/** Runs one hook call. Never throws: every failure is a deny (exit 2) with the reason on stderr. */
export async function runClaudeCodeHook(
  stdin: string,
  open: (input: HookInput) => Promise<HookDeps>,
): Promise<HookOutcome> {
  try {
    const input = parseHookInput(stdin);
    if (input.hook_event_name !== 'PreToolUse' && input.hook_event_name !== 'PostToolUse')
      return PASS;
    const deps = await open(input);
    return input.hook_event_name === 'PreToolUse'
      ? await preToolUseHook(input, deps)
      : await postToolUseHook(input, deps);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return deny(
      `mesh guard: failed closed${typeof code === 'string' ? ` [${code}]` : ''}: ${(e as Error).message}`,
    );
  }
}
