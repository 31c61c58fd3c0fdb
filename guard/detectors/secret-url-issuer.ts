// A fetch tool's URL that carries a credential only to its own issuer: a Google API key in the query
// of a `*.googleapis.com` request is that key's documented use (docs/guard.md "Credentials and
// their issuers"). Any credential of another issuer, or the same key to any other host, still leaves.
import { issuerHost, issuerOfLiteral } from '../egress/issuers.js';
import { canonicalHost } from '../egress/hosts.js';

/** The argument fields a fetch tool takes its address from. */
const URL_FIELDS = new Set(['args.url', 'args.uri']);

/**
 * True when `at` is a fetch tool's address and every credential found in it (`found`) belongs to
 * an issuer whose API host the HTTPS URL `s` names, with no user-info or second address in it.
 */
export function urlToOwnIssuer(
  s: string,
  at: string,
  found: readonly { value: string }[],
): boolean {
  if (!URL_FIELDS.has(at) || found.length === 0 || s.length > 8192) return false;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  // a second address in the query (a redirect or proxy target) could carry the key onward
  if (/https?:|%2f%2f/i.test(url.search + url.hash)) return false;
  const host = canonicalHost(s);
  if (host === null) return false;
  return found.every((m) => {
    const issuer = issuerOfLiteral(m.value, null);
    return issuer !== null && issuerHost(issuer, host);
  });
}
