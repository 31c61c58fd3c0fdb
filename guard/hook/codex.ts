// Codex hooks, developers.openai.com/codex/hooks (read 2026-12-01 as archived 2026-05-29; the source
// is openai/codex codex-rs/hooks), PreToolUse and PostToolUse. Input: session_id, turn_id,
// transcript_path (string or null), cwd, hook_event_name, model, permission_mode, tool_name (Bash,
// apply_patch, mcp__server__tool), tool_use_id, tool_input, tool_response. PreToolUse denies with exit 2
// and a non-empty stderr (an empty one fails open) and rewrites with permissionDecision "allow" plus
// updatedInput; "ask" is not supported (Codex fails that hook open), so ESCALATE is a refusal queued
// for a person. PostToolUse's decision "block" with a reason replaces the tool result with the
// reason; updatedMCPToolOutput is not supported, so a rewritten result is withheld whole. Any other
// exit code, a crash or Codex's own timeout lets the call run: every internal failure here is exit 2.
import type { Decision } from '../decision.js';
import { dispatchVerdict } from '../verdict.js';
import type { HookDeps } from './claude-code.js';
import { decideHookCall, decideHookResult, describeDecision } from './decide-call.js';
import { heldMessage, holdForReview } from './held-review.js';
import { hookInputOf, parseHookJson, type HookInput } from './hook-input.js';
import { deny, PASS, type HookOutcome } from './hook-output.js';

const PRINCIPAL = 'codex';

function json(body: unknown): HookOutcome {
  return { exitCode: 0, stdout: `${JSON.stringify(body)}\n`, stderr: '' };
}

/** Codex's input, typed: a null transcript_path is the absent one; extra fields are ignored. */
export function parseCodexInput(raw: string): HookInput {
  const doc = parseHookJson(raw);
  if (typeof doc === 'object' && doc !== null && !Array.isArray(doc)) {
    const d = { ...(doc as Record<string, unknown>) };
    if (d.transcript_path === null) delete d.transcript_path;
    return hookInputOf(d);
  }
  return hookInputOf(doc);
}

/** A rewrite Codex applies: Bash and apply_patch need a string `command`, MCP tools any object. */
function rewrite(input: HookInput, d: Decision): HookOutcome {
  const args = d.args;
  const shellLike = input.tool_name === 'Bash' || input.tool_name === 'apply_patch';
  // A community rewrite is for a person to approve, and Codex has no "ask": it is refused.
  if (args === undefined || d.community === true || (shellLike && typeof args.command !== 'string'))
    return deny(`${describeDecision(d)} (a rewrite Codex cannot apply here is refused)`);
  return json({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: args,
    },
    systemMessage: `${describeDecision(d)} (input rewritten)`,
  });
}

async function preToolUse(input: HookInput, deps: HookDeps): Promise<HookOutcome> {
  const d = await decideHookCall(input, deps, PRINCIPAL);
  return dispatchVerdict(d.verdict, {
    block: () => deny(describeDecision(d)),
    // Codex has no grant a hook may give: an allow leaves Codex's own approval policy in charge.
    allow: () => PASS,
    modify: () => rewrite(input, d),
    escalate: () => {
      const tainted = deps.tainted?.(input.session_id, input.tool_input);
      const held = holdForReview(
        deps.reviews(),
        input,
        d,
        'codex',
        deps.askTimeoutMs,
        Date.now,
        tainted,
      );
      return held.approved ? PASS : deny(heldMessage(held.id, describeDecision(d)));
    },
  });
}

async function postToolUse(input: HookInput, deps: HookDeps): Promise<HookOutcome> {
  const d = await decideHookResult(input, deps, PRINCIPAL);
  // "block" replaces the tool result with the reason: the result is withheld from the model.
  const withhold = (): HookOutcome =>
    json({ decision: 'block', reason: `[withheld by mesh guard: ${describeDecision(d)}]` });
  return dispatchVerdict(d.verdict, {
    allow: () => PASS,
    modify: withhold,
    escalate: withhold,
    block: withhold,
  });
}

/**
 * Runs one Codex hook call. Never throws: every failure is exit 2 with a non-empty reason on stderr.
 * @example await runCodexHook(stdinText, openDeps) // { exitCode: 2, stderr: 'mesh guard: ...' }
 */
export async function runCodexHook(
  stdin: string,
  open: (input: HookInput) => Promise<HookDeps>,
): Promise<HookOutcome> {
  try {
    const input = parseCodexInput(stdin);
    if (input.hook_event_name !== 'PreToolUse' && input.hook_event_name !== 'PostToolUse')
      return PASS;
    const deps = await open(input);
    return input.hook_event_name === 'PreToolUse'
      ? await preToolUse(input, deps)
      : await postToolUse(input, deps);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return deny(
      `mesh guard: failed closed${typeof code === 'string' ? ` [${code}]` : ''}: ${(e as Error).message || 'internal error'}`,
    );
  }
}
