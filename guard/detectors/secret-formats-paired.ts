// Secret formats: an account identifier with a documented prefix next to the bare secret it pairs
// with (a Twilio account SID `AC` + 32 hex and its 32-hex auth token, or an API key SID `SK` and its
// 32-character secret). The secret alone has no shape; beside its identifier, within one query
// string, argument list or assignment, the pair is a working credential (docs/guard.md "Secret formats").
import { issuerOfHost, type Issuer } from '../egress/issuers.js';
import type { SecretPattern } from './secret-patterns.js';
import type { SecretMatch } from './secrets.js';
import { randomish } from './secret-validators.js';

/** At most this many characters between the identifier and its secret (`&token=`, `", "`). */
const GAP = '[^\\n]{1,40}?';
/** An account SID with its hex auth token, an API key SID with its alphanumeric secret. */
const PAIRS: readonly [string, string][] = [
  ['\\bAC[0-9a-f]{32}\\b', '\\b[0-9a-f]{32}\\b'],
  ['\\bSK[0-9a-f]{32}\\b', '\\b[A-Za-z0-9]{32}\\b'],
];
/** Each pair either way round (`sid=AC...&tok=...`, `tok=...&sid=AC...`), the secret captured. */
const EITHER = PAIRS.flatMap(([id, secret]) => [
  `${id}${GAP}(${secret})`,
  `(${secret})${GAP}${id}`,
]);

/** Both halves must look random: a 32-hex run of one digit or a word is no token. */
const bothRandom = (v: string, m: RegExpExecArray): boolean => {
  const id = /(?:AC|SK)[0-9a-f]{32}/.exec(v)?.[0] ?? '';
  const secret = [m[2], m[3], m[4], m[5]].find((g) => g !== undefined) ?? '';
  return secret !== '' && randomish(3)(id.slice(2)) && randomish(3)(secret);
};

export const PAIRED_PATTERNS: readonly SecretPattern[] = [
  {
    kind: 'twilio_credential_pair',
    re: new RegExp(`(${EITHER.join('|')})`, 'g'),
    valid: bothRandom,
  },
];

/** The issuer of a paired credential (Twilio's hosts for a Twilio pair), or null for any other match. */
export function pairedIssuer(m: SecretMatch): Issuer | null {
  return m.kind === 'twilio_credential_pair' ? issuerOfHost('api.twilio.com') : null;
}
