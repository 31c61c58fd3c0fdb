// `(crontab -l; echo '*/30 * * * * cd ~/notes && git commit -qam autosave') | crontab -`: a crontab
// install whose new lines are all local tool calls (docs/guard.md "Shell analysis").
import type { ShellAnalysis, ShellCommand } from './model.js';
import { localCronLine } from './dev-services.js';
import { evalPipeline } from './static-eval.js';

/** Commands that only pass the current table through, select or order its lines. */
function passesTableThrough(c: ShellCommand): boolean {
  if (c.name === 'crontab') return c.argv.length === 2 && c.argv[1] === '-l';
  if (c.name === 'sort' || c.name === 'uniq')
    return c.argv.every((a, i) => i === 0 || a.startsWith('-'));
  // one pattern and no file: a file operand would add its own lines to the table
  if (c.name === 'grep') return c.argv.slice(1).filter((a) => !a.startsWith('-')).length === 1;
  return c.name === 'cat' && c.argv.length === 1 && c.stdin === undefined;
}

/** The text an `echo`, `printf` or heredoc `cat` writes, or null when it is not known. */
function writtenLines(c: ShellCommand): string | null {
  if (c.name === 'echo' || c.name === 'printf') return evalPipeline([{ argv: c.argv }], 4096);
  if (c.name === 'cat' && c.argv.length === 1 && c.stdin !== undefined) return c.stdin;
  return null;
}

/**
 * The install reads standard input (`crontab -` or no file), and every command of the script
 * that can reach it passes the current table through or writes lines that are local tool calls.
 * A file argument, `-e`, `-r`, or any other program in the script keeps it a crontab install.
 */
export function localCrontab(cmd: ShellCommand, all: ShellAnalysis): boolean {
  const ops = cmd.argv.slice(1);
  if (!(ops.length === 0 || (ops.length === 1 && ops[0] === '-'))) return false;
  if (cmd.pipeline < 0 && cmd.stdin === undefined) return false;
  if (cmd.stdin !== undefined && !cmd.stdin.split('\n').every(localCronLine)) return false;
  return all.commands.every((c) => {
    // `:` and `true` do nothing with their words; a substitution in them is a command of its own
    if (c === cmd || c.name === 'cd' || c.name === 'true' || c.name === ':') return true;
    if (c.substitution || c.wrappers.length > 0 || c.dynamic === true) return false;
    const lines = writtenLines(c);
    if (lines !== null) return lines.split('\n').every(localCronLine);
    return passesTableThrough(c);
  });
}
