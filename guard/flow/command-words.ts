// Flow and taint: the words of a command line as a shell quotes them (`'…'`, `"…"` with backslash
// escapes, bare words), read in one walk. Inputs are attacker-controlled: an unclosed quote is
// looked for once, not again from every later quote, so the walk is linear whatever the text.

const SQ = 0x27;
const DQ = 0x22;
const BACKSLASH = 0x5c;

/** JavaScript's `\s`: what ends a bare word (ECMA-262 WhiteSpace and LineTerminator). */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** What `.` does not match without the `s` flag: line terminators. */
const isLineEnd = (c: number): boolean => c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;

/**
 * Calls `each` with every word of `text`, in order: the inside of a closed single-quoted or
 * double-quoted string (a backslash escapes the next character but a line end), or a run of
 * characters that are neither space nor quote. A quote that does not close is skipped.
 */
export function eachWord(text: string, each: (word: string) => void): void {
  const n = text.length;
  // a single quote at or after `noSingle` has no closing quote; a double quote before `noDouble` none
  let noSingle = n + 1;
  let noDouble = -1;
  for (let p = 0; p < n;) {
    const c = text.charCodeAt(p);
    if (c === SQ) {
      const close = p < noSingle ? text.indexOf("'", p + 1) : -1;
      if (close < 0) {
        noSingle = Math.min(noSingle, p);
        p++;
        continue;
      }
      each(text.slice(p + 1, close));
      p = close + 1;
    } else if (c === DQ) {
      const close = p < noDouble ? -1 : doubleEnd(text, p + 1);
      if (close < 0) {
        // The walk from p stopped at -close - 1; a later quote before it was an escaped one, so its
        // own walk follows the same characters to the same stop.
        if (p >= noDouble) noDouble = -close - 1;
        p++;
        continue;
      }
      each(text.slice(p + 1, close));
      p = close + 1;
    } else if (isSpace(c)) p++;
    else {
      const start = p;
      for (p++; p < n; p++) {
        const d = text.charCodeAt(p);
        if (d === SQ || d === DQ || isSpace(d)) break;
      }
      each(text.slice(start, p));
    }
  }
}

/** The closing quote of a double-quoted string whose inside starts at `p`, or -(stop + 1). */
function doubleEnd(text: string, p: number): number {
  const n = text.length;
  for (let i = p; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === DQ) return i;
    if (c === BACKSLASH) {
      if (i + 1 >= n || isLineEnd(text.charCodeAt(i + 1))) return -(i + 1);
      i++;
    }
  }
  return -(n + 1);
}
