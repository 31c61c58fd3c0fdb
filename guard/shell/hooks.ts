// Commands other programs run through their documented hooks (docs/guard.md "Indirection"): one
// table of "option that runs a command" per program, read from each program's manual.
import {
  awkCommands,
  exCommands,
  expectCommands,
  gdbCommands,
  luaCommands,
  makeCommands,
  sedCommands,
} from './hook-languages.js';
import { basename } from './wrappers.js';
import { unquote } from './words.js';

type Reader = (value: string) => string[];
const shellText: Reader = (v) => [v];

/**
 * Per program, each option whose value is run, and how the value is read. An option is matched as
 * a word (`-c CMD`), with `=` (`--command=CMD`), and, for a one-letter option, at the end of a
 * cluster (`-qc CMD`) or with its value attached (`-cCMD`).
 */
const RUN_OPTIONS: Record<string, Record<string, Reader>> = {
  rsync: { '-e': shellText, '--rsh': shellText },
  zip: { '-TT': (v) => [v.replaceAll('{}', 'x.zip')], '--unzip-command': shellText },
  script: { '-c': shellText, '--command': shellText },
  flock: { '-c': shellText, '--command': shellText },
  man: { '-P': shellText, '--pager': shellText },
  make: { '--eval': makeCommands, '-E': makeCommands },
  gmake: { '--eval': makeCommands, '-E': makeCommands },
  gdb: {
    '-ex': gdbCommands,
    '--ex': gdbCommands,
    '-eval-command': gdbCommands,
    '--eval-command': gdbCommands,
    '-iex': gdbCommands,
    '--init-eval-command': gdbCommands,
  },
  expect: { '-c': expectCommands },
  lua: { '-e': luaCommands },
  luajit: { '-e': luaCommands },
  ssh: { '-o': sshOption },
  scp: { '-o': sshOption, '-S': shellText },
  sftp: { '-o': sshOption, '-S': shellText },
  tar: {
    '--to-command': shellText,
    '--use-compress-program': shellText,
    '--rsh-command': shellText,
    '--info-script': shellText,
    '--new-volume-script': shellText,
    '-F': shellText,
  },
};
for (const vi of ['vim', 'vi', 'nvim', 'view', 'vimdiff', 'ex', 'rvim', 'gvim', 'evim'])
  RUN_OPTIONS[vi] = { '-c': exCommands, '--cmd': exCommands };
for (const awk of ['awk', 'gawk', 'mawk', 'nawk'])
  RUN_OPTIONS[awk] = { '--source': awkCommands, '-e': awkCommands };
RUN_OPTIONS.sed = { '-e': sedCommands, '--expression': sedCommands };

/** ssh `-o` settings that run a local command (ssh_config(5)). */
function sshOption(v: string): string[] {
  const m = /^(?:ProxyCommand|LocalCommand|KnownHostsCommand)\s*[= ]\s*(.*)$/is.exec(v.trim());
  return m?.[1] === undefined || /^none$/i.test(m[1]) ? [] : [m[1].replace(/%[a-zA-Z%]/g, 'x')];
}

/** Options of awk (gawk manual) and sed (GNU manual) that take a value which is not the program. */
const AWK_VALUE_OPTS = new Set(['-F', '-v', '-f', '-i', '-l', '--include', '--load', '--file']);
const SED_VALUE_OPTS = new Set(['-l', '--line-length', '-f', '--file']);

/** The program text of awk or sed when it is the first operand (no `-e`, `-f` or `--source`). */
function operandProgram(argv: readonly string[], name: string): string | null {
  const valueOpts = name === 'sed' ? SED_VALUE_OPTS : AWK_VALUE_OPTS;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--') return argv[i + 1] ?? null;
    if (/^(?:-[a-zA-Z]*[ef]|--expression|--source|--file)(?:=|$)/.test(a)) return null;
    if (a.startsWith('-') && a.length > 1) {
      if (valueOpts.has(a)) i++;
      continue;
    }
    return a;
  }
  return null;
}

