// Values a command binds to a credential's issuer by where it puts them, not by their format:
// the value of the issuer's own variable given to the issuer's CLI or a request to its API
// (`WANDB_API_KEY=<key> wandb login`), and the issuer's account identifiers sent to its API
// (`curl https://api.twilio.com/.../Accounts/AC…/… -u "AC…:$TWILIO_AUTH_TOKEN"`). Read from a
// sensitive file, they are the file's intended use when every command of the call goes to that
// issuer only (docs/guard.md "Credentials and their issuers").
import { onlyToIssuer } from '../detectors/secret-issuer-bound.js';
import type { ShellView } from '../detectors/detector.js';
import {
  issuerIdMatches,
  issuerOfProgram,
  issuerOfVariable,
  REQUEST_PROGRAMS,
  type Issuer,
} from '../egress/issuers.js';

/** `NAME=value` as a word of its own, the value bare or quoted without expansions. */
const ASSIGNMENT = /(?<![^\s;&|(])([A-Z][A-Z0-9_]{0,127})=("[^"$`\\]*"|'[^']*'|[^\s'"$`;&|()<>]+)/g;

interface Span {
  start: number;
  end: number;
  issuer: Issuer;
}

/** Assignments of an issuer's variable that prefix its CLI or a request program (never `export`). */
function variableSpans(command: string, view: ShellView): Span[] {
  const out: Span[] = [];
  for (const m of command.slice(0, 65_536).matchAll(ASSIGNMENT)) {
    const name = m[1] ?? '';
    const issuer = issuerOfVariable(name);
    if (issuer === null) continue;
    const users = view.analysis.commands.filter((c) => c.env?.some((e) => e.name === name));
    const given = users.some(
      (c) => issuerOfProgram(c.name) === issuer || REQUEST_PROGRAMS.has(c.name),
    );
    if (!given) continue;
    const start = m.index + name.length + 1;
    out.push({ start, end: start + (m[2] ?? '').length, issuer });
  }
  return out;
}

/**
 * `command` with the values it binds to an issuer blanked, when every command of the call goes
 * to that issuer only; null when it binds none so.
 */
export function withoutIssuerContext(command: string, view: ShellView): string | null {
  if (view.analysis.status !== 'ok') return null;
  const spans = [...variableSpans(command, view), ...issuerIdMatches(command)];
  const ok = new Map<Issuer, boolean>();
  const bound = spans.filter((s) => {
    let v = ok.get(s.issuer);
    if (v === undefined) ok.set(s.issuer, (v = onlyToIssuer(view, s.issuer)));
    return v;
  });
  if (bound.length === 0) return null;
  let out = command;
  for (const s of bound.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, s.start)}${'_'.repeat(s.end - s.start)}${out.slice(s.end)}`;
  return out;
}
