// Emptying files in place without deleting them (docs/guard.md "Shell analysis"): `sed -i 's/.*//'`,
// `sed -i d`, `perl -pi -e '$_=""'`, `truncate -s 0`, `cp /dev/null`. Each file keeps its name and
// loses its content; over a find's or xargs's list of every (or every source) file of a tree that is
// a delete without `rm`. A real substitution (`sed -i 's/foo/bar/'`) changes lines, never all of them.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { emptiesFiles } from './intent-delete.js';
import { findEmptiesTree } from './listed-wipe.js';

/** Stages that pass on some of the lines they read, unchanged. */
const FILTERS = /^(?:grep|egrep|fgrep|rg|sort|uniq|head|tail|awk|sed|cat|tr)$/;
// A sed script replacing every line by nothing, or deleting every line: `s/.*//g`, `s|^.*$||`, `d`,
// `1,$d`, `/.*/d`.
const SED_EMPTIES =
  /^\s*(?:(?:1,\$|%)?\s*s(.)\^?\.\*\$?\1\1[gI]*|(?:1,\$)?d|\/(?:\^?\.\*\$?|\^|\$)\/d)\s*;?\s*$/;
// A perl `-p`/`-n` body leaving nothing of each record: `s/.*//s`, `$_=""`, `undef $_`.
const PERL_EMPTIES =
  /^\s*(?:s(.)\^?\.\*\$?\1\1[gsm]*|\$_\s*=\s*(?:""|''|q\(\)|q\{\})|undef(?:\s*\$_)?)\s*;?\s*$/;

/** The script of a `sed -i` (after `-e`, or its first operand past a BSD `-i ''`); null when not in place. */
function sedScript(argv: readonly string[]): string | null {
  let inPlace = false;
  let script: string | null = null;
  let operand: string | null = null;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '-e' || a === '--expression') script ??= argv[++i] ?? '';
    else if (a.startsWith('--expression=')) script ??= a.slice(13);
    else if (/^-[a-zA-Z]*i/.test(a) || a.startsWith('--in-place')) {
      inPlace = true;
      if (a === '-i' && argv[i + 1] === '') i++;
    } else if (/^-[nz]/.test(a)) return null;
    else if (!a.startsWith('-')) operand ??= a;
  }
  return inPlace ? (script ?? operand) : null;
}

/** The `-e` body of a perl run editing in place with `-p` or `-n` (`-pi -e`, `-i -pe`, `-0777 -pi -e`). */
function perlScript(argv: readonly string[]): string | null {
  const flags = argv.slice(1).filter((a) => /^-[a-zA-Z0-9]+$/.test(a));
  if (!flags.some((f) => /^-[^i]*i/.test(f)) || !flags.some((f) => /[pn]/.test(f))) return null;
  const at = argv.findIndex((a, i) => i > 0 && /^-[a-zA-Z0-9]*e$/.test(a));
  return at > 0 ? (argv[at + 1] ?? null) : null;
}

/** The programs `emptiesContent` reads: any other command is passed over by its name alone. */
export const CONTENT_EMPTIERS: ReadonlySet<string> = new Set([
  'sed',
  'gsed',
  'perl',
  'truncate',
  'cp',
]);

/** True when the command empties every file it is given, keeping the files. */
export function emptiesContent(argv: readonly string[]): boolean {
  switch ((argv[0] ?? '').replace(/^.*\//, '')) {
    case 'sed':
    case 'gsed': {
      const s = sedScript(argv);
      return s !== null && SED_EMPTIES.test(s);
    }
    case 'perl': {
      const s = perlScript(argv);
      return s !== null && PERL_EMPTIES.test(s);
    }
    case 'truncate':
      return emptiesFiles(argv);
    case 'cp':
      return argv[1] === '/dev/null';
    default:
      return false;
  }
}

// `find . -type f -print0 | xargs -0 sed -i 's/.*//'`: the find whose whole list xargs empties.
function listingFind(cmd: ShellCommand, all: ShellAnalysis): ShellCommand | null {
  if (!cmd.wrappers.includes('xargs') || cmd.pipeline < 0) return null;
  const before = all.commands
    .filter((c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage && !c.substitution)
    .sort((a, b) => a.stage - b.stage);
  const [first, ...rest] = before;
  return first?.name === 'find' && rest.every((c) => FILTERS.test(c.name)) ? first : null;
}

export function contentWipeIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const n = cmd.name;
  if (!CONTENT_EMPTIERS.has(n) || cmd.pipeline < 0 || !emptiesContent(cmd.argv)) return [];
  const find = listingFind(cmd, all);
  const emptied = find === null ? null : findEmptiesTree(find.argv);
  return emptied === null
    ? []
    : [{ intent: 'destructive_delete', detail: `${emptied} (xargs ${n})` }];
}
