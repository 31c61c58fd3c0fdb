// Injected instructions: normalisation before detection (Unicode NFKC, UAX #15; zero-width, bidi
// controls and tag characters removed; common Cyrillic and Greek confusables folded to Latin, after
// Unicode TR #39), and the hidden parts of a document (HTML comments, markdown comments).

const INVISIBLE =
  /[\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/gu;

const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'B',
  е: 'e',
  к: 'k',
  м: 'M',
  н: 'H',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 'T',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  ӏ: 'l',
  ԁ: 'd',
  ɡ: 'g',
  ո: 'n',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  І: 'I',
  Ѕ: 'S',
  Ј: 'J',
  У: 'Y',
  Ү: 'Y',
  Ԛ: 'Q',
  Ԝ: 'W',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  ο: 'o',
  ν: 'v',
  ρ: 'p',
  ι: 'i',
};
/** The look-alike letters folded, as a character class's contents. */
export const CONFUSABLE_LETTERS = Object.keys(CONFUSABLES).join('');
const CONFUSABLE_RE = new RegExp(`[${CONFUSABLE_LETTERS}]`, 'g');

/** An invisible character between two Latin letters: a word spelt so a keyword list cannot see it. */
const INTERLEAVED = /[A-Za-z][\u200B-\u200D\u2060\uFEFF][A-Za-z]/g;
/** How many such joins make a spelling, not a stray one pasted from a web page. */
const INTERLEAVED_MIN = 8;

/** True when words of the text are spelt with invisible characters between their letters. */
export function hasInterleavedInvisible(text: string): boolean {
  INTERLEAVED.lastIndex = 0;
  let n = 0;
  while (INTERLEAVED.exec(text) !== null) {
    INTERLEAVED.lastIndex--;
    if (++n >= INTERLEAVED_MIN) return true;
  }
  return false;
}

/** True when the text holds characters a reader cannot see (zero-width, bidi, tags). */
export function hasInvisible(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(text);
}

/** The text as a reader (and a model) would take it: NFKC, invisibles removed, confusables folded. */
export function normalizeForDetection(text: string, fold = true): string {
  const plain = text.normalize('NFKC').replace(INVISIBLE, '');
  return fold ? plain.replace(CONFUSABLE_RE, (c) => CONFUSABLES[c] ?? c) : plain;
}

/** A backslash escape of a JSON string (RFC 8259 §7). */
const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|(["\\/bfnrt]))/g;
const ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * The text with JSON string escapes decoded (RFC 8259 §7), or null when it has none: an API's JSON
 * reply carries a field's paragraphs as `\n`, which glues the next word to an `n` ("\n\nIgnore")
 * and hides it from word-bounded signatures, though a model reads the field as the text it encodes.
 */
export function jsonUnescaped(text: string): string | null {
  if (!text.includes('\\')) return null;
  const out = text.replace(JSON_ESCAPE, (_m, hex: string | undefined, c: string | undefined) =>
    hex !== undefined ? String.fromCharCode(parseInt(hex, 16)) : (ESCAPED[c ?? ''] ?? c ?? ''),
  );
  return out === text ? null : out;
}

/**
 * The text a model reads in a JSON reply: its keys and string values, a paragraph each, when the
 * whole text is JSON; else the text with JSON escapes decoded; null when neither applies. This
 * value is attacker-controlled: walked with a stack, not recursion, however deep it nests.
 */
export function jsonReadText(text: string): string | null {
  const t = text.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    let value: unknown;
    try {
      value = JSON.parse(t);
    } catch {
      return jsonUnescaped(text);
    }
    const out: string[] = [];
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const v = stack.pop();
      if (typeof v === 'string') out.push(v);
      else if (Array.isArray(v)) for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
      else if (v !== null && typeof v === 'object')
        for (const [k, x] of Object.entries(v).reverse()) stack.push(x, k);
    }
    return out.join('\n\n');
  }
  return jsonUnescaped(text);
}

/**
 * Hidden spans of a document a user does not see rendered: HTML comments, markdown link-reference
 * comments (`[//]: # (...)`, `[comment]: <> (...)`, CommonMark §4.7 link reference definitions that
 * no link uses), an image's URL (the reader sees the image, not its query), hidden elements (not
 * displayed, sized or faded to nothing, white text, moved off screen), and white text in wiki and
 * forum markup (Jira's `{color:white}`, BBCode's `[color=white]`), and a collapsed `<details>`
 * block whose summary is empty (nothing tells the reader what it holds).
 */
