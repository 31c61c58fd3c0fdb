// Flow and taint: the values one command line passes, joined, so a secret split across two of its
// arguments (two headers, two `-d` fields, two query parameters) is whole again (docs/guard.md "Flow and taint").
import { eachWord, isSpace } from './command-words.js';

/**
 * Longest text read as a command line (the shell analysis reads at most 16 KiB); longer text, such
 * as a file a Write call carries, is checked as it is, not decoded a second time.
 */
const MAX_LINE = 16 * 1024;
const DASH = 0x2d;
const NAME_PREFIX = /^[\w.-]{1,64}\s*[:=]\s*/;
/** `?`, `&`, `;` (a query's separators) and `:`, `=` (a name prefix's end), by character code. */
const QUERY = new Uint8Array(128);
const NAMED = new Uint8Array(128);
for (const c of '?&;') QUERY[c.charCodeAt(0)] = 1;
for (const c of ':=') NAMED[c.charCodeAt(0)] = 1;

/** Whether `word` holds a character of `set` (one walk, no regex call per word). */
function holds(word: string, set: Uint8Array): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 128 && set[c] === 1) return true;
  }
  return false;
}

/**
 * The words of a command line with flags dropped and each word's `name:` / `name=` prefix removed
 * (`-H 'X-A: 5pdj' -H 'X-B: F8e3'` gives `5pdjF8e3`), a URL's query split at its parameters,
 * joined with nothing between them; null when
 * the text is no command line of two or more values.
 */
export function joinedCommandValues(text: string): string | null {
  if (text.length > MAX_LINE || !hasSpace(text)) return null;
  let joined = '';
  let count = 0;
  eachWord(text, (word) => {
    if (word === '' || word.charCodeAt(0) === DASH) return;
    // a URL's query parameters are values too (`?a=5pdj&b=F8e3` gives `5pdjF8e3`)
    // a word with none of `?&;` is one piece, and one with no `:` or `=` has no name prefix
    if (!holds(word, QUERY)) {
      joined += holds(word, NAMED) ? word.replace(NAME_PREFIX, '') : word;
      count++;
      return;
    }
    for (const piece of word.split(/[?&;](?=[\w.-]{1,64}=)/)) {
      joined += holds(piece, NAMED) ? piece.replace(NAME_PREFIX, '') : piece;
      count++;
    }
  });
  return count < 2 ? null : joined;
}

function hasSpace(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isSpace(text.charCodeAt(i))) return true;
  return false;
}
