// Where a command hands Elixir code to run (docs/guard.md "Interpreter code"): `elixir -e CODE`,
// `iex -e CODE` (also `--eval`), `mix run -e CODE`, and an `.exs` file the same command wrote
// (`cat > x.exs <<EOF ... EOF; elixir x.exs`). A project's own script (`mix run priv/repo/seeds.exs`)
// is a file this command did not write: not read here.

const RUNNERS = new Set(['elixir', 'iex', 'mix']);
const EVAL = new Set(['-e', '--eval']);

/** The Elixir code `argv` runs, or null when it runs none this command shows. */
export function elixirCode(
  name: string,
  argv: readonly string[],
  written: ReadonlyMap<string, string>,
): string | null {
  if (!RUNNERS.has(name)) return null;
  const from = name === 'mix' ? (argv[1] === 'run' ? 2 : -1) : 1;
  if (from < 0) return null;
  const codes: string[] = [];
  for (let i = from; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (EVAL.has(a)) codes.push(argv[++i] ?? '');
    else if (a.endsWith('.exs') || a.endsWith('.ex')) {
      const body = written.get(a) ?? written.get(a.replace(/^\.\//, ''));
      if (body !== undefined) codes.push(body);
    }
  }
  return codes.length === 0 ? null : codes.join('\n');
}
