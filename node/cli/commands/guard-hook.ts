// `mesh guard hook claude-code --pack P...`: the Claude Code hook (PreToolUse/PostToolUse) on stdin,
// stdout and exit code. It fails closed: whatever goes wrong, it exits 2 with the reason on stderr.
// The work is node/guard/hook-service.ts; this command parses flags and prints.
import type { Command } from 'commander';
import { DEFAULT_ASK_TIMEOUT } from '../../guard/hook-argv.js';
import {
  deadlineMessage,
  DEFAULT_DEADLINE_MS,
  hookDeadlineMs,
  MAX_HOOK_STDIN,
  runHookCall,
  type HookDoorName,
} from '../../guard/hook-service.js';
import { UsageError } from '../../errors.js';
import { contextFor } from '../context.js';
import { addGuardFlags, type GuardFlags } from './guard.js';
import { addAgentHooks } from './guard-hook-agents.js';
import { addHookInstall } from './guard-hook-install.js';
import { collect } from '../repeatable-option.js';

export interface FlowFlags extends GuardFlags {
  secretFile: string[];
  secretEnv: string[];
  flowRules: boolean;
}

/** The flags of every door that tracks flow: guard flags, registered secrets, --no-flow-rules. */
export function addFlowFlags(cmd: Command): Command {
  return addGuardFlags(cmd)
    .option(
      '--secret-file <file>',
      'register each non-empty line of FILE as a secret (repeatable)',
      collect,
      [],
    )
    .option(
      '--secret-env <name>',
      'register the value of environment variable NAME as a secret (repeatable)',
      collect,
      [],
    )
    .option('--no-flow-rules', 'do not load the built-in flow rules (builtin:flow)');
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of process.stdin) {
    const b = c as Buffer;
    n += b.length;
    if (n > MAX_HOOK_STDIN) throw new UsageError(`hook input larger than ${MAX_HOOK_STDIN} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export type HookFlags = FlowFlags & { askTimeout: string; deadline: string };

export function addGuardHook(group: Command): void {
  // Commander's default on a bad option is exit 1, which Claude Code treats as "let the call run":
  // exitOverride makes it a usage error, and usage errors exit 2 (a deny).
  const hook = group.command('hook').description('coding-agent hook adapters').exitOverride();
  const claude = addFlowFlags(
    hook
      .command('claude-code')
      .exitOverride()
      .description(
        'Claude Code PreToolUse/PostToolUse hook: exit 2 denies with stderr, JSON on exit 0 otherwise',
      )
      .option(
        '--ask-timeout <seconds>',
        'how long an "ask" may stay unanswered before its review expires',
        DEFAULT_ASK_TIMEOUT,
      )
      .option(
        '--deadline <ms>',
        'deny (exit 2) if no answer within this many milliseconds',
        String(DEFAULT_DEADLINE_MS),
      ),
  ).action(async (opts: HookFlags, cmd: Command) => {
    await runHookCommand(opts, cmd, 'claude-code');
  });
  addHookInstall(claude);
  addAgentHooks(hook);
}

/** One hook process: the answer on stdout/stderr and the exit code, or a deny at the deadline. */
export async function runHookCommand(
  opts: HookFlags,
  cmd: Command,
  door: HookDoorName,
): Promise<void> {
  const timer = setTimeout(() => {
    process.stderr.write(`mesh guard: failed closed: ${deadlineMessage(opts.deadline)}\n`);
    process.exit(2);
  }, hookDeadlineMs(opts.deadline));
  timer.unref();
  const ctx = contextFor(cmd, {});
  const outcome = await runHookCall({
    door,
    stateRoot: ctx.stateRoot,
    packs: opts.pack,
    ...(opts.receipts !== undefined ? { receipts: opts.receipts } : {}),
    ...(opts.nodeKey !== undefined ? { nodeKey: opts.nodeKey } : {}),
    flowRules: opts.flowRules,
    secretFiles: opts.secretFile,
    secretEnv: opts.secretEnv,
    askTimeoutSeconds: Number(opts.askTimeout),
    stdin: readStdin,
    env: process.env,
  });
  process.stdout.write(outcome.stdout);
  process.stderr.write(outcome.stderr);
  process.exitCode = outcome.exitCode;
}
