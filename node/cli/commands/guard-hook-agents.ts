// `mesh guard hook codex` and `mesh guard hook cursor`: the Codex and Cursor hook protocols over the
// same packs, session state, receipts and review queue as `mesh guard hook claude-code`.
import type { Command } from 'commander';
import { runCodexHook, runCursorHook } from '../../../guard/index.js';
import { addFlowFlags, runHookCommand, type HookFlags } from './guard-hook.js';

const DOORS = [
  {
    name: 'codex',
    run: runCodexHook,
    description:
      'Codex PreToolUse/PostToolUse hook: exit 2 denies with stderr; an escalated call is refused and queued for review',
  },
  {
    name: 'cursor',
    run: runCursorHook,
    description:
      'Cursor preToolUse/postToolUse/beforeShellExecution/beforeMCPExecution hook: JSON permission on stdout; failures exit 2',
  },
] as const;

/**
 * The hook door an argv (`guard hook <door> ...`) names, for the hook daemon: its command name and
 * the protocol runner hookOutcome takes (none for Claude Code's); undefined for anything else.
 */
export function hookDoor(
  argv: readonly string[],
): { name: string; io: { door?: typeof runCodexHook } } | undefined {
  const name = argv[argv.indexOf('hook') + 1];
  if (name === 'claude-code') return { name, io: {} };
  const door = DOORS.find((d) => d.name === name);
  return door && { name: door.name, io: { door: door.run } };
}

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
          '3600',
        )
        .option(
          '--deadline <ms>',
          "deny (exit 2) if no answer within this many milliseconds (keep it under the agent's hook timeout)",
          '20000',
        ),
    ).action(async (opts: HookFlags, cmd: Command) => {
      await runHookCommand(opts, cmd, door.run);
    });
  }
}
