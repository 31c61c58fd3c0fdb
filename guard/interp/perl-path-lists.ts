// The further paths of a Perl or Ruby delete call (docs/guard.md "Interpreter code"): File::Path's
// `remove_tree("/a", "/b", {safe => 0})` and `rmtree(["/a", "/b"])`, FileUtils'
// `rm_rf(["/a", "/b"])` take a list, and any one of them may be the folder that must not go.

/** Longest argument list read after the first path, in UTF-16 units (attacker-controlled code). */
const MAX_LIST = 1024;
const NEXT =
  /^\s*\]?\s*,\s*\[?\s*(?:'([^']{0,512})'|"([^"]{0,512})"|(\$ENV\{['"]?HOME['"]?\}|Dir\.home|ENV\[['"]HOME['"]\]))/;

/**
 * The quoted paths that follow the first one in the same call, from `text` at `from` (just past the
 * first path; home as `~`), up to the options hash, the list's end or the statement's end.
 */
export function furtherPaths(text: string, from: number): string[] {
  const out: string[] = [];
  let rest = text.slice(from, from + MAX_LIST);
  for (let m = NEXT.exec(rest); m !== null; m = NEXT.exec(rest)) {
    out.push(m[3] !== undefined ? '~' : (m[1] ?? m[2] ?? ''));
    rest = rest.slice(m[0].length);
  }
  return out;
}
