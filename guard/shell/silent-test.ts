// Commands that print nothing on standard output: a quiet `grep -q` test, `test`/`[`, `true`, `:`.
// An append redirect on one adds nothing to the file, as in the idempotent start-up line idiom
// `grep -qxF LINE ~/.bashrc || echo LINE >> ~/.bashrc` (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';

/** grep-likes whose quiet flag suppresses every line of output. */
const GREPS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ggrep']);

function quietFlag(argv: readonly string[]): boolean {
  for (const a of argv.slice(1)) {
    if (a === '--') return false;
    if (a === '--quiet' || a === '--silent') return true;
    // short flags cluster (`-qxF`); a flag taking a value (`-e`, `-f`) ends the cluster
    if (/^-[A-Za-z]+$/.test(a) && /^-[^ef]*q/.test(a)) return true;
  }
  return false;
}

/** True when `cmd` writes nothing to standard output, so a `>>` on it appends nothing. */
export function silentCommand(cmd: ShellCommand): boolean {
  if (cmd.name === 'test' || cmd.name === '[' || cmd.name === '[[') return true;
  if (cmd.name === 'true' || cmd.name === ':') return cmd.argv.length === 1;
  return GREPS.has(cmd.name) && quietFlag(cmd.argv);
}
