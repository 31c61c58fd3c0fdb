// `rm -rf "$(bazel info output_base)/../../.."`, `rm -rf "$CACHE_DIR/.."`: a target that ends by
// climbing above a folder only known at run time. Where the variable or substitution points is
// unknown, so how far up the delete lands (a cache's parent, home, the root) is unknown too
// (docs/guard.md "Shell analysis").

/**
 * True when `target` starts with a variable or substitution and its last segments (past a
 * trailing `*`) climb above it: more `..` than named folders after the expansion.
 * `$DIR/../build` climbs and comes back down, which names a known sibling, and passes.
 */
export function climbsAboveExpansion(target: string): boolean {
  const t = target.trim();
  const first = t.charCodeAt(0);
  // `$` or a backtick
  if ((first !== 36 && first !== 96) || !t.includes('..')) return false;
  // the expansion ends at its last closing mark (`$(cat /a/b)/..`), a bare variable at its first slash
  const close = Math.max(t.lastIndexOf(')'), t.lastIndexOf('}'), t.lastIndexOf('`'));
  const rest = close > 0 ? t.slice(close + 1) : t.slice(t.indexOf('/'));
  const segments = rest.replace(/(?:\/\.?\*)?\/*$/, '').split('/');
  if (segments.at(-1) !== '..') return false;
  let depth = 0;
  for (const s of segments) {
    if (s === '..') depth--;
    else if (s !== '' && s !== '.') depth++;
  }
  return depth < 0;
}
