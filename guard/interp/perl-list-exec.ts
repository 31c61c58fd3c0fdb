// Perl's `system("nslookup", "$d.x.example")` and `exec(...)` in list form run a program with these
// arguments and no shell: each literal (an interpolated `$var` kept as written, so a name built from
// data still reads as data) becomes an argv the shell analysis classifies like any command
// (docs/guard.md "Interpreter code"). The one-string form is a shell command (perl-ruby.ts).
const MAX_CODE = 64 * 1024;
const LIST_CALL =
  /\b(?:system|exec)\s*\(?\s*((?:'[^'\n]{0,512}'|"[^"\n]{0,512}")(?:\s*,\s*(?:'[^'\n]{0,512}'|"[^"\n]{0,512}")){1,32})/g;
const ITEM = /'([^']*)'|"([^"]*)"/g;

/** The argument lists of Perl's list-form `system`/`exec` calls whose every argument is a string. */
export function perlListExec(interpreter: string, source: string): string[][] {
  if (interpreter !== 'perl' || !(source.includes('system') || source.includes('exec'))) return [];
  const code = source.length > MAX_CODE ? source.slice(0, MAX_CODE) : source;
  const out: string[][] = [];
  for (const m of code.matchAll(LIST_CALL)) {
    out.push([...(m[1] ?? '').matchAll(ITEM)].map((i) => i[1] ?? i[2] ?? ''));
    if (out.length >= 16) break;
  }
  return out;
}
