// Deletes and emptyings whose targets come from a listing rather than the command line
// (docs/guard.md "Shell analysis"): `ls -d ~/*/ | grep -v .cache | xargs rm -rf`, where filters
// between only thin out every folder of home; `find . -name '*.py' -exec sh -c ': > "$1"' _ {} \;`,
// where every source file keeps its name and loses its content.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { emptiesFiles } from './intent-delete.js';
import { emptiesContent } from './content-wipes.js';
import { baseDir } from './intent-host.js';
import { isCatastrophicTarget, normalizePath } from '../sensitive-paths.js';

/** Programs whose output lists paths given to them. */
const LISTERS = /^(?:ls|find|fd|fdfind|echo|printf)$/;
/** Stages that pass on some of the lines they read, unchanged. */
const FILTERS = /^(?:grep|egrep|fgrep|rg|sort|uniq|head|tail|awk|sed|cat)$/;
/** Source, notebooks, configuration and docs: a project's work, never regenerated. */
const SOURCE =
  /\.(?:py|ipynb|js|jsx|mjs|cjs|ts|tsx|go|rs|java|kt|kts|scala|c|cc|cpp|cxx|h|hpp|cs|fs|rb|php|swift|m|mm|sql|sh|bash|ps1|pl|pm|r|jl|lua|vue|svelte|dart|ex|exs|erl|hs|clj|tf|ya?ml|toml|json|md|rst|tex|proto|gradle|xml|html|css|scss)$/i;
/** A shell body that writes nothing over its argument (`: > "$1"`, `> $f`, `truncate -s0 "$@"`, `cp /dev/null "$1"`). */
const EMPTY_BODY =
  /(?:^|[;&|]\s*)(?::|true)?\s*>\|?\s*["']?\$(?:\{?[1@]\}?|\{?\w+\}?)["']?\s*(?:$|[;&|])|\btruncate\s+(?:-s\s*0|--size[= ]0)\b|\bcp\s+\/dev\/null\b/;

function recursiveRm(cmd: ShellCommand): boolean {
  return (
    cmd.name === 'rm' &&
    cmd.argv.slice(1).some((a) => /^-[a-zA-Z]*[rR]/.test(a) || a === '--recursive')
  );
}

/** `ls -d ~/*\/ | grep -v X | xargs rm -rf`: the listing's named roots, if only filters follow it. */
function listedByPipeline(cmd: ShellCommand, all: ShellAnalysis): string | null {
  if (!cmd.wrappers.includes('xargs') || cmd.pipeline < 0 || !recursiveRm(cmd)) return null;
  const before = all.commands.filter(
    (c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage && !c.substitution,
  );
  const [first, ...rest] = before.sort((a, b) => a.stage - b.stage);
  if (first === undefined || !LISTERS.test(first.name) || !rest.every((c) => FILTERS.test(c.name)))
    return null;
  const named = first.argv.slice(1).filter((a) => !a.startsWith('-') && !/^\.\/?$/.test(a));
  const root = named.find((a) => isCatastrophicTarget(a));
  if (root !== undefined) return normalizePath(root);
  // `cd ~ && ls -A | grep -v .ssh | xargs rm -rf`: a listing of the folder the script moved to
  const dir = named.length === 0 && first.name !== 'echo' ? baseDir(first, all) : null;
  return dir !== null && movedToRoot(dir) ? normalizePath(dir) : null;
}

/** A folder `cd` moved to that relative deletes must not empty: home, the root, a system folder. */
export function movedToRoot(dir: string): boolean {
  return /^(?:[~/]|\$\{?HOME\}?(?:\/|$))/.test(dir) && isCatastrophicTarget(dir);
}

/** The words after `-exec`/`-execdir`/`-ok` up to its `;` or `+`. */
function execWords(argv: readonly string[]): string[] {
  const at = argv.findIndex((a) => /^-(?:exec|execdir|ok|okdir)$/.test(a));
  if (at < 0) return [];
  const end = argv.findIndex((a, i) => i > at && (a === ';' || a === '+'));
  return argv.slice(at + 1, end < 0 ? undefined : end);
}

function emptiesEach(words: readonly string[]): boolean {
  const [name = '', flag, body] = words;
  if (/^(?:ba|da|z|k)?sh$/.test(name) && flag === '-c') return EMPTY_BODY.test(body ?? '');
  if (name === 'truncate') return emptiesFiles(words);
  return emptiesContent(words);
}

/**
 * The name patterns a find keeps, empty when it keeps every file. A negated name, or one followed
 * by `-prune` (`-name .git -prune -o -type f`), is left out of the list, not kept.
 */
export function namePatterns(argv: readonly string[]): string[] {
  return argv.flatMap((a, i) =>
    /^-i?name$/.test(a) &&
    !/^(?:-not|!)$/.test(argv[i - 1] ?? '') &&
    !argv.slice(i + 2, i + 5).includes('-prune')
      ? [argv[i + 1] ?? '']
      : [],
  );
}

/** What a find lists that losing it loses the tree: every file under a root that must survive, or source. */
export function findEmptiesTree(argv: readonly string[]): string | null {
  const names = namePatterns(argv);
  const root = argv.slice(1).find((a) => !a.startsWith('-'));
  // `find logs -type f -exec truncate -s0 {} +` empties one folder's logs, not the project
  if (names.length === 0)
    return root !== undefined && isCatastrophicTarget(root) ? 'find empties every file' : null;
  return names.some((n) => SOURCE.test(n)) ? 'find empties source files' : null;
}

/** `find . -name '*.py' -exec sh -c ': > "$1"' _ {} \;`: source (or every file) emptied one by one. */
function emptiedByFind(cmd: ShellCommand): string | null {
  if (cmd.name !== 'find' || !emptiesEach(execWords(cmd.argv))) return null;
  return findEmptiesTree(cmd.argv);
}

export function listedWipeIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const root = listedByPipeline(cmd, all);
  if (root !== null) return [{ intent: 'destructive_delete', detail: `xargs rm -r of ${root}` }];
  const emptied = emptiedByFind(cmd);
  return emptied === null ? [] : [{ intent: 'destructive_delete', detail: emptied }];
}
