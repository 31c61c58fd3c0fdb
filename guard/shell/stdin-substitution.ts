// `... | jq -r .password | PGPASSWORD=$(cat) psql -h localhost ...`: a pipeline stage whose own
// substitution is only a reader of stdin takes the previous stage's output as that value, so the
// stage's program is the value's consumer (docs/guard.md "Credential routing").
import type { ShellAnalysis, ShellCommand } from './model.js';

/** `cat`, `cat -`, `head -n1`, `head -1`: print stdin and nothing else. */
function stdinOnly(c: ShellCommand): boolean {
  if (c.redirects.length > 0 || c.pipeline >= 0) return false;
  const rest = c.argv.slice(1).join(' ');
  if (c.name === 'cat') return rest === '' || rest === '-';
  return c.name === 'head' && /^(?:-n ?1|-1)$/.test(rest);
}

/** True when every substitution of `stage` (a pipeline stage) is one reader of its stdin. */
export function stdinIntoSubstitution(stage: ShellCommand, all: ShellAnalysis): boolean {
  if (stage.substitution || stage.pipeline < 0 || stage.stage === 0) return false;
  // a command's prefix and word substitutions are listed right before it
  const subs: ShellCommand[] = [];
  for (let i = all.commands.indexOf(stage) - 1; i >= 0; i--) {
    const c = all.commands[i];
    if (c?.substitution !== true) break;
    subs.push(c);
  }
  const only = subs[0];
  return subs.length === 1 && only !== undefined && stdinOnly(only);
}
