// A history rewrite (`git filter-repo`, `git filter-branch`) in a copy made for it rewrites no
// one's work: the copy is a clone the same command made and entered, or a folder named for the
// rewrite or a mirror (`app-mirror-rewrite`, `repo-filtered`). Pushing the result back stays a
// force push, judged on its own. A rewrite anywhere else stays `history_rewrite`
// (docs/guard.md "Shell analysis").
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';

/** A folder name's word that says it holds a copy made to rewrite history. */
const COPY_NAME =
  /(?:^|[-_.])(?:mirror|rewrite|rewritten|rewriting|filtered|scrub|scrubbed|purge|purged)(?:[-_.]|$)/i;
/** `git clone` options that take a value as the next word. */
const CLONE_VALUE = new Set([
  '-b',
  '--branch',
  '-o',
  '--origin',
  '--depth',
  '-c',
  '--config',
  '--reference',
  '--separate-git-dir',
  '-u',
  '--upload-pack',
  '-j',
  '--jobs',
  '--filter',
  '--template',
]);

const lastSegment = (dir: string): string =>
  dir
    .replace(/[\\/]+$/, '')
    .split(/[\\/]/)
    .at(-1) ?? '';

/** True when the folder `dir` is named for a rewrite copy or a mirror. */
export const rewriteCopyFolder = (dir: string): boolean => COPY_NAME.test(lastSegment(dir));

/** The folder a `git clone` argv (after `clone`) makes: its second operand, else the URL's name. */
function cloneFolder(rest: readonly string[]): string {
  const ops: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    if (CLONE_VALUE.has(a)) i++;
    else if (!a.startsWith('-')) ops.push(a);
  }
  if (ops[1] !== undefined) return lastSegment(ops[1]);
  const bare = rest.includes('--mirror') || rest.includes('--bare');
  const name = lastSegment((ops[0] ?? '').replace(/:/g, '/')).replace(/\.git$/, '');
  return name === '' ? '' : bare ? `${name}.git` : name;
}

/**
 * Where a rewrite by `cmd` (git with `globals` before its subcommand) runs: 'copy' for a copy made
 * for it, 'other' for a folder the script names that is none, 'cwd' when it is the call's folder.
 */
export function rewriteRunsIn(
  cmd: ShellCommand,
  globals: readonly string[],
  all: ShellAnalysis,
): 'copy' | 'other' | 'cwd' {
  const at = all.commands.indexOf(cmd);
  const before = at < 0 ? [] : all.commands.slice(0, at);
  const c = globals.indexOf('-C');
  const entered =
    c >= 0
      ? globals[c + 1]
      : before.filter((b) => b.name === 'cd' || b.name === 'pushd').at(-1)?.argv[1];
  if (entered === undefined) return 'cwd';
  const into = lastSegment(entered);
  const cloned = before.some(
    (b) =>
      b.name === 'git' &&
      b.argv.includes('clone') &&
      cloneFolder(b.argv.slice(b.argv.indexOf('clone') + 1)) === into,
  );
  return cloned || rewriteCopyFolder(into) ? 'copy' : 'other';
}

/** `hits` without the rewrites of the call's folder when `cwd` is named for a rewrite copy. */
export function outsideRewriteCopy(
  hits: readonly IntentHit[],
  cwd: string | undefined,
): IntentHit[] {
  if (cwd === undefined || !rewriteCopyFolder(cwd)) return [...hits];
  return hits.filter((h) => h.inCwd !== true);
}
