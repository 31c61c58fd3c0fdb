// Perl's `$ENV{X}`, PowerShell's `$env:X`, Ruby's `ENV['X']` and Go's `os.Getenv("X")` read a credential variable (docs/guard.md "Egress":
// interpreter code that reads an issuer's variable names that credential): a network call of the
// same code to a host that is not the credential's issuer, nor local or internal, carries it, an
// upload there. A variable of no known issuer counts only outside a request header (in a path or
// a query), since an operator's own service takes its token as a header.
import type { IntentHit } from '../shell/intents.js';
import { SECRET_NAME } from '../shell/intent-host.js';
import { issuerOfVariable } from '../egress/issuers.js';
import { hostOnList } from '../egress/hosts.js';
import { internalHosts, isLoopbackHost, isPrivateAddress } from '../egress/internal-hosts.js';

/** Each language's read of one variable, and a substring every such read holds (tested first). */
const READS: Record<string, { has: (code: string) => boolean; re: RegExp }> = {
  perl: { has: (c) => c.includes('$ENV{'), re: /\$ENV\{\s*['"]?([A-Za-z_][A-Za-z0-9_]{0,127})/g },
  pwsh: { has: (c) => /env:/i.test(c), re: /\$\{?env:([A-Za-z_][A-Za-z0-9_]{0,127})/gi },
  ruby: {
    has: (c) => c.includes('ENV'),
    re: /\bENV(?:\[|\.fetch\(?)\s*['"]([A-Za-z_][A-Za-z0-9_]{0,127})/g,
  },
  go: { has: (c) => c.includes('Getenv'), re: /\bos\.Getenv\(\s*"([A-Za-z_][A-Za-z0-9_]{0,127})/g },
};
/** Request headers that carry a credential: a variable of no known issuer is then sent where it is used. */
const AUTH_HEADER = /\b(?:Authorization|headers?|X-[\w-]*(?:Token|Key|Auth))\b/i;

/** Whether a credential variable `name` sent to `host` leaves for a place that is not its own. */
export function foreignToCredential(host: string, name: string): boolean {
  const issuer = issuerOfVariable(name);
  return (
    !isLoopbackHost(host) &&
    !isPrivateAddress(host) &&
    internalHosts(host, 1).length === 0 &&
    (issuer === null || !hostOnList(host, issuer.hosts))
  );
}

/**
 * `upload` hits for the hosts of `hits` (the code's network calls) that are foreign to a credential
 * variable the code reads. Tested by `includes` first; bounded regexes over at most 64 KiB.
 */
export function envCredentialSends(
  interpreter: string,
  code: string,
  hits: readonly IntentHit[],
): IntentHit[] {
  const reads = READS[interpreter];
  if (reads === undefined || !reads.has(code)) return [];
  const hosts = hits.filter((h) => h.intent === 'network').flatMap((h) => h.hosts ?? []);
  if (hosts.length === 0) return [];
  const text = code.slice(0, 64 * 1024);
  // a bearer header to the service a token of no known issuer was made for is its use
  const authHeader = AUTH_HEADER.test(text);
  const names = [...text.matchAll(reads.re)]
    .map((m) => m[1] ?? '')
    .filter((n) => issuerOfVariable(n) !== null || (SECRET_NAME.test(n) && !authHeader));
  for (const name of names.slice(0, 16)) {
    const to = hosts.filter((h) => foreignToCredential(h, name));
    if (to.length > 0)
      return [
        { intent: 'upload', detail: `${interpreter} sends ${name} to ${to.join(', ')}`, hosts: to },
      ];
  }
  return [];
}