/** Shell text the program's own options or program text will run. */
export function hookScripts(argv: readonly string[]): string[] {
  const name = basename(argv[0] ?? '');
  const out: string[] = [];
  const table = RUN_OPTIONS[name];
  if (table !== undefined)
    argv.forEach((a, i) => {
      if (i === 0) return;
      const next = argv[i + 1];
      for (const [opt, read] of Object.entries(table)) {
        if (a === opt && next !== undefined) out.push(...read(next));
        else if (opt.startsWith('--') && a.startsWith(`${opt}=`))
          out.push(...read(a.slice(opt.length + 1)));
        else if (!/^-[a-zA-Z]$/.test(opt) || a === opt || name === 'tar') continue;
        // a cluster that ends in the option (`-qc CMD`, `-ne SCRIPT`)
        else if (/^-[a-zA-Z]+$/.test(a) && a.endsWith(opt.slice(1)) && next !== undefined)
          out.push(...read(next));
        // ssh's `-oProxyCommand=...`: the value attached
        else if (opt === '-o' && a.startsWith('-o') && a.length > 2) out.push(...read(a.slice(2)));
      }
    });
  if (/^[gmn]?awk$/.test(name)) {
    const p = operandProgram(argv, name);
    if (p !== null) out.push(...awkCommands(p));
  }
  if (name === 'sed') {
    const p = operandProgram(argv, name);
    if (p !== null) out.push(...sedCommands(p));
  }
  if (RUN_OPTIONS[name]?.['--cmd'] !== undefined || name === 'less' || name === 'more')
    for (const a of argv.slice(1))
      if (a.startsWith('+') && a.length > 1)
        out.push(
          ...(name === 'less' || name === 'more' ? bangOf(a.slice(1)) : exCommands(a.slice(1))),
        );
  if (name === 'socat')
    for (const a of argv.slice(1)) {
      const m = /^(?:exec|system):(.*)$/is.exec(a);
      if (m?.[1] !== undefined) out.push(m[1].split(/(?<!\\),/)[0] ?? '');
    }
  if (name === 'git') out.push(...gitRuns(argv));
  return out.filter((s) => s.trim() !== '');
}

/** less and more run `!cmd` given as an initial command (`+!cmd`). */
function bangOf(c: string): string[] {
  const m = /^!(.*)$/s.exec(c.trim());
  return m?.[1] === undefined ? [] : [m[1] === '' ? 'sh' : m[1]];
}

/** git options that run a command, by the subcommands that have them (git-rebase(1), git-fetch(1), ...). */
const GIT_OPTIONS: [RegExp, RegExp][] = [
  [/^rebase$/, /^(?:-x|--exec)$/],
  [/^(?:clone|fetch|pull|ls-remote|archive)$/, /^(?:-u|--upload-pack|--exec)$/],
  [/^(?:push|send-pack)$/, /^(?:--receive-pack|--exec)$/],
  [/^filter-branch$/, /^--(?:tree|index|msg|env|commit|parent)-filter$/],
];

/**
 * git's own command hooks: the options of GIT_OPTIONS, `submodule foreach`, `bisect run`, `ext::`
 * remotes (git-remote-ext(1)).
 */
function gitRuns(argv: readonly string[]): string[] {
  const out: string[] = [];
  const ops = argv.slice(1).filter((a) => !a.startsWith('-'));
  const sub = ops.find((o) => GIT_OPTIONS.some(([s]) => s.test(o)));
  const opt = GIT_OPTIONS.find(([s]) => sub !== undefined && s.test(sub))?.[1];
  if (opt !== undefined)
    argv.forEach((a, i) => {
      const eq = a.indexOf('=');
      if (opt.test(a) && argv[i + 1] !== undefined) out.push(argv[i + 1] ?? '');
      else if (eq > 0 && opt.test(a.slice(0, eq))) out.push(a.slice(eq + 1));
    });
  const at = (a: string, b: string): number =>
    argv.findIndex((x, i) => x === b && argv[i - 1] === a);
  const each = at('submodule', 'foreach');
  if (each > 0)
    out.push(
      argv
        .slice(each + 1)
        .filter((a) => a !== '--recursive' && a !== '-q')
        .join(' '),
    );
  const run = at('bisect', 'run');
  if (run > 0) out.push(argv.slice(run + 1).join(' '));
  for (const o of ops) {
    const m = /^ext::(.*)$/s.exec(o);
    if (m?.[1] !== undefined) out.push(m[1].replace(/%[SGV%]/g, 'x'));
  }
  return out;
}

/** Environment variables whose value a program runs as a command (git(1), ssh(1), less(1), man(1)). */
export const HOOK_VARIABLES =
  /\b(?:GIT_SSH_COMMAND|GIT_SSH|GIT_EXTERNAL_DIFF|GIT_PAGER|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_ASKPASS|GIT_PROXY_COMMAND|SSH_ASKPASS|SUDO_ASKPASS|PAGER|MANPAGER|LESSOPEN|LESSCLOSE|RSYNC_RSH|EDITOR|VISUAL)=/;

/** The command an assignment of a hook variable hands its program (`LESSOPEN='|cmd %s'`). */
export function hookVariable(name: string, value: string): string | null {
  if (!new RegExp(HOOK_VARIABLES.source.replace('\\b', '^')).test(`${name}=`)) return null;
  const v = unquote(value)
    .replace(/^\|\|?-?/, '')
    .replaceAll('%s', 'x');
  return v.trim() === '' ? null : v;
}
