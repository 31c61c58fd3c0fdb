// Secret formats: an account identifier with a documented prefix next to the bare secret it pairs
// with (a Twilio account SID `AC` + 32 hex and its 32-hex auth token, or an API key SID `SK` and its
// 32-character secret). The secret alone has no shape; beside its identifier, within one query
// string, argument list or assignment, the pair is a working credential (docs/guard.md "Secret formats").
import { issuerOfHost, type Issuer } from '../egress/issuers.js';
import type { SecretPattern } from './secret-patterns.js';
import type { SecretMatch } from './secrets.js';
import { randomish } from './secret-validators.js';

/** At most this many characters between the identifier and its secret (`&token=`, `", "`). */
const GAP = 40;
/** The secret each identifier pairs with: hex for an account SID, alphanumeric for an API key. */
const SECRET: Readonly<Record<string, RegExp>> = {
  AC: /(?<![A-Za-z0-9])[0-9a-f]{32}(?![A-Za-z0-9])/g,
  SK: /(?<![A-Za-z0-9])[A-Za-z0-9]{32}(?![A-Za-z0-9])/g,
};
const random3 = randomish(3);

/**
 * The identifier is random and a random secret of its kind stands within `GAP` characters before
 * or after it on the same line. Only the text around an identifier is read: the pattern itself
 * opens with the `AC`/`SK` literal, so text without one costs one scan.
 */
const paired = (v: string, m: RegExpExecArray): boolean => {
  const re = SECRET[v.slice(0, 2)];
  if (re === undefined || !random3(v.slice(2))) return false;
  const line = m.input.lastIndexOf('\n', m.index) + 1;
  const from = Math.max(line, m.index - GAP - 32);
  // the run may go on before the window: then its start is not a token's start
  const cut = from > 0 && /[A-Za-z0-9]/.test(m.input.charAt(from - 1));
  const before = m.input.slice(from, m.index);
  const after =
    m.input.slice(m.index + v.length, m.index + v.length + GAP + 32).split('\n', 1)[0] ?? '';
  for (const side of [before, after]) {
    re.lastIndex = 0;
    for (let t = re.exec(side); t !== null; t = re.exec(side))
      if (!(cut && side === before && t.index === 0) && !/^(?:AC|SK)/.test(t[0]) && random3(t[0]))
        return true;
  }
  return false;
};

export const PAIRED_PATTERNS: readonly SecretPattern[] = [
  {
    kind: 'twilio_credential_pair',
    re: /\b(?:AC|SK)[0-9a-f]{32}\b/g,
    valid: paired,
  },
];

/** The issuer of a paired credential (Twilio's hosts for a Twilio pair), or null for any other match. */
export function pairedIssuer(m: SecretMatch): Issuer | null {
  return m.kind === 'twilio_credential_pair' ? issuerOfHost('api.twilio.com') : null;
}
