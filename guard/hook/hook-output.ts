// Claude Code hooks reference, "Hook output": exit code 2 blocks with stderr as the reason (stdout is
// ignored); exit 0 with JSON carries hookSpecificOutput (PreToolUse: permissionDecision allow|deny|ask,
// permissionDecisionReason, updatedInput; PostToolUse: decision "block", reason, additionalContext,
// updatedMCPToolOutput). Any other exit lets the call run, so this front door never uses one.

export interface HookOutcome {
  exitCode: 0 | 2;
  stdout: string;
  stderr: string;
}

export function deny(reason: string): HookOutcome {
  return { exitCode: 2, stdout: '', stderr: `${reason}\n` };
}

export function preToolUse(fields: {
  permissionDecision?: 'allow' | 'ask';
  permissionDecisionReason?: string;
  updatedInput?: Record<string, unknown>;
}): HookOutcome {
  return {
    exitCode: 0,
    stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', ...fields } })}\n`,
    stderr: '',
  };
}

export function postToolUse(fields: {
  block?: string;
  additionalContext?: string;
  updatedMCPToolOutput?: unknown;
}): HookOutcome {
  const specific: Record<string, unknown> = { hookEventName: 'PostToolUse' };
  if (fields.additionalContext !== undefined) specific.additionalContext = fields.additionalContext;
  if (fields.updatedMCPToolOutput !== undefined)
    specific.updatedMCPToolOutput = fields.updatedMCPToolOutput;
  const body: Record<string, unknown> = { hookSpecificOutput: specific };
  if (fields.block !== undefined) {
    body.decision = 'block';
    body.reason = fields.block;
  }
  return { exitCode: 0, stdout: `${JSON.stringify(body)}\n`, stderr: '' };
}

/** Nothing to say: Claude Code's own permission flow goes on as configured. */
export const PASS: HookOutcome = { exitCode: 0, stdout: '', stderr: '' };