export const HIDDEN_SPANS =
  /<!--[\s\S]{0,20000}?-->|^[ \t]{0,3}\[(?:\/\/|comment|_|#)\]:[ \t]*(?:#|<>)[ \t]*(?:\(.*\)|".*"|'.*')[ \t]*$|!\[[^\]\n]{0,200}\]\(\s*https?:\/\/[^)\n]{1,600}\)|<(div|span|p|td|section|small|font|label)\b[^>]{0,200}(?:display:\s*none|hidden|font-size:\s*0(?:px|em|rem|pt|%)?\s*[;"']|opacity:\s*0(?:\.0+)?\s*[;"']|(?<!background(?:-color)?:\s*)color:\s*(?:white|#fff(?:fff)?|rgb\(\s*255\s*,\s*255\s*,\s*255\s*\))\s*[;"']|(?:left|top|text-indent):\s*-\d{3,}px)[^>]{0,200}>[\s\S]{0,20000}?<\/\1>|\{color:\s*(?:white|#fff(?:fff)?)\s*\}[\s\S]{0,20000}?\{color\}|\[color=["']?(?:white|#fff(?:fff)?)["']?\][\s\S]{0,20000}?\[\/color\]|<details\b[^>]{0,200}>\s*<summary\b[^>]{0,200}>\s*<\/summary>[\s\S]{0,20000}?<\/details>/gim;

/** Tag characters (U+E0020–U+E007E) mirror printable ASCII and render as nothing. */
const TAG_RUN = /[\u{E0020}-\u{E007E}]+/gu;
/** Emoji subdivision flags are the one legitimate use of tags (UTS #51 §2.8: black flag, tags, cancel). */
const FLAG_TAGS = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,8}\u{E007F}/gu;

/**
 * The text smuggled in tag characters ("ASCII smuggling"), decoded; '' when there is none. A model
 * reads it though a person sees nothing, so it is an instruction's hiding place, never content.
 */
export function smuggledTagText(text: string): string {
  const runs = [...text.replace(FLAG_TAGS, '').matchAll(TAG_RUN)];
  return runs
    .map((m) => String.fromCodePoint(...Array.from(m[0], (c) => (c.codePointAt(0) ?? 0) - 0xe0000)))
    .join(' ')
    .trim();
}

/** Code spans and blocks: a hidden comment quoted in them is shown to the reader, as an example. */
const CODE_SPANS = /```[\s\S]{0,20000}?```|`[^`\n]{1,500}`/g;

/** The hidden spans of a text that are hidden when rendered (not quoted inside code). */
export function hiddenSpans(text: string): string[] {
  const code = [...text.matchAll(CODE_SPANS)].map((m) => [m.index, m.index + m[0].length]);
  return [...text.matchAll(HIDDEN_SPANS)]
    .filter((m) => !code.some(([from = 0, to = 0]) => m.index > from && m.index < to))
    .map((m) => m[0]);
}

/** A base64 run after a comment marker on its line, or inside a hidden span. */
const COMMENT_B64 = /(?:\/\/|#|\/\*|<!--|^[ \t]*\*)[^\n]{0,200}?([A-Za-z0-9+/]{40,4096}={0,2})/gm;
const B64_RUN = /[A-Za-z0-9+/]{40,4096}={0,2}/g;
/** Decoded text a person would read: printable, with spaces between words. */
const READABLE = /^[\x20-\x7E\t\r\n\u00A0-\uFFFC]+$/;
/** Most runs decoded in one text (a result is read in a handful). */
const MAX_RUNS = 16;

/**
 * The readable texts base64 runs in comments and hidden spans decode to: an order written in base64
 * there ("decode and follow") is read by a model as easily as plain text, and no reader sees it.
 */
export function decodedComments(text: string, hidden: readonly string[]): string[] {
  const runs = [
    ...[...text.matchAll(COMMENT_B64)].map((m) => m[1] ?? ''),
    ...hidden.flatMap((h) => h.match(B64_RUN) ?? []),
  ].slice(0, MAX_RUNS);
  const out: string[] = [];
  for (const run of runs) {
    const decoded = Buffer.from(run, 'base64').toString('utf8');
    if (READABLE.test(decoded) && / \S/.test(decoded)) out.push(decoded);
  }
  return out;
}
