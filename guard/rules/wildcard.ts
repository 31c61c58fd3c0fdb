// Globs of literal characters, `*`, `**` and `?` (guard/rules/glob.ts) matched without a regex engine.

const ONE = -1;
const SEGMENT = -2;
const ANY = -3;
const SLASH = 0x2f;
const SURROGATE = /[\uD800-\uDFFF]/;

/** A glob's literal text before its first wildcard and after its last, and the tokens between. */
export interface WildcardGlob {
  prefix: string;
  suffix: string;
  /** A character code, or `?`, `*`, `**`. */
  tokens: Int32Array;
  /** The two position sets of a walk, kept with the glob (a walk never runs inside another). */
  sets: [Uint8Array, Uint8Array];
}

function globOf(prefix: string, suffix: string, tokens: number[]): WildcardGlob {
  const n = tokens.length + 1;
  const sets: [Uint8Array, Uint8Array] = [new Uint8Array(n), new Uint8Array(n)];
  return { prefix, suffix, tokens: Int32Array.from(tokens), sets };
}

/**
 * The glob read as globToRegex reads it; null for a glob with a class (`[`) or a surrogate, which
 * is left to RE2.
 */
export function wildcardTokens(glob: string): WildcardGlob | null {
  if (glob.includes('[') || SURROGATE.test(glob)) return null;
  const first = glob.search(/[*?]/);
  if (first < 0) return globOf(glob, '', []);
  const last = Math.max(glob.lastIndexOf('*'), glob.lastIndexOf('?'));
  const out: number[] = [];
  for (let i = first; i <= last; i++) {
    const c = glob.charCodeAt(i);
    if (c === 0x2a && glob.charCodeAt(i + 1) === 0x2a) {
      out.push(ANY);
      i++;
    } else out.push(c === 0x2a ? SEGMENT : c === 0x3f ? ONE : c);
  }
  return globOf(glob.slice(0, first), glob.slice(last + 1), out);
}

/** Adds the positions a `*` or `**` reaches by matching nothing. */
function close(t: Int32Array, at: Uint8Array): void {
  for (let p = 0; p < t.length; p++)
    if (at[p] === 1 && ((t[p] ?? 0) === SEGMENT || (t[p] ?? 0) === ANY)) at[p + 1] = 1;
}

/**
 * Whether the whole of `s` matches: `*` any run without `/`, `**` any run, `?` one character but
 * `/`. The literal ends are compared first (most names fail there); the rest is a walk over the
 * set of glob positions, linear in `s` times the glob. Null for a string with a surrogate, which
 * is left to RE2 (it reads code points).
 */
export function wildcardMatch(g: WildcardGlob, name: string): boolean | null {
  if (SURROGATE.test(name)) return null;
  const { prefix, suffix, tokens: t } = g;
  if (name.length < prefix.length + suffix.length) return false;
  if (!name.startsWith(prefix) || !name.endsWith(suffix)) return false;
  const s = name.slice(prefix.length, name.length - suffix.length);
  let [cur, next] = g.sets;
  cur.fill(0);
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
    const was = cur;
    cur = next;
    next = was;
  }
  return cur[t.length] === 1;
}
