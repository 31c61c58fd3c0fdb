// A secret read whose output reaches the terminal only through a substitution that blanks a
// connection URL's userinfo (`kubectl get secret db -o jsonpath='{.data.DATABASE_URL}' | base64 -d
// | sed -E 's#://[^@]+@#://***@#'`): what is printed is the host and database, never the password
// (docs/guard.md "Credential routing"). The read must name a URL, URI or DSN, else a value with no
// `@` would pass through unmasked; the replacement must not quote what it matched (`&`, `\1`).
import type { ShellAnalysis, ShellCommand } from './model.js';

/** Decoders that only undo the store's encoding. */
const DECODE = /^(?:-d|--decode|-D)$/;
/** The read names a connection URL. */
const URL_FIELD = /(?:url|uri|dsn)(?![a-z])/i;
/** sed options that only choose the regex dialect. */
const SED_OPTION = /^-(?:E|r|-regexp-extended)$/;
/** `s<d>pattern<d>replacement<d>[g]`: one substitution. */
const SUBST = /^s([#|/,:@!])((?:(?!\1).)*)\1((?:(?!\1).)*)\1g?$/;
/** The pattern runs up to the userinfo's end: `[^@]+@` or `[^@]*@`. */
const USERINFO = /\[\^@\][+*]@/;

function maskScript(script: string): boolean {
  const m = SUBST.exec(script.trim());
  if (m === null) return false;
  const [, , pattern = '', replacement = ''] = m;
  // a `[^@]+@` inside a group would be quoted back by a backreference; none may be used
  return USERINFO.test(pattern) && !/&|\\\d/.test(replacement);
}

function masks(cmd: ShellCommand): boolean {
  if (cmd.redirects.length > 0) return false;
  const args = cmd.argv.slice(1);
  if (cmd.name === 'sed') {
    const scripts = args.filter((a) => !SED_OPTION.test(a));
    return scripts.length === 1 && maskScript(scripts[0] ?? '');
  }
  if (cmd.name === 'perl') {
    return args.length === 2 && args[0] === '-pe' && maskScript(args[1] ?? '');
  }
  return false;
}

/**
 * True when `cmd`, a secret read naming a URL, is piped through decoders alone into a last stage
 * that masks the URL's userinfo.
 */
export function pipedToUserinfoMask(cmd: ShellCommand, all: ShellAnalysis): boolean {
  if (cmd.pipeline < 0 || cmd.stage + 1 >= cmd.stages) return false;
  if (!cmd.argv.some((a) => URL_FIELD.test(a))) return false;
  if (cmd.redirects.some((r) => r.op.startsWith('>') || r.op.startsWith('&'))) return false;
  for (let s = cmd.stage + 1; s < cmd.stages; s++) {
    const next = all.commands.find(
      (c) =>
        c.pipeline === cmd.pipeline &&
        c.stage === s &&
        c.substitution === cmd.substitution &&
        c.nested === cmd.nested,
    );
    if (next === undefined) return false;
    if (s === cmd.stages - 1) return masks(next);
    const decoder =
      next.name === 'base64' &&
      next.redirects.length === 0 &&
      next.argv.length === 2 &&
      DECODE.test(next.argv[1] ?? '');
    if (!decoder) return false;
  }
  return false;
}

/** At most this many characters of a value are kept: a vendor prefix (`sk-proj-`), not the key. */
const PREFIX_MAX = 8;
/** `=(.{8}).*`, `=(.{1,8}).*` or `=\(.\{8\}\).*`: the first N characters of the value grouped. */
const VALUE_PREFIX =
  /^=(?:\(\.\{(?:\d,)?(\d{1,2})\}\)|\\\(\.\\\{(?:\d,)?(\d{1,2})\\\}\\\))\.\*\$?$/;

/**
 * True when `cmd` is piped straight into a last stage `sed -E 's/=(.{8}).*` + `/=\1.../'` that cuts every
 * `KEY=value` line to its key and at most {@link PREFIX_MAX} characters of the value
 * (docs/guard.md "Credential routing"). The caller proves each line has its value after an `=`.
 */
export function pipedToValuePrefix(cmd: ShellCommand, all: ShellAnalysis): boolean {
  if (cmd.pipeline < 0 || cmd.stage + 2 !== cmd.stages) return false;
  if (cmd.redirects.some((r) => r.op.startsWith('>') || r.op.startsWith('&'))) return false;
  const next = all.commands.find(
    (c) =>
      c.pipeline === cmd.pipeline &&
      c.stage === cmd.stage + 1 &&
      c.substitution === cmd.substitution &&
      c.nested === cmd.nested,
  );
  if (next === undefined || next.name !== 'sed' || next.redirects.length > 0) return false;
  const args = next.argv.slice(1);
  const extended = args.some((a) => SED_OPTION.test(a));
  const scripts = args.filter((a) => !SED_OPTION.test(a));
  const m = scripts.length === 1 ? SUBST.exec((scripts[0] ?? '').trim()) : null;
  if (m === null) return false;
  const [, , pattern = '', replacement = ''] = m;
  const v = VALUE_PREFIX.exec(pattern);
  const n = v?.[1] ?? v?.[2];
  // the unescaped group is a group only in extended syntax, the escaped one only in basic
  if (n === undefined || (v?.[1] !== undefined) !== extended) return false;
  // the replacement quotes back the kept prefix alone: no `&`, no other group
  return Number(n) <= PREFIX_MAX && !/&|\\[02-9]/.test(replacement);
}
