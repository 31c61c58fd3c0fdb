// `$(...)` programs that only name the revision a build or a deploy is of: its tag, commit, branch
// and last commit's subject, which uploaders and deploy notifications put in a URL or a message
// (docs/guard.md "Egress"). No file's content, no configuration (a remote URL can hold a token)
// and no patch comes out of them.
import type { ShellCommand } from './model.js';

/** Arguments of `git log -1`/`git show -s` that print one commit's chosen fields and nothing else. */
const LOG_ARG =
  /^(?:-1|-n|-n1|1|--max-count=1|--(?:format|pretty)=[^`$]*|--oneline|--abbrev-commit|--no-merges|--first-parent|-s|--no-patch|--date=[\w-]+|HEAD[~^\d]*|@|[0-9a-f]{7,40})$/;

/** True when `c` prints only the name of the revision checked out (or the date). */
export function namesRevision(c: ShellCommand): boolean {
  const [, sub, ...rest] = c.argv;
  if (c.name === 'date') return true;
  if (c.name !== 'git' || c.redirects.some((r) => r.op.startsWith('<'))) return false;
  if (sub === 'rev-parse' || sub === 'describe') return true;
  if (sub === 'branch') return c.argv.includes('--show-current');
  if (sub === 'symbolic-ref') return rest.every((a) => /^(?:--short|-q|--quiet|HEAD)$/.test(a));
  if (sub === 'rev-list') return rest.every((a) => /^(?:--count|HEAD[~^\d]*|@)$/.test(a));
  // the last commit's formatted fields, never a history dump
  if (sub === 'log')
    return (
      rest.some((a) => /^-(?:1|n1)$|^--max-count=1$/.test(a) || a === '-n') &&
      rest.some((a) => /^--(?:format|pretty)=|^--oneline$/.test(a)) &&
      rest.every((a) => LOG_ARG.test(a))
    );
  if (sub === 'show')
    return rest.some((a) => a === '-s' || a === '--no-patch') && rest.every((a) => LOG_ARG.test(a));
  return false;
}
