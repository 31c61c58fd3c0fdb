// `grep -o '^[A-Z_]*=' .env`, `cut -d= -f1 .env`, `sed 's/=.*//' .env`, `awk -F= '{print $1}' .env`:
// an env file reduced to the part of each line before its first `=`, its variable names. Nothing
// after an `=` reaches the output (docs/guard.md "Shell analysis").
import type { ShellAnalysis, ShellCommand } from './model.js';
import { nextStage } from './names-projection.js';

/** A dotenv file: `KEY=value` lines. YAML and INI files can use `:`, which no `=` cut stops. */
const ENV_FILE = /(?:^|\/)\.env(?:\.[\w-]+)*$/;

/** One character class of a variable name: letters, digits, `_`, `.` and `-` only. */
const NAME_CLASS = String.raw`(?:\[(?:[A-Za-z0-9_.]|[A-Za-z]-[A-Za-z]|\d-\d|\[:(?:alnum|alpha|upper|lower|digit):\])+-?\]|\\w|[A-Za-z_])`;
const QUANT = String.raw`(?:[*+?]|\\\+|\\?\{\d{1,3}(?:,\d{0,3})?\\?\})?`;
/**
 * `^` and an optional `export `, then name classes, then the `=` the match must end at (or a
 * lookahead for it): the match cannot pass the first `=`, nor cover a line that has none.
 */
const NAMES_PATTERN = new RegExp(
  String.raw`^\^(?:\\\(export \\\)\\?|\(export (?:\\s\+)?\)\?|\(export\\s\+\)\?)?(?:${NAME_CLASS}${QUANT})+(?:=|\(\?==\))$`,
);
/** grep options that only choose the syntax, case, labels or only-matching output. */
const GREP_PLAIN =
  /^-[EPiwnHhsoI]+$|^--(?:extended-regexp|perl-regexp|ignore-case|only-matching|color(?:=\w+)?)$/;

function grepNames(argv: readonly string[]): string[] | null {
  const opts = argv.slice(1).filter((a) => a.startsWith('-'));
  if (!opts.some((a) => /^-[a-zA-Z]*o/.test(a) || a === '--only-matching')) return null;
  if (!opts.every((a) => GREP_PLAIN.test(a))) return null;
  const [pattern = '', ...files] = argv.slice(1).filter((a) => !a.startsWith('-'));
  return NAMES_PATTERN.test(pattern) ? files : null;
}

/** `cut -d= -f1` (also `-d '='`, `-f 1`, `-s`): the first `=`-separated field. */
function cutNames(argv: readonly string[]): string[] | null {
  const words = argv.slice(1);
  const files: string[] = [];
  let delim = false;
  let field = false;
  for (let i = 0; i < words.length; i++) {
    const a = words[i] ?? '';
    if (a === '-s' || a === '--only-delimited') continue;
    if (a === '-d' || a === '-f') {
      const v = words[++i];
      if (a === '-d' ? v !== '=' : v !== '1') return null;
      if (a === '-d') delim = true;
      else field = true;
    } else if (a === '-d=' || a === '--delimiter==') delim = true;
    else if (a === '-f1' || a === '--fields=1') field = true;
    else if (a.startsWith('-')) return null;
    else files.push(a);
  }
  return delim && field ? files : null;
}

