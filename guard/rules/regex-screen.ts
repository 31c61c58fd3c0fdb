// RE2 syntax (github.com/google/re2/wiki/Syntax, as RE2JS ports Go's regexp/syntax): a screen that
// recognises a plain subset of patterns which always compile, with a bound on their program size,
// so that a rule's regex can be compiled at its first use instead of at load (docs/guard.md "Rule
// index"). A pattern outside the subset is compiled at load as before.

const META = new Set(['\\', '.', '+', '*', '?', '(', ')', '|', '[', ']', '{', '}', '^', '$']);
/** Escapes RE2 accepts for a class or a position: \b is a word boundary outside a class only. */
const CLASS_ESCAPES = new Set(['s', 'S', 'd', 'D', 'w', 'W', 'n', 't', 'r']);
const isAlnum = (c: string): boolean => /^[A-Za-z0-9]$/.test(c);
/** Go's syntax turns `\` + any ASCII punctuation into that literal character. */
const isPunct = (c: string): boolean => c.length === 1 && c < '\x7f' && c > ' ' && !isAlnum(c);

type Last = 'none' | 'atom' | 'quantified' | 'position';

/** Reads a class body after `[`; returns the index after `]`, or -1 outside the subset. */
function classEnd(p: string, start: number): number {
  let i = start;
  if (p[i] === '^') i++;
  if (p[i] === ']' || i >= p.length) return -1;
  let prev: string | null = null; // the last plain character, for a range's low end
  while (i < p.length) {
    const c = p[i] ?? '';
    if (c === ']') return i + 1;
    if (c === '[') return -1; // [[:alpha:]] and friends: left to the full compiler
    if (c === '\\') {
      const e = p[i + 1] ?? '';
      if (CLASS_ESCAPES.has(e)) prev = null;
      else if (isPunct(e)) prev = e;
      else return -1;
      i += 2;
      continue;
    }
    if (c === '-' && prev !== null && p[i + 1] !== ']' && p[i + 1] !== undefined) {
      const hi = p[i + 1] ?? '';
      if (hi === '\\' || hi === '[' || hi < prev) return -1;
      prev = null;
      i += 2;
      continue;
    }
    if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff) return -1;
    prev = c;
    i++;
  }
  return -1;
}

/**
 * An upper bound on the RE2 program size of `pattern` when it is in the plain subset (literals,
 * `.`, `^`, `$`, the escapes \b \B \s \S \d \D \w \W \n \t \r and escaped punctuation, simple
 * classes, `(...)`, `(?:...)`, `|`, and `*`, `+`, `?` with an optional lazy `?`), else null. Each
 * pattern character adds at most two instructions, so twice the length plus the fixed prologue is a
 * bound (test/guard/rules/regex-screen.test.ts checks it against RE2JS). This value is
 * attacker-controlled (a pack author wrote it).
 */
export function plainRegexBound(pattern: string): number | null {
  let depth = 0;
  let last: Last = 'none';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i] ?? '';
    if (c === '\\') {
      const e = pattern[i + 1] ?? '';
      if (e === 'b' || e === 'B') last = 'position';
      else if (CLASS_ESCAPES.has(e) || isPunct(e)) last = 'atom';
      else return null;
      i += 2;
    } else if (c === '[') {
      const end = classEnd(pattern, i + 1);
      if (end < 0) return null;
      last = 'atom';
      i = end;
    } else if (c === '(') {
      if (pattern[i + 1] === '?') {
        if (pattern[i + 2] !== ':') return null;
        i += 3;
      } else i++;
      depth++;
      last = 'none';
    } else if (c === ')') {
      if (depth === 0) return null;
      depth--;
      last = 'atom';
      i++;
    } else if (c === '*' || c === '+' || c === '?') {
      if (last !== 'atom') return null;
      last = 'quantified';
      i += pattern[i + 1] === '?' ? 2 : 1;
    } else if (c === '|') {
      last = 'none';
      i++;
    } else if (c === '^' || c === '$') {
      last = 'position';
      i++;
    } else if (c === '{' || c === '}' || c === ']') {
      return null;
    } else {
      const code = c.charCodeAt(0);
      if (code >= 0xd800 && code <= 0xdfff) return null;
      if (!META.has(c) || c === '.') last = 'atom';
      i++;
    }
  }
  return depth === 0 ? 2 * pattern.length + 8 : null;
}
