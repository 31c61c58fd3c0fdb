// Request-inspection services (request bins, out-of-band interaction catchers): every request to one
// of their endpoints is logged for whoever holds the endpoint's token, so the request itself is the
// message, whatever its query holds (docs/guard.md "Egress").

/** Hosts whose every subdomain is an endpoint token (`x7f3.oast.fun`, `eo1a2b.m.pipedream.net`). */
const TOKEN_SUBDOMAIN_OF = [
  'pipedream.net',
  'requestcatcher.com',
  'oast.pro',
  'oast.live',
  'oast.site',
  'oast.online',
  'oast.fun',
  'oast.me',
  'oastify.com',
  'interact.sh',
  'burpcollaborator.net',
  'dnslog.cn',
  'requestrepo.com',
  'canarytokens.com',
  'free.beeceptor.com',
];

/** Hosts whose endpoints are paths (`webhook.site/<uuid>`): their root page is the site itself. */
const TOKEN_PATH_HOSTS = new Set([
  'webhook.site',
  'requestbin.net',
  'requestbin.io',
  'hookbin.com',
  'postb.in',
  'ptsv2.com',
  'ptsv3.com',
  'webhook.cool',
  'requestinspector.com',
]);

/**
 * True when `url` (already parsed, its host canonical) is an endpoint of a request-inspection
 * service: any subdomain of a token-subdomain host, or a token-path host with a path or a query.
 *
 * @example
 * inspectionEndpoint(new URL('https://webhook.site/3f9b0c52-7d11')); // true
 * inspectionEndpoint(new URL('https://webhook.site/')); // false
 */
export function inspectionEndpoint(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  if (TOKEN_PATH_HOSTS.has(host)) return url.pathname.length > 1 || url.search.length > 1;
  // one comparison per entry, only over hosts that end in one of the few top-level names
  return TOKEN_SUBDOMAIN_OF.some((d) => host.length > d.length && host.endsWith(`.${d}`));
}
