// The one reader of an option's value in a command's words, as getopt_long takes it: `--opt VALUE`,
// `--opt=VALUE`, and a short option's value as the next word (`-h HOST`). A short option glued to
// its value (`-pSECRET`) is each caller's own reading: its letters mean different things per tool.

/** The value of one of `names` at `argv[i]`; undefined when `argv[i]` is none of them. */
export function optionAt(
  argv: readonly string[],
  i: number,
  names: readonly string[],
): string | undefined {
  const a = argv[i] ?? '';
  for (const n of names) {
    if (a === n) return argv[i + 1] ?? '';
    if (n.startsWith('--') && a.startsWith(`${n}=`)) return a.slice(n.length + 1);
  }
  return undefined;
}

/** The value of the first of `names` given after the program's name; undefined when none is. */
export function optionValue(argv: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const v = optionAt(argv, i, names);
    if (v !== undefined) return v;
  }
  return undefined;
}
