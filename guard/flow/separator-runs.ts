// Flow and taint: a value split by one separator and joined back (docs/guard.md "Flow and taint").
// Two shapes, found in one walk each for every separator at once: single characters each followed
// by the same separator (`Q-7-v-X...`, at least 12 characters), and groups of 2-64 letters and
// digits split by the same separator (`u4xD i0ij Xb8Y`, `AKIA-ISSX-FA6E`). Inputs are
// attacker-controlled: each walk visits a character a bounded number of times, whatever the text.

/** Separators of single characters, in the order their runs are reported. */
const SEPARATORS = ['-', '_', '.', ',', ':', ';', ' ', '\n', '|', '/', '\\'];
/** Separators of groups: a path's slashes split words, not a value. */
const GROUP_SEPARATORS = SEPARATORS.filter((s) => s !== '/' && s !== '\\');

/** A character of a single-character run: base64 and base64url's alphabets. */
const CHAR = new Uint8Array(128);
/** A character of a group: letters, digits, `+` and `=` (bit 1), a digit (bit 2), a letter (bit 4). */
const GROUP = new Uint8Array(128);
/** Position + 1 of a character in SEPARATORS (0: none), and in GROUP_SEPARATORS. */
const SEP_AT = new Uint8Array(128);
const GROUP_SEP_AT = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  CHAR[c] = /[A-Za-z0-9+/=_-]/.test(ch) ? 1 : 0;
  GROUP[c] =
    (/[A-Za-z0-9+=]/.test(ch) ? 1 : 0) | (/\d/.test(ch) ? 2 : 0) | (/[A-Za-z]/.test(ch) ? 4 : 0);
  SEP_AT[c] = SEPARATORS.indexOf(ch) + 1;
  GROUP_SEP_AT[c] = GROUP_SEPARATORS.indexOf(ch) + 1;
}
const MIN_CHARS = 12;
/**
 * What every single-character run holds: 11 pairs (character, separator) of one separator and a
 * character after them, 23 characters at most per try. Without it the walk finds nothing; with it
 * the walk runs and decides. Prose has none, and the native search skips it several times faster.
 */
const CHAR_RUN = /[A-Za-z0-9+/=_-]([-_.,:; \n|/\\])(?:[A-Za-z0-9+/=_-]\1){10}[A-Za-z0-9+/=_-]/;
/** A kept group split holds a digit: a text without one has none. */
const DIGIT = /[0-9]/;
const MIN_GROUP = 2;
const MAX_GROUP = 64;

const isChar = (c: number): boolean => c < 128 && CHAR[c] === 1;
const groupClass = (c: number): number => (c < 128 ? (GROUP[c] as number) : 0);

function bucket(out: (string[] | undefined)[], at: number, s: string): void {
  const b = out[at];
  if (b === undefined) out[at] = [s];
  else b.push(s);
}

/**
 * Single characters each followed by separator `s`: from `p`, the most consecutive pairs (character,
 * `s`); a run is at least 12 characters, its last one followed by no `s` (or given back when it is).
 * Returns the run's end, or -1. A walk of 12 pairs or more always finds a run, which is not walked
 * again for `s`: a walk that finds none costs at most 12 steps.
 */
function charRunEnd(text: string, p: number, s: number): number {
  const n = text.length;
  let k = 0;
  let q = p;
  while (q + 1 < n && isChar(text.charCodeAt(q)) && text.charCodeAt(q + 1) === s) {
    k++;
    q += 2;
  }
  if (k >= MIN_CHARS - 1 && q < n && isChar(text.charCodeAt(q))) return q + 1;
  return k >= MIN_CHARS ? q - 1 : -1;
}

function charRuns(text: string, out: (string[] | undefined)[]): void {
  const n = text.length;
  // where each separator's previous run ended: runs of one separator never overlap
  const next = new Int32Array(SEPARATORS.length);
  for (let p = 0; p + 2 * MIN_CHARS - 1 <= n; p++) {
    const c = text.charCodeAt(p + 1);
    const at = c < 128 ? (SEP_AT[c] as number) - 1 : -1;
    if (at < 0 || p < (next[at] as number) || !isChar(text.charCodeAt(p))) continue;
    const end = charRunEnd(text, p, c);
    if (end < 0) continue;
    let joined = '';
    for (let i = p; i < end; i += 2) joined += text.charAt(i);
    bucket(out, at, joined);
    next[at] = end;
  }
}

