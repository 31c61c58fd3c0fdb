// The command an ad-hoc `ansible` run hands to every matched host (`-m shell -a 'CMD'`): read as
// shell, since it runs with the same effect on each of them.

/** Modules that run their `-a` text as a command; `command` is what `ansible` runs without `-m`. */
const RUNS_TEXT = /^(?:ansible\.(?:builtin|legacy)\.)?(?:shell|command|raw|win_shell|win_command)$/;

function option(argv: readonly string[], short: string, long: string): string | undefined {
  const at = argv.findIndex((a) => a === short || a === long);
  if (at > 0) return argv[at + 1];
  const joined = argv.find((a) => a.startsWith(`${long}=`));
  return joined?.slice(long.length + 1);
}

/** The `-a` command of `ansible ... -m shell|command|raw`; null for anything else. */
export function ansibleCommand(argv: readonly string[]): string | null {
  if ((argv[0] ?? '').replace(/^.*\//, '') !== 'ansible') return null;
  const module = option(argv, '-m', '--module-name') ?? 'command';
  const text = option(argv, '-a', '--args');
  return text !== undefined && RUNS_TEXT.test(module) ? text : null;
}
