// docs/architecture.md "Guard event": the decision every hook door (Claude Code, Codex, Cursor) makes
// for one agent tool call: the call itself and the file writes a shell command makes, under one
// principal, plus the text and the withheld-result shape each door reports.
import type { Decision } from '../decision.js';
import type { GuardEvent } from '../event.js';
import { analyzeShell } from '../shell/analyze/index.js';
import { treeFree } from '../shell/tree-free.js';
import { verdictRank } from '../verdict.js';
import { bashWrites } from './bash-writes.js';
import type { HookDeps } from './claude-code.js';
import type { HookInput } from './hook-input.js';
import { patchWrites } from './patch-writes.js';
import type { BashWrite } from './bash-writes.js';

/** `mesh guard: <rule>: <reason> [<field>]`: the line every door shows the agent and the user. */
export function describeDecision(d: Decision): string {
  const where = d.attributed_to === null ? '' : ` [${d.attributed_to}]`;
  return `mesh guard: ${d.rule ?? 'guard'}: ${d.reason}${where}`;
}

/** The file writes a call implies: a Bash command's redirections and the like, an apply_patch's files. */
async function impliedWrites(input: HookInput, deps: HookDeps): Promise<BashWrite[] | 'too_many'> {
  const command = input.tool_input.command;
  if (typeof command !== 'string') return [];
  if (input.tool_name === 'apply_patch') return patchWrites(command);
  if (input.tool_name !== 'Bash' || deps.shell === undefined) return [];
  // the grammar loads only for a command the reader cannot read; a failed load denies (it throws)
  const analysis =
    treeFree((p) => analyzeShell(p, command)) ?? analyzeShell(await deps.shell(), command);
  return analysis.status === 'ok' ? bashWrites(analysis) : [];
}

/**
 * The strictest decision over the call itself and the file writes a Bash command or a patch makes.
 * @example await decideHookCall(input, deps, 'codex') // { verdict: 'allow', ... }
 */
export async function decideHookCall(
  input: HookInput,
  deps: HookDeps,
  principal: string,
): Promise<Decision> {
  const base: GuardEvent = {
    phase: 'call',
    tool: input.tool_name,
    args: input.tool_input,
    session: input.session_id,
    principal,
  };
  let decision = await deps.guard.decide(base);
  const writes = await impliedWrites(input, deps);
  if (writes === 'too_many')
    return {
      ...decision,
      verdict: 'block',
      rule: 'guard',
      reason: 'the patch touches more files than the guard decides one by one',
      attributed_to: 'args.command',
    };
  for (const w of writes) {
    const d = await deps.guard.decide({
      phase: 'call',
      tool: 'Write',
      args: { file_path: w.path, content: w.content },
      session: input.session_id,
      principal,
    });
    if (verdictRank(d.verdict) <= verdictRank(decision.verdict) || d.verdict === 'allow') continue;
    // A rewrite of the implied Write cannot be applied to the shell command: a human decides.
    decision = {
      ...d,
      verdict: d.verdict === 'modify' ? 'escalate' : d.verdict,
      reason: `writes ${w.path} (${w.via}): ${d.reason}`,
      attributed_to: 'args.command',
    };
    delete decision.args;
  }
  return decision;
}

/** The replacement of a withheld MCP tool output, in the shape the tool returned. */
export function withheldOutput(original: unknown, why: string): unknown {
  const text = `[withheld by mesh guard: ${why}]`;
  if (Array.isArray(original)) return [{ type: 'text', text }];
  if (typeof original === 'object' && original !== null)
    return { content: [{ type: 'text', text }], isError: true };
  return text;
}

/** The result-phase decision of a call that ran (PostToolUse and its kin). */
export function decideHookResult(
  input: HookInput,
  deps: HookDeps,
  principal: string,
): Promise<Decision> {
  return deps.guard.decide({
    phase: 'result',
    tool: input.tool_name,
    args: input.tool_input,
    result: input.tool_response ?? null,
    session: input.session_id,
    principal,
    ...(input.cwd.startsWith('/') && input.cwd.length <= 4096 ? { cwd: input.cwd } : {}),
  });
}
