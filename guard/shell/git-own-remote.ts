// `git pull -q`, `git fetch --prune origin`, `git -C ~/notes pull --ff-only`: a schedule that
// brings a clone up to date from the remote it already has. No URL, no path and no option that
// names a program (`--upload-pack`, `-c`) can be given, so it fetches from nowhere new and runs
// nothing of the caller's choosing (docs/guard.md "Shell analysis").

/** Options of `pull`/`fetch` that only choose how the clone is updated or what is printed. */
const UPDATE_OPTION =
  /^(?:-[qvp]+|--(?:quiet|verbose|prune|prune-tags|all|tags|no-tags|ff-only|ff|no-ff|rebase|no-rebase|autostash|no-autostash|no-edit|no-stat|stat|force|append|dry-run|set-upstream|no-recurse-submodules|depth=\d{1,6}|jobs=\d{1,3})|--rebase=(?:true|false|merges|interactive-no))$/;
/** A remote's or branch's name: no URL, no path, no `user@host:` and no refspec mapping. */
const REF_NAME = /^[A-Za-z0-9_][\w.-]{0,99}(?:\/[\w.-]{1,100}){0,4}$/;

/** True when the words after `git` are a `pull` or `fetch` from the clone's own remote. */
export function gitOwnRemoteUpdate(args: readonly string[]): boolean {
  let i = 0;
  // `-C DIR` chooses the clone; the folder is checked as any path word of the line
  while (args[i] === '-C' && i + 1 < args.length) i += 2;
  const sub = args[i];
  if (sub !== 'pull' && sub !== 'fetch') return false;
  return args
    .slice(i + 1)
    .every((a) =>
      a.startsWith('-') ? UPDATE_OPTION.test(a) : REF_NAME.test(a) && !a.includes('..'),
    );
}
