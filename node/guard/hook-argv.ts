// docs/guard.md "Hook start-up": the argv of `mesh guard hook DOOR ...` read into a typed hook
// request without commander, for the hook daemon. Only the forms the command accepts are read;
// anything else (help, an unknown or incomplete option, an argument) is null, and the daemon answers
// it through the commander command so the usage error is the one the CLI prints.
import { DEFAULT_DEADLINE_MS, HOOK_DOORS, type HookDoorName } from './hook-service.js';

/** The hook's own options as the command defines them (a test holds the two lists equal). */
export const HOOK_VALUE_OPTIONS = [
  '--pack',
  '--receipts',
  '--node-key',
  '--secret-file',
  '--secret-env',
  '--ask-timeout',
  '--deadline',
] as const;
export const HOOK_FLAG_OPTIONS = ['--no-receipts', '--no-flow-rules'] as const;
/** Seconds an "ask" stays open by default. */
export const DEFAULT_ASK_TIMEOUT = '3600';

/** The hook call's options, as commander would give them to the action. */
export interface HookArgv {
  /** The door the argv names: `guard hook <door>`. */
  door: HookDoorName;
  state?: string;
  packs: string[];
  receipts?: string | false;
  nodeKey?: string;
  secretFiles: string[];
  secretEnv: string[];
  flowRules: boolean;
  askTimeout: string;
  deadline: string;
}

/** Splits `--name=value` (commander accepts both forms for a long option). */
function split(a: string): [string, string | undefined] {
  const eq = a.indexOf('=');
  return eq > 2 && a.startsWith('--') ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
}

/**
 * The hook request in `argv` (the arguments after `mesh`), or null when commander must answer it.
 * A repeated single-valued option keeps the last value, as commander does.
 * @example parseHookArgv(['guard', 'hook', 'claude-code', '--pack', 'builtin:coding-agent'])
 */
export function parseHookArgv(argv: readonly string[]): HookArgv | null {
  const out: HookArgv = {
    door: 'claude-code',
    packs: [],
    secretFiles: [],
    secretEnv: [],
    flowRules: true,
    askTimeout: DEFAULT_ASK_TIMEOUT,
    deadline: String(DEFAULT_DEADLINE_MS),
  };
  let i = 0;
  // Global options come before the command (the program enables positional options).
  for (; i < argv.length && argv[i]?.startsWith('-'); i++) {
    const [name, inline] = split(argv[i] as string);
    if (name === '-q' || name === '--quiet') {
      if (inline !== undefined) return null;
      continue;
    }
    if (name !== '--state') return null;
    const v = inline ?? argv[++i];
    if (v === undefined) return null;
    out.state = v;
  }
  if (argv[i++] !== 'guard' || argv[i++] !== 'hook') return null;
  const door = argv[i++];
  if (!(HOOK_DOORS as readonly (string | undefined)[]).includes(door)) return null;
  out.door = door as HookDoorName;
  for (; i < argv.length; i++) {
    const [name, inline] = split(argv[i] as string);
    if ((HOOK_FLAG_OPTIONS as readonly string[]).includes(name)) {
      if (inline !== undefined) return null;
      if (name === '--no-receipts') out.receipts = false;
      else out.flowRules = false;
      continue;
    }
    if (!(HOOK_VALUE_OPTIONS as readonly string[]).includes(name)) return null;
    const v = inline ?? argv[++i];
    if (v === undefined) return null;
    if (name === '--pack') out.packs.push(v);
    else if (name === '--receipts') out.receipts = v;
    else if (name === '--node-key') out.nodeKey = v;
    else if (name === '--secret-file') out.secretFiles.push(v);
    else if (name === '--secret-env') out.secretEnv.push(v);
    else if (name === '--ask-timeout') out.askTimeout = v;
    else out.deadline = v;
  }
  return out;
}
