// Flow and taint: the keys of a sensitive file that are names built of words (`current-context`,
// `client-key-data`, `certificate-authority-data`): every command about that kind of file repeats
// them, and a key holds no secret. Values stay taint, word-built or not (docs/guard.md "Content taint").

/** Lower-case words joined by `-`, `_` or `.`, with only short numbers between them. */
const WORD_NAME = /^[a-z]{2,}(?:[-_.](?:[a-z]{2,}|\d{1,4}))+$/;
/** A word-built key at a line's start or after `{`/`,`: `current-context:`, `"client-key-data" =`. */
const KEY = /(?:^|[{,])[ \t-]*["']?([a-z]{2,}(?:[-_.](?:[a-z]{2,}|\d{1,4}))+)["']?[ \t]*[:=]/gm;

/** Most word-built keys a file may have for any of them to be set aside. */
const MAX_KEYS = 64;

/** The word-built names `text` uses as keys: one linear pass over attacker text. */
export function wordKeys(text: string): Set<string> {
  const out = new Set<string>();
  KEY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = KEY.exec(text)) !== null) out.add(m[1] ?? '');
  return out;
}

/**
 * True when `token` is a word-built key of the file and never a value in it (a value that is also
 * a key elsewhere stays taint).
 */
export function wordName(token: string, keys: ReadonlySet<string>, text: string): boolean {
  // many keys would make the value check costly: then every token stays taint (fail closed)
  if (keys.size > MAX_KEYS || !WORD_NAME.test(token) || !keys.has(token)) return false;
  const escaped = token.replace(/[.]/g, '\\.');
  return !new RegExp(`[:=][ \\t]*["']?${escaped}(?![\\w.-])`).test(text);
}
