// `find ~ -type f \( -name '*.kt' -o -name '*.java' \) -print0 | xargs -0 rm -f`: the files a find
// over home, the root or a home work folder lists, deleted by the rm xargs runs. The find judges
// as its own `-delete` would (docs/guard.md "Shell analysis"): every file, or every source file,
// of the tree is lost; only names a build regenerates keep it routine.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { movedToRoot, namePatterns } from './listed-wipe.js';
import { baseDir } from './intent-host.js';
import { isCatastrophicTarget, normalizePath } from '../sensitive-paths.js';

/** Stages that pass on some of the lines they read, unchanged. */
const FILTERS = /^(?:grep|egrep|fgrep|rg|sort|uniq|head|tail|awk|sed|cat|tr)$/;
/** Names a build, an interpreter or the desktop regenerates: caches, objects, dependency folders. */
const REGENERATED =
  /^(?:\*\.(?:pyc|pyo|o|obj|class|swp|tmp|orig|rej)|\*~|__pycache__|node_modules|\.DS_Store|Thumbs\.db|\.pytest_cache|\.mypy_cache|\.ruff_cache|\.gradle|\.next|\.turbo|\.parcel-cache|target|build|dist)$/;

/** Cache folders at home's top: what is in them is downloaded or rebuilt on demand. */
const CACHE_ROOT = /^~\/(?:\.cache|Library\/Caches|tmp)(?:\/|$)/;

/** The find that lists what xargs deletes, when only filters stand between them. */
function listingFind(cmd: ShellCommand, all: ShellAnalysis): ShellCommand | null {
  if (cmd.name !== 'rm' || !cmd.wrappers.includes('xargs') || cmd.pipeline < 0) return null;
  const before = all.commands
    .filter((c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage && !c.substitution)
    .sort((a, b) => a.stage - b.stage);
  const [first, ...rest] = before;
  if (first?.name !== 'find' || !rest.every((c) => FILTERS.test(c.name))) return null;
  return first;
}

/** A find's first starting point, past its `-H`/`-L`/`-P`/`-O`/`-D` options; `.` when it names none. */
function findRoot(argv: readonly string[]): string {
  let i = 1;
  while (/^-(?:[HLP]|O\d?|D)$/.test(argv[i] ?? '')) i += argv[i] === '-D' ? 2 : 1;
  const first = argv[i] ?? '.';
  return /^[-(!]/.test(first) ? '.' : first;
}

/** Deletes of what a find over a tree that must survive lists, piped to `xargs rm`. */
export function foundDeleteIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const find = listingFind(cmd, all);
  if (find === null) return [];
  const named = findRoot(find.argv);
  // `cd ~ && find . -maxdepth 1 | xargs rm -rf`: `.` is the folder the script moved to
  const moved = /^\.\/?$/.test(named) ? baseDir(find, all) : null;
  const root = moved !== null && movedToRoot(moved) ? moved : named;
  // `find . -name '*.log' | xargs rm` in the project is scoped by its predicate
  if (/^\.\/?$/.test(root) || !isCatastrophicTarget(root)) return [];
  if (CACHE_ROOT.test(normalizePath(root))) return [];
  const names = namePatterns(find.argv);
  if (names.length > 0 && names.every((n) => REGENERATED.test(n))) return [];
  return [{ intent: 'destructive_delete', detail: `find ${normalizePath(root)} | xargs rm` }];
}
