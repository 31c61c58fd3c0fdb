// A fetch tool's request to an issuer's API host whose only data is the issuer's credential in an
// auth header and headers that say how to answer (`Accept`, `User-Agent`): the credential's
// intended use, as a shell `curl -H "Authorization: ..."` to the same host with the issuer's key
// is (docs/guard.md "Credentials and their issuers"). A body, any other header, or a credential
// whose format names another issuer keeps the request held.
import { issuerOfHost, issuerOfLiteral } from './issuers.js';

/** Headers that carry the caller's credential. */
const AUTH = /^(?:authorization|x-api-key|api-key|x-auth-token|private-token|x-access-token)$/i;
/** Headers that only negotiate the answer. */
const NEGOTIATE =
  /^(?:accept(?:-encoding|-language)?|content-type|user-agent|cache-control|if-none-match|if-modified-since|x-github-api-version|notion-version|anthropic-version|stripe-version)$/i;

/** True when `headers` hold only an auth credential of `host`'s issuer and negotiation headers. */
export function headersToOwnIssuer(host: string, headers: unknown): boolean {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return false;
  const issuer = issuerOfHost(host);
  if (issuer === null) return false;
  let credentials = 0;
  for (const [k, v] of Object.entries(headers as Record<string, unknown>)) {
    if (typeof v !== 'string' || v.length > 512) return false;
    if (NEGOTIATE.test(k)) continue;
    if (!AUTH.test(k)) return false;
    const other = issuerOfLiteral(v, null);
    if (other !== null && other !== issuer) return false;
    credentials++;
  }
  return credentials > 0;
}
