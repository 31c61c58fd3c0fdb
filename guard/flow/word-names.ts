// Flow and taint: the tokens of a sensitive file that are names built of words (`current-context`,
// `client-key-data`, `claude-sonnet-4-5`, `shop_production`): keys, context and model names that
// everyday commands repeat. They are no secret unless the file assigns them to a credential-named
// key, where a passphrase of words is the secret (docs/guard.md "Content taint").

/** Lower-case words joined by `-`, `_` or `.`, with only short numbers between them. */
const WORD_NAME = /^[a-z]{2,}(?:[-_.](?:[a-z]{2,}|\d{1,4}))+$/;
/** A value assigned to a key naming a credential (`password: a-b-c`, `"api_key" = "…"`). */
const CREDENTIAL_VALUE =
  /(?:secret|token|passw(?:or)?d|passphrase|pwd|api[_-]?key|apikey|private[_-]?key|access[_-]?key|credential|auth)[A-Za-z0-9_.-]{0,40}["']?[ \t]*[:=][ \t]*["']?([^\s"'`,;#}]{1,256})/gi;

/** The values `text` assigns to credential-named keys: one linear pass over attacker text. */
export function credentialAssigned(text: string): Set<string> {
  const out = new Set<string>();
  CREDENTIAL_VALUE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CREDENTIAL_VALUE.exec(text)) !== null) out.add(m[1] ?? '');
  return out;
}

/** True when `token` is a word-built name that the file never assigns to a credential-named key. */
export function wordName(token: string, assigned: ReadonlySet<string>): boolean {
  return WORD_NAME.test(token) && !assigned.has(token);
}
