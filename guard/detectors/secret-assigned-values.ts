// Credential assignments (docs/guard.md "Secret formats"): whether the name before a value says it
// holds a credential, and whether the value is one rather than a placeholder, lookup, type or word.
import { entropy } from './checksums.js';
import { notPlaceholder } from './secret-validators.js';
import { fileNameValue, replaceMeValue } from './secret-not-values.js';

/** Name characters read back from a credential word: `db_`, `spring.datasource.`, `$`, `x-api-`. */
const NAME_CHAR = /[A-Za-z0-9_.$@-]/;

/** The segment right before the credential word that makes the name something else. */
const NOT_CREDENTIAL_PREFIX = new Set([
  'page',
  'next',
  'continuation',
  'sync',
  'csrf',
  'xsrf',
  'cursor',
  'request',
  'idempotency',
  'max',
  'min',
  'num',
  'total',
  'public',
  'pub',
  'publishable',
  'bos',
  'eos',
  'pad',
  'unk',
  'sep',
  'cls',
  'mask',
  'existing',
  'hashed',
  'encrypted',
  'show',
  'has',
  'use',
  'require',
  'input',
  'label',
  'placeholder',
  'policy',
  'field',
  'type',
  'forgot',
  'no',
  'by',
  'bypass',
]);

/** Words that are a credential's kind, type, default or state, never one. */
const STOP_VALUES = new Set(
  (
    'password passwd passphrase secret secrets token apikey changeme changeit default example ' +
    'sample required optional string str bytes char text varchar hidden masked none null nil ' +
    'undefined true false empty unset notset postgres mysql admin administrator root guest ' +
    'redacted removed omitted secretstr securestring bearer basic digest oauth password123 ' +
    'letmein qwerty welcome mypassword yourpassword'
  ).split(' '),
);

/** A placeholder word with digits or symbols added: `password123`, `changeme!`, `<secret>`. */
const PLACEHOLDER_WORDS =
  /^(?:my|your|the)?(?:password|passwd|secret|changeme|changeit|example|sample|redacted|token)$/;

/** A value that reads a credential from somewhere else (environment, vault, config, a call). */
const LOOKUP =
  /^(?:[$%@&*!#{([<:?]|(?:process\.env|import\.meta\.env|os\.(?:environ|getenv)|getenv|System\.getenv|Environment\.|ENV\[|env\(|secrets\.|vault:|ref\+|arn:aws:(?:secretsmanager|ssm)|projects\/[^/]+\/secrets\/|keyvault|kms:|sm:\/\/|op:\/\/)|.*(?:\$\{|\{\{|\}\}|%\(|\$\(|::|->))/i;
const IDENTIFIER_EXPRESSION = /^[A-Za-z_$][\w$]*(?:(?:\.|::|->|\?\.)[A-Za-z_$][\w$]*)*(?:\(.*)?$/;
const PATH_OR_URL =
  /^(?:\.{0,2}\/|~\/|[A-Za-z]:\\|\\\\|[a-z][a-z0-9+.-]*:\/\/|[\w.-]+(?:\/[\w.-]+)+\.[a-z]{1,5}$)/;
const VERSION = /^v?\d+(?:\.\d+)+(?:[-+][\w.]+)?$/;

/**
 * The name read back from `start` (where the credential word `word` begins in `input`): true when
 * the word starts a segment (after a separator, at a camelCase boundary, or fused into a longer
 * word such as `userpassword` when the word is long) and the segment before it does not make the
 * name a page token, a public key, a policy or a flag.
 */
export function credentialName(input: string, start: number, word: string): boolean {
  let i = start;
  while (i > 0 && start - i < 64 && NAME_CHAR.test(input[i - 1] ?? '')) i--;
  const before = input.slice(i, start);
  const prev = before.at(-1) ?? '';
  const camel = /[a-z0-9]/.test(prev) && /^[A-Z]/.test(word);
  // fused into a longer word: `userpassword`, `DBPASSWORD` yes; `bypass`, `compass` no
  if (/[A-Za-z]/.test(prev) && !camel && word.length < 6) return false;
  const last = before
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[_.$@-]+/)
    .filter((s) => s !== '')
    .at(-1);
  return last === undefined || !NOT_CREDENTIAL_PREFIX.has(last);
}

export interface ValueContext {
  /** The value was a quoted string literal (closed by the same quote). */
  quoted: boolean;
  /** `NAME=value` with an upper-case name and no space: an env file, a shell export, a Dockerfile. */
  envStyle: boolean;
  /** The name says password (human-chosen values) rather than key, token or secret. */
  password: boolean;
}

/**
 * A value that is a credential: long enough, not a placeholder, lookup, identifier expression, path,
 * URL, version, type or stop word, and shaped like a password (letters with digits or symbols, or a
 * long lower- or upper-case word) or, for keys and tokens, like a key (letters and digits, or long
 * and random).
 */
export function credentialValue(v: string, ctx: ValueContext): boolean {
  if (v.length < 6 || v.length > 200) return false;
  if (!notPlaceholder(v) || LOOKUP.test(v) || PATH_OR_URL.test(v) || VERSION.test(v)) return false;
  if (fileNameValue(v) || replaceMeValue(v)) return false;
  if (/\b(?:here|goes|your|my[_-]?(?:secret|password|token|key))\b/i.test(v)) return false;
  const lower = v.toLowerCase();
  if (STOP_VALUES.has(lower) || PLACEHOLDER_WORDS.test(lower.replace(/[^a-z]/g, ''))) return false;
  if (/^(.)\1+$/.test(v) || /^[x*•.#?-]+$/i.test(v)) return false;
  // an identifier (`analytics_password`), a validation rule (`required|min:8`), a format (`%s`)
  if (
    /^[A-Za-z]+(?:[_-][A-Za-z]+)+$/.test(v) ||
    /^(?:required|nullable|sometimes|confirmed)\b/i.test(v)
  )
    return false;
  const letters = /\p{L}/u.test(v);
  const digits = /\d/.test(v);
  const symbols = /[^\p{L}\p{N}]/u.test(v);
  if (!ctx.quoted && /^[A-Z][A-Za-z]*[!?\]]+$/.test(v)) return false;
  // an index or a call: `secrets["mq"]`, `cfg[:password]`
  if (!ctx.quoted && /^[A-Za-z_$][\w$.]*[[(]/.test(v)) return false;
  if (!ctx.quoted && IDENTIFIER_EXPRESSION.test(v)) {
    // code: `password = user_password`, `args.password`, `getpass()`; a config's bare word counts
    // only in an env file and only when it has a digit or is long
    if (/[.(:>]/.test(v)) return false;
    if (!digits && !(ctx.envStyle && v.length >= 8)) return false;
  }
  if (ctx.password) {
    if (letters && (digits || symbols)) return true;
    if (!letters) return digits && !symbols ? v.length >= 6 : v.length >= 8;
    // letters only: a label (`"Passwort"`, `"Password"`) is a title-case word
    return v.length >= 8 && !/^\p{Lu}\p{Ll}+$/u.test(v) && !/^[a-z]+[A-Z][a-z]+/.test(v);
  }
  // a JWT is judged by its own format (an unsigned one, `alg: none`, is not a credential)
  if (/^eyJ[\w-]*\.eyJ/.test(v)) return false;
  // keys and tokens are long; a short value under such a name is an id, a badge or a sample
  if (v.length < 12) return false;
  if (letters && digits) return true;
  return v.length >= 16 && entropy(v) >= 3;
}
