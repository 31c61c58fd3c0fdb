// A `grep` whose pattern only selects lines that begin with named keys (`^(AWS_PROFILE|AWS_REGION)=`,
// `^\s+(name|cluster|server):`): what reaches the output is those keys' lines and nothing else,
// so names that are not secrets pass no secret (docs/guard.md "Shell analysis").

/** Key names that hold or lead to a secret's value. */
const SECRET_KEY =
  /KEY|SECRET|TOKEN|PASS|PWD|AUTH|CRED|CERT|PRIVATE|SESSION|COOKIE|SIGN|DATA|VALUE|BEARER|CLIENT|EXEC|ARG|CMD|COMMAND|DSN|URL|URI|CONN|(?:^|[_.-])ID$/i;
/** Leading whitespace as a pattern writes it. */
const SPACE = String.raw`(?:\\s[*+]|\[\[:space:\]\][*+]|\[ \\t\][*+]| [*+]|\\t[*+])?`;
const NAME = String.raw`[A-Za-z_][\w.-]*`;
/**
 * `^KEY=`, `^(K1|K2):`, `^\s+(?:K1|K2)\s*:` with an optional trailing `.*`; the `:` or `=` may be
 * missing (`^APP_ENV`), group 3 is empty then.
 */
const ANCHORED = new RegExp(
  String.raw`^\^${SPACE}(?:(${NAME})|\((?:\?:)?(${NAME}(?:\|${NAME})*)\))(?:(?:\\s\*|\[\[:space:\]\]\*| \*)?([:=])(?:\.\*)?)?$`,
);
/**
 * A pattern with no `=` also selects longer keys that begin with the name (`^AWS` prints
 * `AWS_SECRET_ACCESS_KEY=`), so it is only taken for a whole setting name ending in a word that
 * names a plain setting (`NODE_ENV`, `PORT`, `LOG_LEVEL`, `DATABASE_HOST`).
 */
const SETTING_NAME =
  /^(?:[A-Z][A-Z0-9]*_)*(?:ENV|ENVIRONMENT|PORT|HOST|HOSTNAME|LEVEL|MODE|DEBUG|REGION|TZ|LOCALE|NAME|VERSION)$/;

/** Options that print lines beyond the matching ones, invert, or read the input as one line. */
const WIDENS = /^-[a-zA-Z]*[vzABCfe]|^--(?:invert|context|after|before|null-data|file|regexp)/;
/** Options that only choose the pattern syntax, case or how lines are labelled. */
const PLAIN = /^-[EPiwnHhso]+$|^--(?:extended-regexp|perl-regexp|ignore-case|line-number|color)/;

/** The key names `pattern` selects, or null when it selects anything else. */
export function namedKeys(pattern: string): string[] | null {
  const m = ANCHORED.exec(pattern);
  if (m === null) return null;
  const keys = (m[1] ?? m[2] ?? '').split('|');
  return m[3] !== undefined || keys.every((k) => SETTING_NAME.test(k)) ? keys : null;
}

/**
 * True when `argv` is a `grep`/`egrep`/`rg` whose one pattern selects only lines of named keys,
 * none of them a secret's name, with no option that prints more; `files` operands may follow.
 */
export function grepsNamedKeys(argv: readonly string[]): boolean {
  const pattern = plainPattern(argv);
  const keys = pattern === undefined ? null : namedKeys(pattern);
  return keys !== null && keys.every((k) => !SECRET_KEY.test(k));
}

/** The one pattern of a `grep`/`egrep`/`rg` with no option that prints more than matching lines. */
function plainPattern(argv: readonly string[]): string | undefined {
  const name = argv[0] ?? '';
  if (name !== 'grep' && name !== 'egrep' && name !== 'rg') return undefined;
  const opts = argv.slice(1).filter((a) => a.startsWith('-'));
  if (opts.some((a) => WIDENS.test(a) || !PLAIN.test(a))) return undefined;
  return argv.slice(1).find((a) => !a.startsWith('-'));
}

/**
 * True when `argv` is such a `grep` selecting only `KEY=` lines of named keys, secret or not:
 * every line it prints has its value after the first `=`.
 */
export function grepsKeyAssignments(argv: readonly string[]): boolean {
  const pattern = plainPattern(argv);
  if (pattern === undefined) return false;
  const m = ANCHORED.exec(pattern);
  return m !== null && m[3] === '=';
}
