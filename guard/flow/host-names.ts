// Flow and taint: host names in text (`5pdj.f8e3.x.example`), found by a walk over the text's dotted
// tokens (docs/guard.md "Flow and taint"). A name is labels of 1-63 letters, digits, `_` and `-`,
// each followed by a dot, then a last label of 2-63 letters, digits and `-` starting with a letter;
// it starts a token (no letter, digit, `_`, `-` or dot before it) and its last label is whole. A
// token's labels are read once, and a token holds at most one name: the walk is linear.

/** Bit 1: a label character; bit 2: a last-label character; bit 4: a letter. */
const LABEL = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  LABEL[c] =
    (/[A-Za-z0-9_-]/.test(ch) ? 1 : 0) |
    (/[A-Za-z0-9-]/.test(ch) ? 2 : 0) |
    (/[A-Za-z]/.test(ch) ? 4 : 0);
}
const DOT = 0x2e;
const MAX_LABEL = 63;
/** Most labels followed by a dot in one name. */
const MAX_DOTTED = 24;

const labelClass = (c: number): number => (c < 128 ? (LABEL[c] as number) : 0);
const inToken = (c: number): boolean => c === DOT || (labelClass(c) & 1) !== 0;

/** A last label: 2-63 characters, a letter first, no `_`. */
function lastLabel(text: string, start: number, end: number): boolean {
  if (end - start < 2 || end - start > MAX_LABEL) return false;
  if ((labelClass(text.charCodeAt(start)) & 4) === 0) return false;
  for (let i = start + 1; i < end; i++)
    if ((labelClass(text.charCodeAt(i)) & 2) === 0) return false;
  return true;
}

const cuts = new Int32Array(MAX_DOTTED + 2);

/**
 * The name starting the token at `p`, as its end, or -1: the labels followed by a dot, as many as
 * there are (at most 24), then the last label that is valid, from the furthest back to the
 * `minDotted`th.
 */
function nameEnd(text: string, p: number, minDotted: number): number {
  const n = text.length;
  let dotted = 0;
  let at = p;
  // cuts[i]: the start of label i; the end of label i is cuts[i + 1] - 1 for a dotted label
  for (;;) {
    cuts[dotted] = at;
    let e = at;
    while (e < n && (labelClass(text.charCodeAt(e)) & 1) !== 0 && e - at <= MAX_LABEL) e++;
    const len = e - at;
    if (dotted === MAX_DOTTED || len < 1 || len > MAX_LABEL || text.charCodeAt(e) !== DOT) break;
    dotted++;
    at = e + 1;
  }
  // the label after the last dot, whole (a longer run is no last label)
  let e = at;
  while (e < n && (labelClass(text.charCodeAt(e)) & 1) !== 0 && e - at <= MAX_LABEL) e++;
  if (
    dotted >= minDotted &&
    lastLabel(text, at, e) &&
    !((labelClass(text.charCodeAt(e)) & 1) !== 0)
  )
    return e;
  for (let j = dotted - 1; j >= minDotted; j--) {
    const start = cuts[j] as number;
    const end = (cuts[j + 1] as number) - 1;
    if (lastLabel(text, start, end)) return end;
  }
  return -1;
}

/** Host names of at least `minDotted` + 1 labels in `text`, at most `max` of them, in order. */
export function hostNames(text: string, minDotted: number, max: number): string[] {
  const out: string[] = [];
  const n = text.length;
  for (let d = text.indexOf('.'); d >= 0 && out.length < max;) {
    let start = d;
    while (start > 0 && inToken(text.charCodeAt(start - 1))) start--;
    let end = d + 1;
    while (end < n && inToken(text.charCodeAt(end))) end++;
    if (start < end && (labelClass(text.charCodeAt(start)) & 1) !== 0) {
      const e = nameEnd(text, start, minDotted);
      if (e > 0) out.push(text.slice(start, e));
    }
    d = end < n ? text.indexOf('.', end) : -1;
  }
  return out;
}
