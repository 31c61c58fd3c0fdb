// User services and schedules that run a local developer tool: a crontab line, a systemd --user
// unit or a launchd LaunchAgent whose program is an installed binary or the project's own make,
// npm or git work, with nothing downloaded, decoded, handed to a shell or run from a scratch or
// hidden folder (docs/guard.md "Shell analysis").
import { isCredentialPath, isPersistencePath, normalizePath } from '../sensitive-paths.js';
import { exposesServer } from './dev-server-exposure.js';
import { gitOwnRemoteUpdate } from './git-own-remote.js';
import { entryPointCall, isEntryPointDir } from './venv-programs.js';

/** Folders installed programs live in (package managers, Homebrew, snaps, Go's and the user's bin). */
const INSTALLED_DIR =
  /^(?:\/usr(?:\/local)?\/s?bin|\/s?bin|\/opt\/homebrew\/bin|\/home\/linuxbrew\/\.linuxbrew\/bin|\/snap\/bin|\/opt\/[\w.-]+\/bin|~\/(?:go\/)?bin)$/;
/**
 * Programs a schedule must not start: shells, interpreters and wrappers run text given to them,
 * network tools send or fetch, the rest decode, delete, escalate or schedule further.
 */
const REFUSED =
  /^(?:sh|bash|zsh|dash|ksh|mksh|fish|csh|tcsh|pwsh|powershell|python[\d.]*|node|nodejs|deno|bun|perl|ruby|irb|php|lua|R|Rscript|julia|tclsh|wish|expect|groovy|jshell|elixir|iex|erl|escript|guile|racket|sbcl|osascript|awk|gawk|mawk|nawk|java|eval|exec|source|env|xargs|parallel|watch|nohup|timeout|script|unbuffer|tmux|screen|at|batch|busybox|toybox|strace|ltrace|gdb|chroot|unshare|nsenter|runuser|setpriv|firejail|bwrap|xvfb-run|dbus-run-session|ssh-agent|sg|newgrp|systemd-run|flatpak-spawn|ansible(?:-[\w-]+)?|vi|vim|nvim|ex|ed|emacs|sudo|doas|pkexec|su|curl|wget|nc|ncat|netcat|socat|ssh|scp|sftp|rsync|rclone|ftp|telnet|aria2c|http|xh|base64|openssl|xxd|rm|dd|shred|mkfs|crontab|launchctl|systemctl|chmod|chown|tee|docker|podman|kubectl|npx|pnpx|bunx)$/;
/** `find`'s actions that run a command or delete what it finds. */
const FIND_ACTION = /^-(?:exec|execdir|ok|okdir|delete|fprint0?|fprintf|fls)$/;
/** git's local housekeeping: nothing fetched, nothing sent. */
const GIT_LOCAL = /^(?:add|commit|gc|maintenance|prune|status)$/;
/** npm, pnpm and yarn running the project's own scripts. */
const SCRIPT_RUN = /^(?:run|run-script|test|start)$/;
/** Hidden folders of the user's own data and settings (XDG); any other hidden folder is refused. */
const XDG_HIDDEN = /^~\/\.(?:local\/share|local\/state|config|cache)(?:\/|$)/;

/** A path word: no scratch folder, no device socket, no credential, no hidden folder outside XDG's. */
function plainPathWord(w: string): boolean {
  const n = normalizePath(w.replace(/^%h(?=\/|$)/, '~'));
  if (/(?:^|[=:])\/(?:tmp|var\/tmp|dev\/shm|dev\/tcp|dev\/udp|private\/tmp)(?:\/|$)/.test(n))
    return false;
  if (n.split('/').includes('..') || isCredentialPath(n) || isPersistencePath(n)) return false;
  return !/(?:^|\/)\.[^/.]/.test(n) || XDG_HIDDEN.test(n);
}

/**
 * A script of the user's own: a path under their home (`~/backup/rotate.sh`, `/home/dev/bin/x`) or
 * relative to the folder the line runs in (cron starts in the home folder), with no hidden, scratch
 * or parent segment. What the script holds is its own write's concern, checked when it is written.
 */
