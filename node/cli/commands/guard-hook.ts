// `mesh guard hook claude-code --pack P...`: the Claude Code hook (PreToolUse/PostToolUse) on stdin,
// stdout and exit code. It fails closed: whatever goes wrong, it exits 2 with the reason on stderr.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import {
  createGuard,
  durableSessions,
  FingerprintStore,
  loadShellParser,
  ReceiptStore,
  ReceiptWriter,
  ReviewQueue,
  runClaudeCodeHook,
  SessionStore,
  wireFlow,
  type FlowTracker,
  type Guard,
  type GuardStage,
  type HookDeps,
  type HookOutcome,
  type Policy,
} from '../../../guard/index.js';
import { loadNodePacks } from '../../enforce/load-packs.js';
import { nodeBasePolicies } from '../../guard/base-policies.js';
import { nodeSigner } from '../../guard/node-key.js';
import { UsageError } from '../../errors.js';
import { contextFor, type CommandContext } from '../context.js';
import { addGuardFlags, type GuardFlags } from './guard.js';
import { addAgentHooks } from './guard-hook-agents.js';

export interface FlowFlags extends GuardFlags {
  secretFile: string[];
  secretEnv: string[];
  flowRules: boolean;
}

const MAX_STDIN = 16 * 1024 * 1024;
/** Claude Code's default hook timeout is 60 s; answer (or deny) well within it. */
const DEFAULT_DEADLINE_MS = 20_000;

function collect(v: string, prev: string[] = []): string[] {
  return [...prev, v];
}

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

/** Registers --secret-file lines and --secret-env values; labels name the file or variable only. */
export function registerSecrets(tracker: FlowTracker, flags: FlowFlags): void {
  for (const file of flags.secretFile) {
    const lines = readFileSync(file, 'utf8')
      .split(/\r?\n/)
      .map((l) => l.trim());
    lines.forEach((line, i) => {
      if (line !== '' && !line.startsWith('#'))
        tracker.registerSecret(line, `${basename(file)}:${i + 1}`);
    });
  }
  for (const name of flags.secretEnv) {
    const v = process.env[name];
    if (v === undefined || v === '')
      throw new UsageError(
        `environment variable ${name} is not set`,
        'export it or drop --secret-env',
      );
    tracker.registerSecret(v, `$${name}`);
  }
}

export interface FlowGuard {
  guard: Guard;
  close: () => void;
}

/** What a guard is made of besides its session table: compiled packs, stages and receipts. */
export interface FlowParts {
  policies: Policy[];
  stages: GuardStage[];
  receipts?: ReceiptWriter;
  close: () => void;
}

/**
 * Packs compiled against the flow detector, the built-in flow rules, the flow stage, and receipts.
 * With `sessions`, rate/budget/loop limits count in that store (shared by every hook process).
 */
export function openFlowParts(
  ctx: CommandContext,
  flags: FlowFlags,
  tracker: FlowTracker,
  sessions?: SessionStore,
): FlowParts {
  if (flags.pack.length === 0)
    throw new UsageError('give at least one --pack', 'e.g. --pack builtin:coding-agent');
  const shared = sessions ? durableSessions(sessions, Date.now) : undefined;
  const flow = wireFlow(tracker, {
    builtinRules: flags.flowRules,
    ...(shared ? { replace: [shared.detector] } : {}),
  });
  const packs = loadNodePacks(ctx.stateRoot, () => ctx.state().config, flags.pack, flow.detectors);
  let store: ReceiptStore | null = null;
  if (flags.receipts !== false) {
    const keyPath = flags.nodeKey ?? ctx.state().path('keys', 'node.key');
    store = new ReceiptStore(
      flags.receipts ?? ctx.state().path('guard', 'receipts.db'),
      nodeSigner(keyPath, flags.nodeKey === undefined),
    );
  }
  return {
    policies: [
      ...nodeBasePolicies(ctx.stateRoot, flow.detectors),
      ...flow.policies,
      ...packs.map((p) => p.policy),
    ],
    stages: shared ? [flow.stage, shared.stage] : [flow.stage],
    ...(store ? { receipts: new ReceiptWriter(store) } : {}),
    close: () => store?.close(),
  };
}

export function openFlowGuard(
  ctx: CommandContext,
  flags: FlowFlags,
  tracker: FlowTracker,
  sessions?: SessionStore,
): FlowGuard {
  const parts = openFlowParts(ctx, flags, tracker, sessions);
  return { guard: guardOf(parts), close: parts.close };
}

/** A fresh guard (its own in-memory session table, as one process per call has) over `parts`. */
function guardOf(parts: FlowParts): Guard {
  return createGuard({
    policies: parts.policies,
    stages: parts.stages,
    ...(parts.receipts ? { receipts: parts.receipts } : {}),
  });
}

/** The stores and compiled packs one hook call opens. */
export interface HookParts {
  tracker: FingerprintStore;
  flow: FlowParts;
  close: () => void;
}

/**
 * The hook daemon's cache (node/hook-daemon/): returns cached parts for the same flags and pack
 * contents, or `build()`s them; `cached: false` means the caller closes them after the call.
 */
export type HookPartsCache = (
  ctx: CommandContext,
  flags: FlowFlags,
  withSessions: boolean,
  build: () => HookParts,
) => { parts: HookParts; cached: boolean };

