// Values a command binds to a credential's issuer by where it puts them, not by their format:
// the value of the issuer's own variable given to the issuer's CLI or a request to its API
// (`WANDB_API_KEY=<key> wandb login`), and the issuer's account identifiers sent to its API
// (`curl https://api.twilio.com/.../Accounts/AC…/… -u "AC…:$TWILIO_AUTH_TOKEN"`). Read from a
// sensitive file, they are the file's intended use when every command of the call goes to that
// issuer only (docs/guard.md "Credentials and their issuers").
import { onlyToIssuer } from '../detectors/secret-issuer-bound.js';
import type { ShellView } from '../detectors/detector.js';
import { issuerAssignments } from '../egress/issuer-assignments.js';
import { issuerIdMatches, type Issuer } from '../egress/issuers.js';

/**
 * `command` with the values it binds to an issuer blanked, when every command of the call goes
 * to that issuer only; null when it binds none so.
 */
export function withoutIssuerContext(command: string, view: ShellView): string | null {
  if (view.analysis.status !== 'ok') return null;
  const spans = [...issuerAssignments(command, view), ...issuerIdMatches(command)];
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
