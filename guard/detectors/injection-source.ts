// Source code read as a tool result, and JSON, YAML and TOML test fixtures: its string literals are data the
// program handles (a test quoting an attack phrase), not words to the assistant; its comments and docstrings are prose
// and stay read (docs/guard.md "Injected instructions").

/** A file inside a test fixture folder (`tests/fixtures/`, `test/data/`, `__fixtures__/`, `testdata/`). */
export const FIXTURE_DIR = String.raw`(?:^|\/)(?:(?:tests?|spec|__tests__)\/(?:fixtures|data|testdata)|__fixtures__|testdata)\/(?:[\w.@-]+\/)*`;

/**
 * Source files by extension, and JSON, YAML or TOML data in a test fixture folder (`tests/fixtures/cases.yaml`:
 * its strings are the cases a test feeds its program); markup, documents and other data are not
 * (their text is all prose).
 */
export const SOURCE_FILE = new RegExp(
  String.raw`\.(?:[cm]?[jt]sx?|py|pyi|go|rs|java|kt|kts|scala|rb|php|cs|c|cc|cpp|cxx|h|hpp|swift|dart|lua|ex|exs)$|` +
    String.raw`${FIXTURE_DIR}[\w.@-]+\.(?:json|jsonl|ndjson|ya?ml|toml)$`,
  'i',
);
/** Languages whose line comments start with `#`. */
const HASH_COMMENT = /\.(?:py|pyi|rb|ex|exs|ya?ml|toml)$/i;

/**
 * `text` with every single-line or template string literal replaced by `""`, comments and
 * triple-quoted docstrings kept. Linear in the text; an unterminated literal ends at its line's end.
 */
export function withoutStringLiterals(text: string, path: string): string {
  const hash = HASH_COMMENT.test(path);
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i] ?? '';
    const next = text[i + 1] ?? '';
    let end = -1;
    if ((c === '/' && next === '/') || (hash && c === '#')) {
      end = text.indexOf('\n', i);
      end = end < 0 ? n : end;
    } else if (c === '/' && next === '*') {
      end = text.indexOf('*/', i + 2);
      end = end < 0 ? n : end + 2;
    } else if ((c === '"' || c === "'") && text.startsWith(c.repeat(3), i)) {
      end = text.indexOf(c.repeat(3), i + 3);
      end = end < 0 ? n : end + 3;
    }
    if (end >= 0) {
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < n && text[j] !== c && (c === '`' || text[j] !== '\n'))
        j += text[j] === '\\' ? 2 : 1;
      out += '""';
      i = Math.min(n, j + 1);
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