function openHookParts(ctx: CommandContext, flags: FlowFlags, withSessions: boolean): HookParts {
  const dir = ctx.state().path('guard');
  const closers: (() => void)[] = [];
  const closeAll = (): void => {
    for (const close of closers.reverse()) {
      try {
        close();
      } catch {
        // Closing is best effort; the decision is already made.
      }
    }
  };
  try {
    const tracker = FingerprintStore.open(dir);
    closers.push(() => {
      tracker.close();
    });
    // Only calls count towards session limits; a result needs no session store.
    const sessions = withSessions ? SessionStore.open(dir) : undefined;
    closers.push(() => {
      sessions?.close();
    });
    const flow = openFlowParts(ctx, flags, tracker, sessions);
    closers.push(flow.close);
    return { tracker, flow, close: closeAll };
  } catch (e) {
    closeAll();
    throw e;
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const c of process.stdin) {
    const b = c as Buffer;
    n += b.length;
    if (n > MAX_STDIN) throw new UsageError(`hook input larger than ${MAX_STDIN} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export type HookFlags = FlowFlags & { askTimeout: string; deadline: string };

export function hookDeadlineMs(deadline: string): number {
  const ms = Number(deadline);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_DEADLINE_MS;
}

export const deadlineMessage = (deadline: string): string => `no decision within ${deadline} ms`;

export interface HookIo {
  stdin: () => Promise<string>;
  /** The hook daemon's cache of opened stores and compiled packs; none in a process of its own. */
  cache?: HookPartsCache;
  /** The agent's hook protocol (Codex, Cursor); Claude Code's when absent. */
  door?: typeof runClaudeCodeHook;
}

/** One hook call, in its own process or in the hook daemon: never throws, every failure denies. */
export async function hookOutcome(opts: HookFlags, cmd: Command, io: HookIo): Promise<HookOutcome> {
  const closers: (() => void)[] = [];
  try {
    const stdin = await io.stdin();
    return await (io.door ?? runClaudeCodeHook)(stdin, async (input): Promise<HookDeps> => {
      const command = input.tool_input.command;
      // The grammar loads only for a Bash command (its bash writes); other tools never parse shell.
      // Started first: its wasm compiles on V8's background threads while the packs compile here.
      const shell =
        input.tool_name === 'Bash' && typeof command === 'string' ? loadShellParser() : undefined;
      // A failure is reported where it is awaited; this only keeps it from counting as unhandled.
      shell?.catch(() => undefined);
      const ctx = contextFor(cmd, {});
      const dir = ctx.state().path('guard');
      const withSessions = input.hook_event_name === 'PreToolUse';
      const build = (): HookParts => openHookParts(ctx, opts, withSessions);
      const got = io.cache
        ? io.cache(ctx, opts, withSessions, build)
        : { parts: build(), cached: false };
      if (!got.cached) closers.push(got.parts.close);
      registerSecrets(got.parts.tracker, opts);
      let reviews: ReviewQueue | undefined;
      closers.push(() => {
        reviews?.close();
      });
      const askSeconds = Number(opts.askTimeout);
      return {
        guard: guardOf(got.parts.flow),
        reviews: () => (reviews ??= ReviewQueue.open(dir)),
        askTimeoutMs: Number.isFinite(askSeconds) && askSeconds > 0 ? askSeconds * 1000 : 3_600_000,
        ...(shell ? { shell: await shell } : {}),
      };
    });
  } catch (e) {
    return {
      exitCode: 2 as const,
      stdout: '',
      stderr: `mesh guard: failed closed: ${(e as Error).message}\n`,
    };
  } finally {
    for (const close of closers.reverse()) {
      try {
        close();
      } catch {
        // Closing is best effort; the decision is already made.
      }
    }
  }
}

export function addGuardHook(group: Command): void {
  // Commander's default on a bad option is exit 1, which Claude Code treats as "let the call run":
  // exitOverride makes it a usage error, and usage errors exit 2 (a deny).
  const hook = group.command('hook').description('coding-agent hook adapters').exitOverride();
  addFlowFlags(
    hook
      .command('claude-code')
      .exitOverride()
      .description(
        'Claude Code PreToolUse/PostToolUse hook: exit 2 denies with stderr, JSON on exit 0 otherwise',
      )
      .option(
        '--ask-timeout <seconds>',
        'how long an "ask" may stay unanswered before its review expires',
        '3600',
      )
      .option(
        '--deadline <ms>',
        'deny (exit 2) if no answer within this many milliseconds',
        String(DEFAULT_DEADLINE_MS),
      ),
  ).action(async (opts: HookFlags, cmd: Command) => {
    await runHookCommand(opts, cmd);
  });
  addAgentHooks(hook);
}

/** One hook process: the answer on stdout/stderr and the exit code, or a deny at the deadline. */
export async function runHookCommand(
  opts: HookFlags,
  cmd: Command,
  door?: typeof runClaudeCodeHook,
): Promise<void> {
  const timer = setTimeout(() => {
    process.stderr.write(`mesh guard: failed closed: ${deadlineMessage(opts.deadline)}\n`);
    process.exit(2);
  }, hookDeadlineMs(opts.deadline));
  timer.unref();
  const outcome = await hookOutcome(opts, cmd, { stdin: readStdin, ...(door ? { door } : {}) });
  process.stdout.write(outcome.stdout);
  process.stderr.write(outcome.stderr);
  process.exitCode = outcome.exitCode;
}
