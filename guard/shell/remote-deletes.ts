// Deletes run on another machine through a remote shell (docs/guard.md "Indirection"): `ssh HOST
// 'rm -rf ...'` and `adb shell rm -rf ...` hand their words to the far side's shell. What is routine
// there differs from here (`rm -rf /srv/app/releases/2024*` is a deploy's clean-up), so only what
// loses that machine's data counts: the root, a system or home folder itself or one level below it,
// a database's or a volume's state (`/var/lib/...`, `/data/...`, `/mnt/...`), and a phone's user
// storage (`/sdcard/DCIM`, `/storage/emulated/0`), an app's own cache there excepted.
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { isCatastrophicTarget, isDatabaseStorePath, normalizePath } from '../sensitive-paths.js';

/** ssh's options that take a value (`-p 22`, `-o ProxyJump=x`, `-i key`). */
const SSH_VALUE = /^-[BbcDEeFIiJLlmOopQRSWw]$/;
const ADB_VALUE = /^-[stHPL]$/;
const MAX_REMOTE = 16 * 1024;

/** The command line a remote shell runs, or null when `argv` runs none. */
export function remoteCommand(argv: readonly string[]): string | null {
  const name = (argv[0] ?? '').replace(/^.*\//, '');
  let i = 1;
  if (name === 'ssh') {
    for (; i < argv.length && (argv[i] ?? '').startsWith('-'); i++)
      if (SSH_VALUE.test(argv[i] ?? '')) i++;
    i++; // the host
  } else if (name === 'adb') {
    for (; i < argv.length && (argv[i] ?? '').startsWith('-'); i++)
      if (ADB_VALUE.test(argv[i] ?? '')) i++;
    if (argv[i] !== 'shell') return null;
    for (i++; i < argv.length && /^-[tTnx]$/.test(argv[i] ?? ''); i++);
  } else return null;
  const words = argv.slice(i);
  return words.length === 0 ? null : words.join(' ').slice(0, MAX_REMOTE);
}

/** A phone's shared storage or one folder of it; an app's folder below `Android/data` is its own. */
const DEVICE_STORAGE =
  /^\/(?:sdcard|storage\/(?:emulated\/\d+|self\/primary)|data\/media\/\d+|mnt\/sdcard)(?:\/(?!Android\/data\/[^/]+\/)[^/]+){0,2}\/?\*?$/;
/** Stateful data of services and volumes. */
const STATE = /^\/(?:var\/lib|data(?!\/local\/tmp(?:\/|$))|mnt|media|var\/opt)\/[^/]/;

function remoteLoss(target: string): boolean {
  const n = normalizePath(target.replace(/^['"]|['"]$/g, ''));
  if (DEVICE_STORAGE.test(n) || STATE.test(n) || isDatabaseStorePath(n)) return true;
  const depth = n
    .replace(/\/\*?$/, '')
    .split('/')
    .filter((p) => p !== '' && p !== '~').length;
  return isCatastrophicTarget(n) && depth <= 2 && !/^\/(?:tmp|var\/tmp)(?:\/|$)/.test(n);
}

/** The recursive deletes of the remote command line and the path that makes each one a loss. */
function lossIn(line: string): string | null {
  // quotes of a nested `su -c '...'` or `sh -c "..."` dropped: the words inside are what runs
  for (const statement of line.replace(/['"]/g, ' ').split(/&&|\|\||[;&|\n]/)) {
    const words = statement
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
    while (/^(?:sudo|su|doas|nohup|busybox|toybox|exec|sh|bash|-c)$/.test(words[0] ?? ''))
      words.shift();
    const [head = '', ...rest] = words;
    const flags = rest.filter((w) => w.startsWith('-'));
    const targets = rest.filter((w) => !w.startsWith('-'));
    const recursive =
      head === 'rm' && flags.some((f) => /^-[a-zA-Z]*[rR]/.test(f) || f === '--recursive');
    const found = head === 'find' && rest.includes('-delete');
    if (!recursive && !found) continue;
    const hit = (found ? targets.slice(0, 1) : targets).find(remoteLoss);
    if (hit !== undefined) return hit;
  }
  return null;
}

export function remoteDeleteIntents(cmd: ShellCommand): IntentHit[] {
  if (cmd.name !== 'ssh' && cmd.name !== 'adb') return [];
  const line = remoteCommand(cmd.argv);
  const hit = line === null ? null : lossIn(line);
  return hit === null
    ? []
    : [{ intent: 'destructive_delete', detail: `${cmd.name} runs rm -r of ${hit} remotely` }];
}
