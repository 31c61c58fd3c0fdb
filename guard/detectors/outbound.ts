// `outbound`: one host policy over a call's egress (guard/egress/). Mode `metadata` finds cloud
// instance metadata endpoints in any URL, shell network use or interpreter code; mode `data` finds
// requests that carry data (query, credentials in the URL, body, headers) to a host off `allow` and
// off the operator's hosts (docs/guard.md "Egress").
import { isCloudMetadata, hostAllowedBy, canonicalHost } from '../egress/hosts.js';
import { outboundChannels, type Channel } from '../egress/channels.js';
import type { Detector, DetectorContext, Finding } from './detector.js';
import { checkKeys, enumParam, listParam } from './params.js';
import { findSecrets } from './secrets.js';
import { SECRET_PATTERNS } from './secret-patterns.js';
import { queryKeyToOwnIssuer, urlToOwnIssuer } from './secret-url-issuer.js';
import { headersToOwnIssuer } from '../egress/fetch-issuer-headers.js';

interface OutboundParams {
  mode: 'metadata' | 'data';
  allow: string[];
  /** `args.command` is a shell command: read its network use from the shell analysis. */
  shell: boolean;
}

/** Clients whose bare `host/path` argument (no scheme) is where they connect. */
const NET_CLIENTS = new Set([
  'curl',
  'wget',
  'http',
  'https',
  'xh',
  'nc',
  'ncat',
  'netcat',
  'socat',
  'telnet',
  'aria2c',
]);
const LOCAL = /^(?:localhost|127(?:\.\d+){3}|\[::1\]|0\.0\.0\.0)$/;

function shellHosts(command: string, ctx: DetectorContext): string[] {
  const view = ctx.shell(command);
  const hosts: string[] = [];
  for (const h of view.intents) for (const x of h.hosts ?? []) hosts.push(x);
  for (const c of view.analysis.commands)
    if (NET_CLIENTS.has(c.name))
      for (const w of c.argv.slice(1))
        if (!w.startsWith('-') && /^[\w.[\]:-]+(?::\d+)?(?:\/|$)/.test(w)) hosts.push(w);
  return hosts.map((h) => canonicalHost(h) ?? h);
}

/**
 * A fetch URL whose only data is its query and whose credentials are all keys of this host's own
 * issuer (a Google API key to `maps.googleapis.com`): the key's documented use, which the secrets
 * policy passes too (docs/guard.md "Credentials and their issuers").
 */
function queryToOwnIssuer(value: unknown, path: string, ch: Channel): boolean {
  if (ch.carries.some((c) => c !== 'query') || typeof value !== 'object' || value === null)
    return false;
  const field = ch.path.startsWith(`${path}.`) ? ch.path.slice(path.length + 1) : null;
  const s = field === null ? undefined : (value as Record<string, unknown>)[field];
  if (typeof s !== 'string') return false;
  const found = findSecrets(s, SECRET_PATTERNS);
  return urlToOwnIssuer(s, ch.path, found) || queryKeyToOwnIssuer(s, ch.path, found);
}

/** A fetch whose only data is headers holding its host's issuer's credential (see fetch-issuer-headers). */
function headersOnlyToOwnIssuer(value: unknown, ch: Channel): boolean {
  if (ch.carries.some((c) => c !== 'headers') || typeof value !== 'object' || value === null)
    return false;
  return headersToOwnIssuer(ch.host, (value as Record<string, unknown>).headers);
}

export const outboundDetector: Detector<OutboundParams> = {
  name: 'outbound',
  rewrites: () => false,
  parseParams(params, path) {
    const p = checkKeys(params, ['mode', 'allow', 'shell'], path);
    return {
      mode: enumParam(p, 'mode', ['metadata', 'data'], 'metadata', path),
      allow: listParam(p, 'allow', path) ?? [],
      shell: p.shell === true,
    };
  },
  scan(value, path, ctx, params) {
    const findings: Finding[] = [];
    if (params.shell && typeof value === 'string') {
      const meta = shellHosts(value, ctx).find(isCloudMetadata);
      if (meta !== undefined && params.mode === 'metadata')
        findings.push({ path, reason: `reaches the cloud metadata endpoint ${meta}` });
      return findings;
    }
    for (const ch of outboundChannels(value, path)) {
      if (params.mode === 'metadata') {
        if (isCloudMetadata(ch.host))
          findings.push({
            path: ch.path,
            reason: `reaches the cloud metadata endpoint ${ch.host}`,
          });
      } else if (
        ch.carries.length > 0 &&
        !LOCAL.test(ch.host) &&
        !hostAllowedBy(ch.host, params.allow, ctx.egressHosts) &&
        !queryToOwnIssuer(value, path, ch) &&
        !headersOnlyToOwnIssuer(value, ch)
      )
        findings.push({
          path: ch.path,
          reason: `sends data (${ch.carries.join(', ')}) to ${ch.host}, which the host policy does not list`,
        });
      if (findings.length > 0) break;
    }
    return findings;
  },
};
