// Intents of git commands: force pushes, history rewriting, discarded work and credential use.
import { readsCredentialSetting } from './git-credential-settings.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import { rewriteRunsIn } from './rewrite-copy.js';
import type { IntentHit } from './intents.js';

/** Global options of git that take a value (`git -C dir push`). */
const GLOBAL_WITH_VALUE = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--exec-path',
  '--config-env',
]);

/** A URL with a user and password or token in it: `https://user:token@host`, `https://ghp_x@host`. */
export const URL_CREDENTIAL =
  /^[a-z][a-z0-9+.-]*:\/\/(?:[^/@\s:]+:[^/@\s]+|(?:gh[pousr]_|github_pat_|glpat-)[^/@\s]+)@/i;

export function split(argv: readonly string[]): { globals: string[]; sub: string; rest: string[] } {
  let i = 1;
  const globals: string[] = [];
  while (i < argv.length) {
    const a = argv[i] ?? '';
    if (!a.startsWith('-')) break;
    globals.push(a);
    if (GLOBAL_WITH_VALUE.has(a)) globals.push(argv[++i] ?? '');
    i++;
  }
  return { globals, sub: argv[i] ?? '', rest: argv.slice(i + 1) };
}

function push(rest: string[]): IntentHit[] {
  const hits: IntentHit[] = [];
  const flags = rest.filter((a) => a.startsWith('-'));
  const refs = rest.filter((a) => !a.startsWith('-'));
  const forced =
    flags.some(
      (a) => a === '--force' || (/^-[a-zA-Z]+$/.test(a) && a.includes('f')) || a === '--mirror',
    ) || refs.slice(1).some((r) => r.startsWith('+'));
  if (forced) hits.push({ intent: 'force_push', detail: 'git push --force' });
  const deleting = flags.some((a) => a === '--delete' || a === '-d');
  const deleted = refs.slice(1).filter((r) => deleting || r.startsWith(':'));
  if (
    flags.includes('--prune') ||
    (deleting && deleted.length === 0) ||
    deleted.some((r) => !featureBranch(r.replace(/^:/, '')) && !preReleaseTag(refs[0], r))
  )
    hits.push({ intent: 'history_rewrite', detail: 'git push deletes remote refs' });
  return hits;
}

/**
 * Branches a team shares or releases from; a tag is a release too (`refs/tags/...`, `tag v1`). A
 * `hotfix/<topic>` branch is one fix's own, deleted once merged as a feature branch is.
 */
const SHARED_BRANCH =
  /^(?:(?:main|master|trunk|develop|development|dev|prod|production|staging|stable|live|default|gh-pages|HEAD|tag|release|releases)(?:$|[-/._])|hotfix(?:$|[-._]))/i;

/**
 * Deleting a merged feature branch on the remote is routine clean-up; deleting a shared or release
 * branch, a tag, or refs named by a pattern rewrites what others build on (docs/guard.md "Shell analysis").
 */
