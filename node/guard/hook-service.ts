// docs/guard.md "The Claude Code hook": one hook call as a service with a typed request, called by
// `mesh guard hook claude-code` in its own process and by the hook daemon directly. It never
// throws: every failure is an exit-2 deny with the reason (Claude Code runs a call on any other exit).
import {
  FingerprintStore,
  loadShellParser,
  ReviewQueue,
  runClaudeCodeHook,
  runCodexHook,
  runCursorHook,
  SessionStore,
  type FlowTracker,
  type HookDeps,
  type HookOutcome,
} from '../../guard/index.js';
import { UsageError } from '../errors.js';
import { readSecretLines } from './secret-lines.js';
import { openStateDir, type StateDir } from '../state/state-dir.js';
import {
  buildGuardParts,
  guardOf,
  type GuardNode,
  type GuardParts,
  type GuardRequest,
} from './guard-builder.js';
import { announcePending } from '../reviews-notify/announce.js';

/** Claude Code's default hook timeout is 60 s; answer (or deny) well within it. */
export const DEFAULT_DEADLINE_MS = 20_000;
/** Largest hook input read from stdin. */
export const MAX_HOOK_STDIN = 16 * 1024 * 1024;

/** The registered secrets of a request: lines of files and values of environment variables. */
export interface SecretSources {
  secretFiles: readonly string[];
  secretEnv: readonly string[];
}

/** Each agent's hook protocol over the same decision (docs/guard.md "Doors"). */
const DOORS = {
  'claude-code': runClaudeCodeHook,
  codex: runCodexHook,
  cursor: runCursorHook,
} as const;
export type HookDoorName = keyof typeof DOORS;
export const HOOK_DOORS = Object.keys(DOORS) as HookDoorName[];

/** One hook call: the node, the guard it is decided by, and its own knobs. */
export interface HookCallRequest extends GuardRequest, SecretSources {
  /** Whose hook protocol the call speaks. */
  door: HookDoorName;
  stateRoot: string;
  /** Seconds an "ask" may stay unanswered before its review expires. */
  askTimeoutSeconds: number;
  /** The hook input (Claude Code's JSON), read lazily. */
  stdin: () => Promise<string>;
  /** Environment the secrets are read from (the caller's, in the daemon). */
  env: NodeJS.ProcessEnv;
}

/** The stores and compiled packs one hook call opens (the hook daemon keeps them warm). */
export interface HookParts {
  tracker: FingerprintStore;
  flow: GuardParts;
  close: () => void;
}

/** The hook daemon's cache: cached parts for the same request and pack contents, or `build()`. */
export type HookPartsCache = (
  stateRoot: string,
  req: GuardRequest,
  withSessions: boolean,
  build: () => HookParts,
) => { parts: HookParts; cached: boolean };

/**
 * Registers each non-empty, non-comment line of the secret files and each named variable's value;
 * labels name the file and line or the variable, never the value.
 * @throws UsageError when a named variable is unset, or a file is unreadable or holds no secret
 * @example registerSecrets(tracker, { secretFiles: ['~/.secrets'], secretEnv: ['API_KEY'] })
 */
export function registerSecrets(
  tracker: FlowTracker,
  src: SecretSources,
  env: NodeJS.ProcessEnv = process.env,
): void {
  for (const file of src.secretFiles)
    for (const s of readSecretLines(file)) tracker.registerSecret(s.value, s.label);
  for (const name of src.secretEnv) {
    const v = env[name];
    if (v === undefined || v === '')
      throw new UsageError(
        `environment variable ${name} is not set`,
        'export it or drop --secret-env',
      );
    tracker.registerSecret(v, `$${name}`);
  }
}

/**
 * The node's review queue under its config's quorum policy (docs/operator.md "config.json").
 * @throws GuardError when the queue is rolled back or its key is too open; ConfigError on a bad config
 * @example const q = openReviews({ stateRoot, state: () => openStateDir(stateRoot) })
 */
