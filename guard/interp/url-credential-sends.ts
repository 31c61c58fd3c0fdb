// A credential variable read into the address of a request by Python or JavaScript code
// (`urlopen('https://h/p/' + os.environ['VAULT_TOKEN'])`, an f-string, a template literal, `%`,
// `.format`, `urlencode`, `URLSearchParams`, `params=`) goes to that host in its path or query:
// an upload there when the host is not the credential's issuer, nor loopback, private or internal,
// as Perl's and PowerShell's reads are (docs/guard.md "Egress"). A request header is not the
// address: a token of no known issuer sent as `Authorization` to the service it was made for is
// its use.
import type { IntentHit } from '../shell/intents.js';
import { SECRET_NAME } from '../shell/intent-host.js';
import { issuerOfVariable } from '../egress/issuers.js';
import { foreignToCredential } from './env-credential-sends.js';
import type { CodeCall } from './calls.js';

/** Arguments that are, or become part of, the address: by position, or by these keys. */
const ADDRESS_KEYS = /^(?:\d+|url|uri|params|path|query|qs|searchParams|baseURL|baseUrl)$/;

const credential = (name: string): boolean =>
  issuerOfVariable(name) !== null || SECRET_NAME.test(name);

/** `upload` hits for the credential variables in the address of the request `c` to `hosts`. */
export function urlCredentialSends(lang: string, c: CodeCall, hosts: string[]): IntentHit[] {
  if (hosts.length === 0) return [];
  const names = new Set<string>();
  for (const [k, shape] of Object.entries(c.shapes))
    if (ADDRESS_KEYS.test(k)) for (const n of shape.env) if (credential(n)) names.add(n);
  for (const name of [...names].slice(0, 16)) {
    const to = hosts.filter((h) => foreignToCredential(h, name));
    if (to.length > 0)
      return [
        {
          intent: 'upload',
          detail: `${lang} ${c.callee.replace(/\(\)/g, '')} sends ${name} to ${to.join(', ')} in its address`,
          hosts: to,
        },
      ];
  }
  return [];
}
