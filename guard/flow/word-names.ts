// Flow and taint: the keys of a sensitive file that are names built of words (`current-context`,
// `client-key-data`, `certificate-authority-data`): every command about that kind of file repeats
// them, and a key holds no secret. A word-built value (`EMBED_MODEL=text-embedding-3-small`) is a
// setting's name when its key marks no credential; under a credential's key (`DB_PASSWORD=correct-
// horse-battery-staple`) it stays taint (docs/guard.md "Content taint").

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

/** A whole `KEY=value` or `key: value` line whose value is word-built, quoted or not. */
const WORD_VALUE =
  /^[ \t]*(?:export[ \t]+)?["']?([A-Za-z_][\w.-]{0,80})["']?[ \t]*[:=][ \t]*["']?([a-z]{2,}(?:[-_.](?:[a-z]{2,}|\d{1,4}))+)["']?[ \t]*\r?$/gm;
/** A key name that marks a credential: its value stays taint whatever its shape (fail closed). */
const CREDENTIAL_KEY =
  /pass|pwd|secret|token|key|auth|cred|private|cert|sign|salt|session|cookie|seed|mnemonic|phrase|otp|pin(?:$|[_.-])|dsn|conn/i;

/**
 * The word-built values `text` assigns only under keys that mark no credential: one linear pass. A
 * value also assigned to a credential's key stays taint.
 */
export function plainWordValues(text: string): Set<string> {
  const plain = new Set<string>();
  const guarded = new Set<string>();
  if (!text.includes('=') && !text.includes(':')) return plain;
  WORD_VALUE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD_VALUE.exec(text)) !== null) {
    const value = m[2] ?? '';
    (CREDENTIAL_KEY.test(m[1] ?? '') ? guarded : plain).add(value);
  }
  for (const v of guarded) plain.delete(v);
  return plain;
}
