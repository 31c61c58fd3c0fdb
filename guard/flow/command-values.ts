// Flow and taint: the values one command line passes, joined, so a secret split across two of its
// arguments (two headers, two `-d` fields, two query parameters) is whole again (docs/guard.md "Flow and taint").

/**
 * Longest text read as a command line (the shell analysis reads at most 16 KiB); longer text, such
 * as a file a Write call carries, is checked as it is, not decoded a second time.
 */
const MAX_LINE = 16 * 1024;

/**
 * The words of a command line with flags dropped and each word's `name:` / `name=` prefix removed
 * (`-H 'X-A: 5pdj' -H 'X-B: F8e3'` gives `5pdjF8e3`), a URL's query split at its parameters,
 * joined with nothing between them; null when
 * the text is no command line of two or more values.
 */
export function joinedCommandValues(text: string): string | null {
  if (text.length > MAX_LINE || !/\s/.test(text)) return null;
  const parts: string[] = [];
  for (const m of text.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|([^\s'"]+)/g)) {
    const word = m[1] ?? m[2] ?? m[3] ?? '';
    if (word.startsWith('-') || word === '') continue;
    // a URL's query parameters are values too (`?a=5pdj&b=F8e3` gives `5pdjF8e3`)
    // a word with none of `?&;` is one piece, and one with no `:` or `=` has no name prefix
    const pieces = /[?&;]/.test(word) ? word.split(/[?&;](?=[\w.-]{1,64}=)/) : [word];
    for (const piece of pieces)
      parts.push(/[:=]/.test(piece) ? piece.replace(/^[\w.-]{1,64}\s*[:=]\s*/, '') : piece);
  }
  return parts.length < 2 ? null : parts.join('');
}
