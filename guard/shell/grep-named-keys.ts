// A `grep` whose pattern only selects lines that begin with named keys (`^(AWS_PROFILE|AWS_REGION)=`,
// `^\s+(name|cluster|server):`): what reaches the output is those keys' lines and nothing else,
// so names that are not secrets pass no secret (docs/guard.md "Shell analysis").

/** Key names that hold or lead to a secret's value. */
const SECRET_KEY =
  /KEY|SECRET|TOKEN|PASS|PWD|AUTH|CRED|CERT|PRIVATE|SESSION|COOKIE|SIGN|DATA|VALUE|BEARER|CLIENT|EXEC|ARG|CMD|COMMAND|DSN|URL|URI|CONN|(?:^|[_.-])ID$/i;
/** Leading whitespace as a pattern writes it. */
const SPACE = String.raw`(?:\\s[*+]|\[\[:space:\]\][*+]|\[ \\t\][*+]| [*+]|\\t[*+])?`;
const NAME = String.raw`[A-Za-z_][\w.-]*`;
/** `^KEY=`, `^(K1|K2):`, `^\s+(?:K1|K2)\s*:` with an optional trailing `.*`. */
const ANCHORED = new RegExp(
  String.raw`^\^${SPACE}(?:(${NAME})|\((?:\?:)?(${NAME}(?:\|${NAME})*)\))(?:\\s\*|\[\[:space:\]\]\*| \*)?[:=](?:\.\*)?$`,
);

/** Options that print lines beyond the matching ones, invert, or read the input as one line. */
const WIDENS = /^-[a-zA-Z]*[vzABCfe]|^--(?:invert|context|after|before|null-data|file|regexp)/;
/** Options that only choose the pattern syntax, case or how lines are labelled. */
const PLAIN = /^-[EPiwnHhso]+$|^--(?:extended-regexp|perl-regexp|ignore-case|line-number|color)/;

/** The key names `pattern` selects, or null when it selects anything else. */
export function namedKeys(pattern: string): string[] | null {
  const m = ANCHORED.exec(pattern);
  if (m === null) return null;
  return (m[1] ?? m[2] ?? '').split('|');
}

/**
 * True when `argv` is a `grep`/`egrep`/`rg` whose one pattern selects only lines of named keys,
 * none of them a secret's name, with no option that prints more; `files` operands may follow.
 */
export function grepsNamedKeys(argv: readonly string[]): boolean {
  const name = argv[0] ?? '';
  if (name !== 'grep' && name !== 'egrep' && name !== 'rg') return false;
  const opts = argv.slice(1).filter((a) => a.startsWith('-'));
  if (opts.some((a) => WIDENS.test(a) || !PLAIN.test(a))) return false;
  const pattern = argv.slice(1).find((a) => !a.startsWith('-'));
  const keys = pattern === undefined ? null : namedKeys(pattern);
  return keys !== null && keys.every((k) => !SECRET_KEY.test(k));
}