function ownScript(n: string): boolean {
  const underHome = /^(?:~|\/home\/[\w.-]+|\/Users\/[\w.-]+)\/./.test(n) || !n.startsWith('/');
  return underHome && !/(?:^|\/)\.[^/]/.test(n.replace(/^\.\//, '')) && plainPathWord(n);
}

/**
 * `npx --no-install vite build`: npx told to run only what the project installed. Without
 * `--no-install` (or `--no`) npx downloads a package named as the program from the registry when
 * the project has none, and a program's name need not be its package's, so the download is
 * whatever answers to that name; `--offline` still runs what an earlier download left in the cache.
 */
function noInstallNpx(args: readonly string[]): boolean {
  const i = args.findIndex((a) => !a.startsWith('-'));
  const opts = args.slice(0, i < 0 ? args.length : i);
  if (!opts.some((o) => o === '--no-install' || o === '--no')) return false;
  if (!opts.every((o) => /^--(?:no-install|no|quiet|silent|)$|^-q$/.test(o))) return false;
  const bin = args[i] ?? '';
  // what it runs is the project's node_modules/.bin entry point
  return (
    /^[a-z][\w.-]*$/.test(bin) &&
    entryPointCall(bin, args.slice(i + 1)) &&
    localToolCall(args.slice(i))
  );
}

/** Interpreters that run a script file named as their first operand. */
const SCRIPT_RUNNER = /^(?:python[\d.]*|node|ruby|perl|php|Rscript|bash|sh|zsh)$/;
/** Script files by extension; the options allowed before them change no code that runs. */
const SCRIPT_FILE = /\.(?:py|js|mjs|cjs|rb|pl|php|R|r|sh|bash|zsh)$/;
const RUNNER_OPTION = /^(?:-u|-B|-O|-OO|-q|--vanilla|--no-save|--no-restore|--no-warnings)$/;

/**
 * `python3 scripts/refresh.py`, `Rscript scripts/cache.R`, `.venv/bin/python etl/load.py`: an
 * interpreter run on a script of the user's own is that script run, which a schedule may start
 * as it starts `./x.sh`. Inline code (`-c`, `-e`), a module (`-m`) or a script anywhere else
 * keeps the interpreter refused. Returns the script's argv, or null when this is no such call.
 */
function scriptRun(dir: string, name: string, args: readonly string[]): readonly string[] | null {
  if (!SCRIPT_RUNNER.test(name)) return null;
  if (dir !== '' && !INSTALLED_DIR.test(dir) && !isEntryPointDir(dir)) return null;
  const i = args.findIndex((a) => !RUNNER_OPTION.test(a));
  const script = args[i] ?? '';
  if (i < 0 || script.startsWith('-') || !SCRIPT_FILE.test(script)) return null;
  return ownScript(normalizePath(script)) ? args.slice(i) : null;
}

/** An argument naming a refused program, bare, as a path or as an option's value (`--exec=sh`). */
function refusedWord(a: string): boolean {
  const v = a.replace(/^--?[\w-]+=/, '');
  if (v.startsWith('-') || v === '') return false;
  return REFUSED.test(v.slice(v.lastIndexOf('/') + 1));
}

/** One program call: the argv of a cron segment, an `ExecStart=` or a `ProgramArguments` array. */
export function localToolCall(argv: readonly string[]): boolean {
  const [program = '', ...args] = argv;
  // `/home/../tmp/x` normalises to a home path: a parent segment is refused before it does
  if (program.split('/').includes('..')) return false;
  const n = normalizePath(program.replace(/^%h(?=\/|$)/, '~'));
  const slash = n.lastIndexOf('/');
  const name = n.slice(slash + 1);
  if (name === 'npx' && (slash < 0 || INSTALLED_DIR.test(n.slice(0, slash))))
    return noInstallNpx(args);
  const script = scriptRun(slash < 0 ? '' : n.slice(0, slash), name, args);
  if (script !== null) return localToolCall(script);
  if (name === '' || REFUSED.test(name)) return false;
  if (slash >= 0 && !INSTALLED_DIR.test(n.slice(0, slash)) && !ownScript(n)) {
    const dir = n.slice(0, slash);
    if (!isEntryPointDir(dir) || !entryPointCall(name, args)) return false;
  }
  // a wrapper (`nice`, `setsid`, `flock LOCK`, `stdbuf -oL`, `chrt 5`) runs the program its
  // arguments name: a refused name anywhere among them is refused as the program itself would be
  if (args.some((a) => refusedWord(a))) return false;
  if (name === 'find' && args.some((a) => FIND_ACTION.test(a))) return false;
  if (exposesServer(args)) return false;
  if (name === 'git' && !GIT_LOCAL.test(args.find((a) => !a.startsWith('-')) ?? ''))
    if (!gitOwnRemoteUpdate(args)) return false;
  if (/^(?:npm|pnpm|yarn)$/.test(name) && !SCRIPT_RUN.test(args[0] ?? '')) return false;
  return args.every(
    (a) =>
      a.length <= 256 &&
      !/:\/\/|^[\w.-]+@[\w.-]+:|[`$\\;|&<>]/.test(a) &&
      // encoded data: a long unbroken run of base64 or hex
      !/[A-Za-z0-9+/=]{48,}/.test(a) &&
      (!a.includes('/') || plainPathWord(a.replace(/^--?[\w-]+=/, ''))),
  );
}

/** Words of a simple command line: plain words and quoted words without expansions. */
export function lineWords(s: string): string[] | null {
  const out: string[] = [];
  const re = /\s*(?:"([^"$`\\]*)"|'([^']*)'|([^\s"'$`\\;|&<>()]+))/y;
  let m: RegExpExecArray | null;
  while (re.lastIndex < s.length && (m = re.exec(s)) !== null) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return s.slice(re.lastIndex).trim() === '' ? out : null;
}

/** `>> logs/x.log`, `2>&1`, `>/dev/null` at a segment's end: output kept out of persistence and keys. */
function stripRedirects(seg: string): string | null {
  let rest = seg;
  for (;;) {
    const m = /\s+(\d?>>?|&>>?)\s*(&\d|[^\s&|;<>`$]+)\s*$/.exec(rest);
    if (m === null) return rest;
    const target = m[2] ?? '';
    if (!target.startsWith('&') && (isPersistencePath(target) || isCredentialPath(target)))
      return null;
    rest = rest.slice(0, m.index);
  }
}

const SCHEDULE =
  /^(?:@(?:reboot|hourly|daily|weekly|monthly|yearly|annually|midnight)|(?:[\d*/,-]+\s+){4}[\d*/,A-Za-z-]+)\s+(.+)$/;

/** `*\/30 * * * * cd /home/dev/notes && git add -A && git commit -qm "autosave" || true`. */
export function localCronLine(line: string): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('#')) return true;
  const m = SCHEDULE.exec(t);
  // `%` is a newline to cron: the rest of the line becomes the command's input
  if (m === null || (m[1] ?? '').includes('%')) return false;
  const segments = (m[1] ?? '').replace(/\s*\|\|\s*true\s*$/, '').split(/\s*&&\s*/);
  let hiddenCwd = false;
  return segments.every((seg, i) => {
    const body = stripRedirects(seg);
    const words = body === null ? null : lineWords(body);
    if (words === null || words.length === 0) return false;
    if (words[0] === 'cd' && i === 0) {
      hiddenCwd = /(?:^|\/)\.[^/.]/.test(words[1] ?? '');
      return (
        words.length === 2 &&
        plainPathWord(words[1] ?? '') &&
        !/^\/(?:tmp|var\/tmp)/.test(words[1] ?? '')
      );
    }
    // a script run relative to a hidden folder lives in it
    if (hiddenCwd && !/^[/~]/.test(words[0] ?? '')) return false;
    return localToolCall(words);
  });
}
