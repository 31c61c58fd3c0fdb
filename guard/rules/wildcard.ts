// Globs of literal characters, `*`, `**` and `?` (guard/rules/glob.ts) matched without a regex engine.

const ONE = -1;
const SEGMENT = -2;
const ANY = -3;
const SLASH = 0x2f;
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The glob as tokens (a character code, or `?`, `*`, `**`), read as globToRegex reads it; null for
 * a glob with a class (`[`) or a surrogate, which is left to RE2.
 */
export function wildcardTokens(glob: string): Int32Array | null {
  if (glob.includes('[') || SURROGATE.test(glob)) return null;
  const out: number[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charCodeAt(i);
    if (c === 0x2a && glob.charCodeAt(i + 1) === 0x2a) {
      out.push(ANY);
      i++;
    } else out.push(c === 0x2a ? SEGMENT : c === 0x3f ? ONE : c);
  }
  return Int32Array.from(out);
}

/** Adds the positions a `*` or `**` reaches by matching nothing. */
function close(t: Int32Array, at: Uint8Array): void {
  for (let p = 0; p < t.length; p++)
    if (at[p] === 1 && ((t[p] ?? 0) === SEGMENT || (t[p] ?? 0) === ANY)) at[p + 1] = 1;
}

/**
 * Whether the whole of `s` matches: `*` any run without `/`, `**` any run, `?` one character but
 * `/`. A walk over the set of glob positions, so linear in `s` times the glob. Null for a string
 * with a surrogate, which is left to RE2 (it reads code points).
 */
export function wildcardMatch(t: Int32Array, s: string): boolean | null {
  if (SURROGATE.test(s)) return null;
  let cur = new Uint8Array(t.length + 1);
  let next = new Uint8Array(t.length + 1);
  cur[0] = 1;
  close(t, cur);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    next.fill(0);
    let live = false;
    for (let p = 0; p < t.length; p++) {
      if (cur[p] !== 1) continue;
      const k = t[p] ?? 0;
      if (k === ANY || (k === SEGMENT && c !== SLASH)) next[p] = 1;
      else if (k === ONE ? c !== SLASH : k === c) next[p + 1] = 1;
      else continue;
      live = true;
    }
    if (!live) return false;
    close(t, next);
    [cur, next] = [next, cur];
  }
  return cur[t.length] === 1;
}