/** A sed substitution deleting from the first `=` on, or keeping only the group before it. */
const SED_NAMES =
  /^s([/|#,])(?:=\.\*\$?|\^?\\\(\[\^=\]\*\\\)=\.\*\$?|\^?\(\[\^=\]\*\)=\.\*\$?)\1(?:\\1)?\1(p?)$/;

function sedNames(argv: readonly string[]): string[] | null {
  let extended = false;
  const scripts: string[] = [];
  const operands: string[] = [];
  const words = argv.slice(1);
  for (let i = 0; i < words.length; i++) {
    const a = words[i] ?? '';
    // `-n` prints only what a `p` flag prints: the substituted lines, each a name alone
    if (a === '-n' || a === '--quiet' || a === '--silent') continue;
    if (a === '-E' || a === '-r' || a === '--regexp-extended') extended = true;
    else if (a === '-e') scripts.push(words[++i] ?? '');
    else if (a.startsWith('-')) return null;
    else operands.push(a);
  }
  // without `-e` the first operand is the script
  if (scripts.length === 0) scripts.push(operands.shift() ?? '');
  const s = scripts[0] ?? '';
  if (scripts.length !== 1 || !SED_NAMES.test(s)) return null;
  // the unescaped group is a group only in extended syntax, the escaped one only in basic
  if (s.includes('\\1') && (extended ? s.includes('\\(') : !s.includes('\\('))) return null;
  return operands;
}

/** `{print $1}` after an optional pattern that only selects lines. */
const AWK_FIRST =
  /^\s*(?:(?:!?\/(?:[^/\\]|\\.){0,64}\/|NF|\$0\s*~\s*\/(?:[^/\\]|\\.){0,64}\/)\s*)?\{\s*print\s+\$1\s*;?\s*\}\s*$/;

function awkNames(argv: readonly string[]): string[] | null {
  const words = argv.slice(1);
  let fs = false;
  const operands: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const a = words[i] ?? '';
    if (a === '-F') fs = words[++i] === '=';
    else if (a === '-F=') fs = true;
    else if (a.startsWith('-')) return null;
    else operands.push(a);
  }
  const program = operands.shift() ?? '';
  const begin = /^\s*BEGIN\s*\{\s*FS\s*=\s*"="\s*;?\s*\}\s*(.*)$/s.exec(program);
  return (fs || begin !== null) && AWK_FIRST.test(begin?.[1] ?? program) ? operands : null;
}

/**
 * The file operands of `cmd` when it prints only the names of `KEY=value` lines (the part before
 * the first `=`), else null.
 */
export function envKeyNames(cmd: ShellCommand): string[] | null {
  if (cmd.redirects.some((r) => r.op.startsWith('<'))) return null;
  switch (cmd.name) {
    case 'grep':
    case 'egrep':
    case 'rg':
      return grepNames(cmd.argv);
    case 'cut':
      return cutNames(cmd.argv);
    case 'sed':
    case 'gsed':
      return sedNames(cmd.argv);
    case 'awk':
    case 'gawk':
    case 'mawk':
      return awkNames(cmd.argv);
    default:
      return null;
  }
}

/** Line filters whose output, piped on, is whole lines of the file (nothing rewritten). */
function linesFilter(cmd: ShellCommand): boolean {
  const opts = cmd.argv.slice(1).filter((a) => a.startsWith('-'));
  if (cmd.name === 'cat') return opts.length === 0;
  if (cmd.name === 'grep' || cmd.name === 'egrep') return opts.every((a) => /^-[vEiwh]+$/.test(a));
  return (cmd.name === 'sort' || cmd.name === 'uniq') && opts.every((a) => /^-[urf]+$/.test(a));
}

/**
 * True when `cmd` reads the env file `path` and prints only its names: itself a names projection,
 * or a whole-line filter (`cat`, `grep -v '^#'`, `sort`) piped straight into one that reads only
 * its input (`grep -v '^#' .env | cut -d= -f1`).
 */
export function envFileNamesOnly(cmd: ShellCommand, path: string, all: ShellAnalysis): boolean {
  if (!ENV_FILE.test(path)) return false;
  if (envKeyNames(cmd)?.includes(path) === true) return true;
  if (cmd.pipeline < 0 || cmd.stage + 1 >= cmd.stages || !linesFilter(cmd)) return false;
  if (cmd.redirects.some((r) => r.op.startsWith('>') || r.op.startsWith('&'))) return false;
  const next = nextStage(cmd, all);
  // the projection reads its input alone: a file operand of its own would be printed unchecked
  return next !== undefined && envKeyNames(next)?.length === 0;
}
