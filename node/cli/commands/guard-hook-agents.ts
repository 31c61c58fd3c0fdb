// `mesh guard hook codex` and `mesh guard hook cursor`: the Codex and Cursor hook protocols over the
// same packs, session state, receipts and review queue as `mesh guard hook claude-code`.
import type { Command } from 'commander';
import { DEFAULT_ASK_TIMEOUT } from '../../guard/hook-argv.js';
import { DEFAULT_DEADLINE_MS } from '../../guard/hook-service.js';
import { addFlowFlags, runHookCommand, type HookFlags } from './guard-hook.js';

const DOORS = [
  {
    name: 'codex',
    description:
      'Codex PreToolUse/PostToolUse hook: exit 2 denies with stderr; an escalated call is refused and queued for review',
  },
  {
    name: 'cursor',
    description:
      'Cursor preToolUse/postToolUse/beforeShellExecution/beforeMCPExecution hook: JSON permission on stdout; failures exit 2',
  },
] as const;

export function addAgentHooks(hook: Command): void {
  for (const door of DOORS) {
    addFlowFlags(
      hook
        .command(door.name)
        .exitOverride()
        .description(door.description)
        .option(
          '--ask-timeout <seconds>',
          'how long an escalated call waits for a person before its review expires',
          DEFAULT_ASK_TIMEOUT,
        )
        .option(
          '--deadline <ms>',
          "deny (exit 2) if no answer within this many milliseconds (keep it under the agent's hook timeout)",
          String(DEFAULT_DEADLINE_MS),
        ),
    ).action(async (opts: HookFlags, cmd: Command) => {
      await runHookCommand(opts, cmd, door.name);
    });
  }
}
