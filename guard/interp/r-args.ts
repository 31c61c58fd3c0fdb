// Where a command hands R code to run (docs/guard.md "Interpreter code"): `Rscript -e CODE` (each
// `-e` in turn), `R -e CODE` with any other options (`R --vanilla -e`), `R -f FILE` / `--file=FILE`,
// `Rscript FILE` for an `.R` file the same command wrote, and the text on R's standard input (a
// heredoc, `echo ... | R --no-save`, `Rscript -`). A project's own script (`Rscript analysis.R`) is a
// file this command did not write: not read here.

const RUNNERS = /^(?:Rscript|R)(?:\.exe)?$/i;

/** The R code `argv` runs, or null when it runs none this command shows. */
export function rCode(
  name: string,
  argv: readonly string[],
  written: ReadonlyMap<string, string>,
  stdin: () => string | undefined,
): string | null {
  // every command passes here: one character compared before the name's pattern
  if ((name[0] !== 'R' && name[0] !== 'r') || !RUNNERS.test(name)) return null;
  const script = name.toLowerCase().startsWith('rscript');
  const codes: string[] = [];
  let file: string | undefined;
  let operand = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '-e' || a === '--expr') codes.push(argv[++i] ?? '');
    else if (a === '-f' || a === '--file') file = argv[++i];
    else if (a.startsWith('--file=')) file = a.slice(7);
    else if (a === '-') operand = true;
    else if (!a.startsWith('-') && script && file === undefined && codes.length === 0) {
      // `Rscript FILE args...`: the first operand is the script, the rest its arguments
      file = a;
      break;
    }
  }
  if (file !== undefined) {
    const body = written.get(file) ?? written.get(file.replace(/^\.\//, ''));
    if (body !== undefined) codes.push(body);
    else if (file === '-' || file === '/dev/stdin') operand = true;
  }
  // R with neither `-e` nor a file reads its program from standard input; Rscript only with `-`
  if (codes.length === 0 && (operand || (!script && file === undefined))) {
    const text = stdin();
    if (text !== undefined) codes.push(text);
  }
  return codes.length === 0 ? null : codes.join('\n');
}
