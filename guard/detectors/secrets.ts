// `secrets`: credentials in event fields, validated per format; "block" reports, "redact" rewrites.
import { eachString } from '../rules/field.js';
import { mask, type Detector, type Finding } from './detector.js';
import { checkKeys, enumParam, listParam } from './params.js';
import { replacedText } from './secret-not-values.js';
import { SECRET_PATTERNS, type SecretPattern } from './secret-patterns.js';
import { regexLiterals } from '../rules/needs.js';
import { issuerBoundSpans } from './secret-issuer-bound.js';
import { headerToOwnIssuer, queryKeyToOwnIssuer, urlToOwnIssuer } from './secret-url-issuer.js';
import { localStoreOnly } from './secret-local-store.js';
import { localOnlyCredentials } from './secret-local-request.js';
import { localDatabaseCredentials } from './secret-local-database.js';
import { decodedContent } from './secret-encoded-content.js';

interface SecretParams {
  mode: 'block' | 'redact';
  /** "pass": a shell command's credentials sent only to their own issuers are not findings. */
  to_issuer: 'pass' | 'report';
  patterns: readonly SecretPattern[];
}

export interface SecretMatch {
  kind: string;
  start: number;
  end: number;
  value: string;
}

const MAX_MATCHES = 256;

/** The patterns' alternation, one per flag set, or null when they cannot be joined. */
function alternations(patterns: readonly SecretPattern[]): RegExp[] | null {
  const byFlags = new Map<string, string[]>();
  for (const p of patterns) {
    const flags = p.re.flags.replace(/[gy]/g, '');
    byFlags.set(flags, [...(byFlags.get(flags) ?? []), `(?:${p.re.source})`]);
  }
  try {
    return [...byFlags].map(([flags, sources]) => new RegExp(sources.join('|'), flags));
  } catch {
    return null;
  }
}

const escaped = (l: string): string => l.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/**
 * One pass that matches wherever any of `patterns` matches (their alternation, one per flag set):
 * text it does not match holds no format, so the formats' own patterns run only behind it. Most
 * formats cannot match without one of a few literals (a vendor prefix, a keyword: regexLiterals):
 * a text holding none of them, most of what agents send, is screened by the other formats alone.
 */
export function secretScreen(patterns: readonly SecretPattern[]): (text: string) => boolean {
  const full = alternations(patterns);
  // a set of patterns that cannot be joined is run one by one
  if (full === null) return () => true;
  const keyed: SecretPattern[] = [];
  const literals = new Set<string>();
  for (const p of patterns) {
    // Unicode case folding maps other letters onto ASCII ones: such a pattern stays unkeyed
    const ls = /[uv]/.test(p.re.flags) ? null : regexLiterals(p.re.source);
    if (ls === null) continue;
    keyed.push(p);
    for (const l of ls) literals.add(l);
  }
  const rest = alternations(patterns.filter((p) => !keyed.includes(p)));
  if (keyed.length === 0 || rest === null) return (text) => full.some((re) => re.test(text));
  // the literals are case-folded ASCII: without the u flag, /i matches them only as ASCII letters
  const anyLiteral = new RegExp([...literals].map(escaped).join('|'), 'i');
  return (text) =>
    anyLiteral.test(text) ? full.some((re) => re.test(text)) : rest.some((re) => re.test(text));
}

const SCREENS = new WeakMap<readonly SecretPattern[], (text: string) => boolean>();

function screened(text: string, patterns: readonly SecretPattern[]): boolean {
  let screen = SCREENS.get(patterns);
  if (screen === undefined) SCREENS.set(patterns, (screen = secretScreen(patterns)));
  return screen(text);
}

export function findSecrets(
  text: string,
  patterns: readonly SecretPattern[] = SECRET_PATTERNS,
): SecretMatch[] {
  const out: SecretMatch[] = [];
  if (!screened(text, patterns)) return out;
  for (const p of patterns) {
    const re = p.re;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null && out.length < MAX_MATCHES) {
      const value = m[1] ?? m[0];
      if (p.valid(value, m)) {
        const start = m.index + m[0].indexOf(value);
        out.push({ kind: p.kind, start, end: start + value.length, value });
      }
      if (m[0].length === 0) re.lastIndex++;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

function redact(text: string, matches: readonly SecretMatch[]): string {
  let out = '';
  let at = 0;
  for (const m of matches) {
    if (m.start < at) continue;
    out += `${text.slice(at, m.start)}[REDACTED:${m.kind}]`;
    at = m.end;
  }
  return out + text.slice(at);
}

const KINDS = SECRET_PATTERNS.map((p) => p.kind);

export const secretsDetector: Detector<SecretParams> = {
  name: 'secrets',
  rewrites: (p) => p.mode === 'redact',
  parseParams(params, path) {
    const p = checkKeys(params, ['mode', 'kinds', 'to_issuer'], path);
    const kinds = listParam(p, 'kinds', path, KINDS);
    return {
      mode: enumParam(p, 'mode', ['block', 'redact'], 'block', path),
      to_issuer: enumParam(p, 'to_issuer', ['pass', 'report'], 'report', path),
      patterns:
        kinds === undefined
          ? SECRET_PATTERNS
          : SECRET_PATTERNS.filter((x) => kinds.includes(x.kind)),
    };
  },
  scan(value, path, ctx, params) {
    const findings: Finding[] = [];
    eachString(value, path, (s, at) => {
      if (replacedText(ctx.event.tool, at)) return;
      let ms = findSecrets(s, params.patterns);
      if (ms.length === 0 && params.mode === 'block') {
        const decoded = decodedContent(ctx.event.tool, at, s);
        if (decoded !== null) ms = findSecrets(decoded, params.patterns);
      }
      const first = ms[0];
      if (first === undefined) return;
      if (
        params.to_issuer === 'pass' &&
        ((at === 'args.command' &&
          (issuerBoundSpans(s, ms, ctx.shell(s)) !== null ||
            localOnlyCredentials(s, ms, ctx.shell(s)) ||
            localDatabaseCredentials(s, ms, ctx.shell(s)) ||
            localStoreOnly(ctx.shell(s)))) ||
          urlToOwnIssuer(s, at, ms) ||
          queryKeyToOwnIssuer(s, at, ms) ||
          headerToOwnIssuer(at, ctx.event.args))
      )
        return;
      const f: Finding = {
        path: at,
        reason: `${first.kind} ${mask(first.value)}${ms.length > 1 ? ` and ${ms.length - 1} more` : ''}`,
      };
      if (params.mode === 'redact') f.rewrite = redact(s, ms);
      findings.push(f);
    });
    return findings;
  },
};