/** Maximal runs of group characters: starts, ends, and what they hold (bit 2 a digit, bit 4 a letter). */
interface GroupRuns {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  kinds: Uint8Array;
}

/** Scratch arrays that grow with the text, kept between calls (the walks read them as locals). */
let scratch: GroupRuns = {
  count: 0,
  starts: new Int32Array(256),
  ends: new Int32Array(256),
  kinds: new Uint8Array(256),
};

function grownRuns(r: GroupRuns): GroupRuns {
  const starts = new Int32Array(r.starts.length * 2);
  const ends = new Int32Array(r.ends.length * 2);
  const kinds = new Uint8Array(r.kinds.length * 2);
  starts.set(r.starts);
  ends.set(r.ends);
  kinds.set(r.kinds);
  return { count: r.count, starts, ends, kinds };
}

function groupRuns(text: string): GroupRuns {
  const n = text.length;
  let r = scratch;
  let { starts, ends, kinds } = r;
  let runs = 0;
  for (let i = 0; i < n;) {
    let k = groupClass(text.charCodeAt(i));
    if (k === 0) {
      i++;
      continue;
    }
    const start = i;
    let kind = k;
    for (i++; i < n && (k = groupClass(text.charCodeAt(i))) !== 0; i++) kind |= k;
    if (runs === starts.length) {
      r = grownRuns(r);
      scratch = r;
      ({ starts, ends, kinds } = r);
    }
    starts[runs] = start;
    ends[runs] = i;
    kinds[runs] = kind;
    runs++;
  }
  r.count = runs;
  return r;
}

/**
 * Groups split by one separator: from run `r`, each run of 2-64 characters followed by the
 * separator and the next run right after it, then a last run of 2-64 (or, failing it, at least two
 * groups before). Kept when joined it has 12 characters, a digit and a letter. Every run is the
 * start of at most one walk per separator that finds groups (they never overlap), and a walk that
 * finds none stops within two runs.
 */
function groupSplits(text: string, out: (string[] | undefined)[]): void {
  const { count: runs, starts, ends, kinds } = groupRuns(text);
  const sized = (r: number): boolean => {
    const len = (ends[r] as number) - (starts[r] as number);
    return len >= MIN_GROUP && len <= MAX_GROUP;
  };
  const next = new Int32Array(GROUP_SEPARATORS.length);
  for (let r = 0; r < runs; r++) {
    if (!sized(r)) continue;
    const s = text.charCodeAt(ends[r] as number);
    const at = s < 128 ? (GROUP_SEP_AT[s] as number) - 1 : -1;
    if (at < 0 || (starts[r] as number) < (next[at] as number)) continue;
    let k = 0;
    let q = r;
    for (;;) {
      if (!sized(q) || text.charCodeAt(ends[q] as number) !== s) break;
      const follows = q + 1 < runs && starts[q + 1] === (ends[q] as number) + 1;
      k++;
      if (!follows) {
        q = -1;
        break;
      }
      q++;
    }
    // q: the run after the last separator, -1 when none starts right after it
    const last = q >= 0 && sized(q) ? q : k >= 2 ? r + k - 1 : -1;
    if (last < 0) continue;
    next[at] = ends[last] as number;
    let length = 0;
    let kind = 0;
    for (let i = r; i <= last; i++) {
      length += (ends[i] as number) - (starts[i] as number);
      kind |= kinds[i] as number;
    }
    if (length < MIN_CHARS || (kind & 6) !== 6) continue;
    let joined = '';
    for (let i = r; i <= last; i++) joined += text.slice(starts[i], ends[i]);
    bucket(out, SEPARATORS.length + at, joined);
  }
}

/**
 * Runs of single characters split by one separator (`Q-7-v-X...`), and runs of groups of
 * letters and digits (`u4xD i0ij Xb8Y ...`, `AKIA-ISSX-FA6E`), joined back, one view in all. A group
 * run counts only with letters and digits both and 12 characters joined (prose has no digits).
 */
export function unseparated(text: string): string | null {
  const out: (string[] | undefined)[] = [];
  if (CHAR_RUN.test(text)) charRuns(text, out);
  if (DIGIT.test(text)) groupSplits(text, out);
  const parts: string[] = [];
  for (const b of out) if (b !== undefined) parts.push(...b);
  return parts.length === 0 ? null : parts.join('\u0000');
}