export function openReviews(node: GuardNode): ReviewQueue {
  const quorum = node.state().config.reviews?.quorum;
  return announcePending(
    ReviewQueue.open(node.state().path('guard'), Date.now, undefined, quorum ? { quorum } : {}),
    node.state().config.reviews?.notify,
  );
}

function closeAll(closers: (() => void)[]): void {
  for (const close of closers.reverse()) {
    try {
      close();
    } catch {
      // Closing is best effort; the decision is already made.
    }
  }
}

function openHookParts(node: GuardNode, req: GuardRequest, withSessions: boolean): HookParts {
  const dir = node.state().path('guard');
  const closers: (() => void)[] = [];
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
    // one process per call: a session's functions and aliases are kept in the flow store
    const flow = {
      ...buildGuardParts(node, req, tracker, sessions),
      definitions: tracker.definitions(),
    };
    closers.push(flow.close);
    return {
      tracker,
      flow,
      close: () => {
        closeAll(closers);
      },
    };
  } catch (e) {
    closeAll(closers);
    throw e;
  }
}

/**
 * Decides one hook call (PreToolUse or PostToolUse) in the protocol of its door.
 * @throws never: a failure is `{ exitCode: 2, stderr: "mesh guard: failed closed: ..." }`
 * @example const out = await runHookCall({ door: 'claude-code', stateRoot, packs: ['builtin:coding-agent'], flowRules: true, secretFiles: [], secretEnv: [], askTimeoutSeconds: 3600, stdin: async () => input, env: process.env })
 */
export async function runHookCall(
  req: HookCallRequest,
  cache?: HookPartsCache,
): Promise<HookOutcome> {
  const closers: (() => void)[] = [];
  try {
    const stdin = await req.stdin();
    let opened: StateDir | undefined;
    const node: GuardNode = {
      stateRoot: req.stateRoot,
      state: () => (opened ??= openStateDir(req.stateRoot)),
    };
    // every door opens its parts inside its own try: a throw here is a failed-closed answer
    return await DOORS[req.door](stdin, (input): Promise<HookDeps> => {
      // The grammar loads only for a Bash command the reader cannot read without a tree (docs/guard.md
      // "Hook start-up"); other tools never parse shell.
      const shell =
        input.tool_name === 'Bash' && typeof input.tool_input.command === 'string'
          ? loadShellParser
          : undefined;
      const withSessions = input.hook_event_name === 'PreToolUse';
      const build = (): HookParts => openHookParts(node, req, withSessions);
      const got = cache
        ? cache(req.stateRoot, req, withSessions, build)
        : { parts: build(), cached: false };
      if (!got.cached) closers.push(got.parts.close);
      registerSecrets(got.parts.tracker, req, req.env);
      let reviews: ReviewQueue | undefined;
      closers.push(() => {
        reviews?.close();
      });
      const ask = req.askTimeoutSeconds;
      return Promise.resolve({
        guard: guardOf(got.parts.flow),
        reviews: () => (reviews ??= openReviews(node)),
        tainted: got.parts.flow.taint.taintedPaths,
        askTimeoutMs: Number.isFinite(ask) && ask > 0 ? ask * 1000 : 3_600_000,
        ...(shell ? { shell } : {}),
      });
    });
  } catch (e) {
    return {
      exitCode: 2 as const,
      stdout: '',
      stderr: `mesh guard: failed closed: ${(e as Error).message}\n`,
    };
  } finally {
    closeAll(closers);
  }
}

/**
 * The hook's deadline in milliseconds; anything but a positive number is the default.
 * @example hookDeadlineMs('120000') // 120000
 */
export function hookDeadlineMs(deadline: string): number {
  const ms = Number(deadline);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_DEADLINE_MS;
}

/** The deny reason when no decision came within the deadline. */
export const deadlineMessage = (deadline: string): string => `no decision within ${deadline} ms`;