function featureBranch(ref: string): boolean {
  const name = ref.replace(/^refs\/heads\//, '');
  return (
    name.length > 0 &&
    !name.startsWith('refs/') &&
    !/[*?[\]$`]/.test(name) &&
    !/^v?\d+(?:\.\d+)*(?:[-+].*)?$/.test(name) &&
    !SHARED_BRANCH.test(name)
  );
}

/** A release candidate, alpha, beta, preview or dev build's tag: `v2.3.0-rc1`, `1.0.0-beta.2`. */
const PRE_RELEASE = /^v?\d+(?:\.\d+)*-(?:rc|alpha|beta|pre|preview|dev|snapshot)(?:[.-]?\d+)*$/i;

/**
 * Deleting a pre-release tag on a remote the repository names (not a URL) is routine clean-up,
 * as a feature branch's is; a release tag stays history (docs/guard.md "Shell analysis").
 */
function preReleaseTag(remote: string | undefined, ref: string): boolean {
  const name = ref.replace(/^:/, '').replace(/^refs\/tags\//, '');
  return remote !== undefined && /^[\w.-]+$/.test(remote) && PRE_RELEASE.test(name);
}

function hasAny(rest: readonly string[], ...xs: string[]): boolean {
  return xs.some((x) => rest.includes(x));
}

function onlyIgnored(rest: readonly string[]): boolean {
  const flags = rest.filter((a) => /^-[a-zA-Z]+$/.test(a)).join('');
  if (!flags.includes('X') || flags.includes('x')) return false;
  // an exclude pattern adds to what is ignored, so removed; a negated one (`-e '!.env.local'`)
  // only keeps more
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    let value: string | undefined;
    if (a === '--exclude') value = rest[++i];
    else if (a.startsWith('--exclude=')) value = a.slice('--exclude='.length);
    else if (/^-[a-zA-Z]/.test(a) && a.includes('e')) {
      // `-e` may close a cluster of short flags (`-fXe PATTERN`) or carry its value (`-e!.env`)
      const attached = a.slice(a.indexOf('e') + 1);
      value = attached === '' ? rest[++i] : attached;
    }
    if (value !== undefined && !value.startsWith('!')) return false;
  }
  return true;
}

function discard(sub: string, rest: string[]): string | null {
  switch (sub) {
    case 'reset':
      return hasAny(rest, '--hard', '--merge', '--keep') ? `git reset ${rest.join(' ')}` : null;
    case 'clean':
      // `-X` alone removes only ignored files (build output the repository ignores); `-x` or `-e`
      // reach untracked work too.
      if (onlyIgnored(rest)) return null;
      return rest.some((a) => /^-[a-zA-Z]*f/.test(a) || a === '--force') ? 'git clean -f' : null;
    case 'checkout':
    case 'restore':
      return rest.includes('.') && !rest.includes('--staged') ? `git ${sub} .` : null;
    case 'branch': {
      if (!(
        hasAny(rest, '-D') ||
        (hasAny(rest, '-d', '--delete') && hasAny(rest, '--force', '-f'))
      ))
        return null;
      // a local feature branch is the developer's own (docs/guard.md "Shell analysis")
      const named = rest.filter((a) => !a.startsWith('-'));
      const own =
        named.length > 0 &&
        !hasAny(rest, '-r', '--remotes', '-a', '--all') &&
        named.every(featureBranch);
      return own ? null : 'git branch -D';
    }
    case 'worktree':
      // without `--force` git refuses to remove a worktree with uncommitted changes
      return rest[0] === 'remove' && rest.some((a) => /^(?:-f|--force)$/.test(a))
        ? 'git worktree remove --force'
        : null;
    case 'stash':
      // one dropped entry stays recoverable from the object store until gc prunes it; `clear`
      // drops them all (docs/guard.md "Shell analysis")
      if (rest[0] === 'drop')
        return rest.length <= 2 && /^(?:stash@\{\d+\}|\d+)?$/.test(rest[1] ?? '')
          ? null
          : 'git stash drop';
      return rest[0] === 'clear' ? 'git stash clear' : null;
    default:
      return null;
  }
}

/**
 * `git config --global credential.helper osxkeychain`: a helper that keeps credentials in the
 * system's keychain or in memory reads none out (git-credential(1), gitcredentials(7)). `store`
 * writes them in plain text to `~/.git-credentials` and a `!command` helper runs anything: both
 * stay a credential setting to ask about.
 */
const KEYCHAIN_HELPER =
  /^(?:osxkeychain|manager(?:-core)?|wincred|libsecret|cache(?: --timeout=?\d+)?)$/;

function keychainHelper(rest: readonly string[]): boolean {
  const words = rest.filter((a) => !/^--(?:global|system|local|add|replace-all)$/.test(a));
  const [key, value, extra] = words[0] === 'set' ? words.slice(1) : words;
  return (
    extra === undefined &&
    /^credential\.(?:.+\.)?helper$/i.test(key ?? '') &&
    KEYCHAIN_HELPER.test(value ?? '')
  );
}

function credential(globals: string[], sub: string, rest: string[]): string | null {
  if (globals.some((g) => /^credential\.|^http\..*extraheader/i.test(g)))
    return 'git -c credential';
  if (sub === 'credential' || sub.startsWith('credential-')) return `git ${sub}`;
  if (
    sub === 'config' &&
    rest.some((a) => /^credential\.|\.extraheader$|^url\..*insteadof$/i.test(a)) &&
    !keychainHelper(rest) &&
    !readsCredentialSetting(rest)
  )
    return 'git config credential';
  if ([...globals, ...rest].some((a) => URL_CREDENTIAL.test(a)))
    return 'credential in a remote URL';
  return null;
}

export function gitIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  if (cmd.name === 'gh') {
    const [, a1, a2] = cmd.argv;
    if (
      a1 === 'auth' &&
      (a2 === 'token' ||
        cmd.argv.includes('--show-token') ||
        (a2 === 'status' && cmd.argv.includes('-t')))
    )
      return [{ intent: 'git_credential', detail: 'gh auth token' }];
    return [];
  }
  if (cmd.name !== 'git') return [];
  const { globals, sub, rest } = split(cmd.argv);
  const hits: IntentHit[] = [];
  if (sub === 'push') hits.push(...push(rest));
  if (sub === 'filter-branch' || sub === 'filter-repo') {
    const where = rewriteRunsIn(cmd, globals, all);
    if (where !== 'copy')
      hits.push({
        intent: 'history_rewrite',
        detail: `git ${sub}`,
        ...(where === 'cwd' ? { inCwd: true as const } : {}),
      });
  }
  if (sub === 'reflog' && (rest[0] === 'expire' || rest[0] === 'delete'))
    hits.push({ intent: 'history_rewrite', detail: `git reflog ${rest[0]}` });
  // `git gc --prune=now` alone drops only objects no ref or reflog reaches; history goes only with
  // `reflog expire` before it, which is the rewrite held above
  if (sub === 'update-ref' && rest.includes('-d'))
    hits.push({ intent: 'history_rewrite', detail: 'git update-ref -d' });
  const d = discard(sub, rest);
  if (d !== null) hits.push({ intent: 'discard_work', detail: d });
  const c = credential(globals, sub, rest);
  if (c !== null) hits.push({ intent: 'git_credential', detail: c });
  return hits;
}
