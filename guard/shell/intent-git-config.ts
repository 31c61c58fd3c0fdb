// git settings that make git run a program, or read settings, from outside the project (git-config(1)): persistence, as writing a hook is (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { split } from './intent-git.js';
import { inProject } from './project-paths.js';

/** `git config` options that take a value; `--file`/`-f` names the file written. */
const VALUED = new Set(['--file', '-f', '--blob', '--type', '--default', '--comment', '--value']);
/** Modes that read or remove rather than set. */
const NOT_SETTING =
  /^(?:--get(?:-all|-regexp|-urlmatch|-color(?:bool)?)?|--unset(?:-all)?|-l|--list|--remove-section|--rename-section|-e|--edit)$/;
const SETTING_VERBS = new Set(['set']);
const READING_VERBS = new Set(['get', 'list', 'unset', 'remove-section', 'rename-section', 'edit']);

/** Keys whose value is a program git runs. */
const RUNS_PROGRAM =
  /^(?:core\.(?:fsmonitor|sshcommand|pager|editor|askpass|gitproxy)|sequence\.editor|diff\.external|pager\.[^.]+|gpg\.(?:[^.]+\.)?program|filter\.[^.]+\.(?:clean|smudge|process)|diff\.[^.]+\.(?:textconv|command)|merge\.[^.]+\.driver|uploadpack\.packobjectshook|sendemail\.(?:sendmailcmd|tocmd|cccmd)|web\.browser|remote\.[^.]+\.(?:uploadpack|receivepack)|browser\.[^.]+\.cmd|man\.[^.]+\.cmd)$/;

/** Editors, pagers and tools people name in these settings, run as themselves. */
const KNOWN_PROGRAMS = new Set([
  'less',
  'more',
  'most',
  'cat',
  'bat',
  'delta',
  'diff-so-fancy',
  'diff-highlight',
  'vim',
  'vi',
  'nvim',
  'gvim',
  'mvim',
  'nano',
  'emacs',
  'emacsclient',
  'micro',
  'hx',
  'kak',
  'ed',
  'code',
  'code-insiders',
  'codium',
  'cursor',
  'subl',
  'mate',
  'atom',
  'zed',
  'idea',
  'notepad',
  'notepad++',
  'ssh',
  'gpg',
  'gpg2',
  'ssh-keygen',
  'git-lfs',
  'git',
  'true',
  'false',
  'xdg-open',
  'open',
  'firefox',
  'hexdump',
  'xxd',
  'exiftool',
  'pandoc',
  'opendiff',
  'meld',
  'vimdiff',
  'kdiff3',
]);
const SHELL_SYNTAX = /[;&|`<>]|\$\(|\$\{?[A-Za-z_]/;

/** A program value people use: a known tool by name or in a system folder, no shell syntax, no ProxyCommand. */
function knownProgram(value: string): boolean {
  if (SHELL_SYNTAX.test(value) || /ProxyCommand|LocalCommand|PermitLocalCommand/i.test(value))
    return false;
  const first = value.trim().split(/\s+/)[0] ?? '';
  const name = first.replace(/^.*\//, '').replace(/\.exe$/i, '');
  if (!KNOWN_PROGRAMS.has(name)) return false;
  return !first.includes('/') || /^\/(?:usr|bin|opt\/homebrew|Applications|snap)\//.test(first);
}

/** An include read from home that dotfiles commonly keep (`~/.gitconfig-work`, `~/.config/git/...`). */
const DOTFILE_INCLUDE =
  /^(?:~|\$HOME)\/(?:\.gitconfig[\w.-]*|\.config\/git\/[\w./-]+|\.?dotfiles\/[\w./-]+)$/;

function risky(key: string, value: string, scoped: boolean): string | null {
  const k = key.toLowerCase();
  if (k === 'core.hookspath') return inProject(value) ? null : 'core.hooksPath outside the project';
  if (k === 'core.fsmonitor')
    return /^(?:true|false|\.git\/hooks\/fsmonitor-watchman)$/i.test(value)
      ? null
      : 'core.fsmonitor runs a program';
  if (RUNS_PROGRAM.test(k)) return knownProgram(value) ? null : `${key} runs a program`;
  if (/^alias\./.test(k) && value.startsWith('!') && scoped) {
    const body = value.slice(1).trim();
    return /^git\s/.test(body) && !SHELL_SYNTAX.test(body) ? null : `${key} runs a shell command`;
  }
  // a relative include of the repository's own config is read from `.git/`: `../x` is the worktree
  if (/^include(?:if\..+)?\.path$/.test(k))
    return inProject(scoped ? value : value.replace(/^\.\.\//, '')) || DOTFILE_INCLUDE.test(value)
      ? null
      : `${key} reads settings from outside the project`;
  return null;
}

/** `git config [--global|--system|--file F] [set] [--add] KEY VALUE` and the keys it sets. */
export function gitConfigIntents(cmd: ShellCommand): IntentHit[] {
  if (cmd.name !== 'git') return [];
  const { sub, rest } = split(cmd.argv);
  if (sub !== 'config') return [];
  const words: string[] = [];
  let scoped = false;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    if (NOT_SETTING.test(a)) return [];
    if (a === '--global' || a === '--system') scoped = true;
    if (VALUED.has(a)) {
      if (a === '--file' || a === '-f') scoped = !inProject(rest[i + 1] ?? '') || scoped;
      i++;
    } else if (/^--file=/.test(a)) scoped = !inProject(a.slice(7)) || scoped;
    else if (!a.startsWith('-')) words.push(a);
  }
  if (READING_VERBS.has(words[0] ?? '')) return [];
  if (SETTING_VERBS.has(words[0] ?? '')) words.shift();
  const [key, value] = words;
  if (key === undefined || value === undefined) return [];
  const why = risky(key, value, scoped);
  return why === null ? [] : [{ intent: 'sensitive_write', detail: `git config ${why}` }];
}
