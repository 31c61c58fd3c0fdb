// A fetch tool's URL that carries a credential only to its own issuer: a Google API key in the query
// of a `*.googleapis.com` request is that key's documented use (docs/guard.md "Credentials and
// their issuers"), and so is a fetch tool's auth header holding the key of its URL's issuer. Any
// credential of another issuer, or the same key to any other host, still leaves.
import { issuerHost, issuerOfHost, issuerOfLiteral } from '../egress/issuers.js';
import { canonicalHost } from '../egress/hosts.js';
import { headersToOwnIssuer } from '../egress/fetch-issuer-headers.js';

/** The argument fields a fetch tool takes its address from. */
const URL_FIELDS = new Set(['args.url', 'args.uri']);

/**
 * The host of `s` when it is an HTTPS URL with no user-info and no second address in its query or
 * fragment (a redirect or proxy target could carry a key onward); null otherwise.
 */
function plainHttpsHost(s: string): string | null {
  if (s.length > 8192) return null;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  if (/https?:|%2f%2f/i.test(url.search + url.hash)) return null;
  return canonicalHost(s);
}

/**
 * True when `at` is a fetch tool's address and every credential found in it (`found`) belongs to
 * an issuer whose API host the HTTPS URL `s` names, with no user-info or second address in it.
 */
export function urlToOwnIssuer(
  s: string,
  at: string,
  found: readonly { value: string }[],
): boolean {
  if (!URL_FIELDS.has(at) || found.length === 0) return false;
  const host = plainHttpsHost(s);
  if (host === null) return false;
  return found.every((m) => {
    const issuer = issuerOfLiteral(m.value, null);
    return issuer !== null && issuerHost(issuer, host);
  });
}

/** A key's value as issuers hand them out: one run of letters, digits, `_` and `-`. */
const KEY_VALUE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * True when `at` is a fetch tool's address, an HTTPS URL of an issuer's API host (no user-info, no
 * second address) whose query holds that issuer's key under the parameter its API takes it in
 * (`https://api.openweathermap.org/data/2.5/weather?q=Berlin&appid=<key>`), and every credential
 * found in it (`found`) is that issuer's: the key's documented use, as a Google key in a
 * `*.googleapis.com` query is; the secret check and the host policy both pass it. The same key to
 * a look-alike host has no issuer and stays held.
 */
export function queryKeyToOwnIssuer(
  s: string,
  at: string,
  found: readonly { value: string }[],
): boolean {
  if (!URL_FIELDS.has(at) || !s.includes('?')) return false;
  const host = plainHttpsHost(s);
  const issuer = host === null ? null : issuerOfHost(host);
  const keys = issuer?.queryKeys;
  if (issuer === null || keys === undefined) return false;
  const params = new URL(s).searchParams;
  const keyed = new Set<string>();
  for (const [name, value] of params)
    if (keys.test(name) && KEY_VALUE.test(value)) keyed.add(value);
  // a key in another issuer's format under this parameter is that issuer's key sent astray
  const own = (v: string): boolean => {
    const literal = issuerOfLiteral(v, null);
    return literal === issuer || (literal === null && keyed.has(v));
  };
  return keyed.size > 0 && [...keyed].every(own) && found.every((m) => own(m.value));
}

/**
 * True when `at` is one of a fetch tool's headers and its address (`args.url`, this value is
 * attacker-influenced) is an HTTPS URL of an issuer's API host whose headers hold only that issuer's
 * credential and negotiation headers (egress/fetch-issuer-headers.ts).
 */
export function headerToOwnIssuer(at: string, args: unknown): boolean {
  if (!at.startsWith('args.headers.') || typeof args !== 'object' || args === null) return false;
  const { url, headers } = args as { url?: unknown; headers?: unknown };
  const host = typeof url === 'string' ? plainHttpsHost(url) : null;
  return host !== null && headersToOwnIssuer(host, headers);
}
