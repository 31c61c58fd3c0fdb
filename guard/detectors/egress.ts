// `egress`: hosts and URLs an event would reach, checked against an allowlist of host globs and the
// operator's hosts (docs/guard.md "Egress").
import { hostAllowedBy, isCloudMetadata } from '../egress/hosts.js';
import { issuerHost, issuersNamedIn } from '../egress/issuers.js';
import { keyInMessage } from '../egress/message-keys.js';
import { deliveredFile } from '../egress/delivered-files.js';
import { artifactToDevice } from '../egress/device-upload.js';
import { foreignRepository, internalHosts } from '../egress/internal-hosts.js';
import { foreignWriteRepository } from '../egress/repo-writes.js';
import { projectOwner, projectRemotes, repositoryKey } from '../egress/project-remotes.js';
import { eachString } from '../rules/field.js';
import type { Detector, Finding } from './detector.js';
import { checkKeys, enumParam, listParam } from './params.js';

interface EgressParams {
  allow: string[];
  /**
   * "url": URLs in any string; "shell-upload"/"shell-any": hosts of a shell command's uploads / any
   * network use; "internal-names": internal host names and private addresses posted to a repository
   * the project's remotes do not name; "message-keys": a value a message calls a key, token or
   * password (message-keys.ts); "repo-writes": files written to a repository that is not the
   * project's (repo-writes.ts).
   */
  source: 'url' | 'shell-upload' | 'shell-any' | 'internal-names' | 'message-keys' | 'repo-writes';
}

const URL_IN_TEXT =
  /\b(?:https?|ftp|wss?):\/\/(?:[^\s/@"'<>]*@)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)/g;
/**
 * A single-label host (`web`, `deploy-box`), or one under a private-use name (`.internal`, `.lan`,
 * `.home.arpa`), is a name only the operator's ssh config, hosts file or
 * search domain resolves: an upload there goes to a machine the operator named, not the internet.
 */
const OPERATOR_NAME =
  /^(?:[a-z][a-z0-9_-]{0,62}|(?:[a-z0-9-]+\.)+(?:internal|lan|local|localdomain|home\.arpa))$/i;
const LOCAL = /^(?:localhost|127(?:\.\d+){3}|\[::1\]|::1|0\.0\.0\.0)$/;

/** `*.example.com` matches example.com and its subdomains; other entries match exactly. */
export function hostAllowed(
  host: string,
  allow: readonly string[],
  extra?: readonly string[],
): boolean {
  if (LOCAL.test(host.toLowerCase().replace(/\.$/, ''))) return true;
  return hostAllowedBy(host, allow, extra);
}

/** A push to a URL of a repository the working folder's git config names as a remote. */
function ownRepository(url: string, cwd: string | undefined): boolean {
  const key = repositoryKey(url);
  return key !== null && cwd !== undefined && projectRemotes(cwd)?.has(key) === true;
}

function ownHubOwner(owner: string, cwd: string | undefined): boolean {
  return cwd !== undefined && projectOwner(owner, cwd);
}

export const egressDetector: Detector<EgressParams> = {
  name: 'egress',
  rewrites: () => false,
  parseParams(params, path) {
    const p = checkKeys(params, ['allow', 'source'], path);
    return {
      allow: listParam(p, 'allow', path) ?? [],
      source: enumParam(
        p,
        'source',
        ['url', 'shell-upload', 'shell-any', 'internal-names', 'message-keys', 'repo-writes'],
        'url',
        path,
      ),
    };
  },
  scan(value, path, ctx, params) {
    const findings: Finding[] = [];
    if (params.source === 'message-keys') {
      eachString(value, path, (s, at) => {
        const k = findings.length === 0 ? keyInMessage(s) : null;
        if (k !== null) findings.push({ path: at, reason: `posts a value it calls a ${k.name}` });
      });
      return findings;
    }
    if (params.source === 'repo-writes') {
      const repo = foreignWriteRepository(ctx.event.args, ctx.event.cwd);
      return repo === null ? [] : [{ path, reason: `writes files to ${repo}` }];
    }
    if (params.source === 'internal-names') {
      const repo = foreignRepository(ctx.event.args, ctx.event.cwd);
      if (repo === null) return [];
      const names = new Set<string>();
      eachString(value, path, (s) => {
        for (const h of internalHosts(s)) names.add(h);
      });
      // one name can be a question about it; two or more are a map of the network
      return names.size < 2
        ? []
        : [{ path, reason: `posts ${names.size} internal host names or addresses to ${repo}` }];
    }
    if (params.source !== 'url') {
      if (typeof value !== 'string') return [];
      const want = params.source === 'shell-upload' ? 'upload' : 'network';
      // a credential the command names may go to its issuer's own API (docs/guard.md "Egress")
      let issuers: ReturnType<typeof issuersNamedIn> | undefined;
      // a token typed in another issuer's format rides along to the host: its shape is enough
      // there, checksum or not, since the words of an outbound message are the caller's choice
      const toIssuer = (x: string, intent: string): boolean => {
        const named = (issuers ??= issuersNamedIn(value));
        return (
          named.some((i) => issuerHost(i, x) && !deliveredFile(i, intent, value)) &&
          !named.some((i) => i.format?.test(value) === true && !issuerHost(i, x))
        );
      };
      for (const h of ctx.shell(value).intents) {
        // a named credential sent anywhere makes a plain request an upload of that credential
        const carries =
          want === 'upload' &&
          h.intent === 'network' &&
          (issuers ??= issuersNamedIn(value)).length > 0;
        if (h.intent !== want && !(want === 'network' && h.intent === 'upload') && !carries)
          continue;
        if (h.remote !== undefined && ownRepository(h.remote, ctx.event.cwd)) continue;
        // a hub upload to the signed-in account or to an owner of the project's own remotes
        if (
          h.hubOwner === '' ||
          (h.hubOwner !== undefined && ownHubOwner(h.hubOwner, ctx.event.cwd))
        )
          continue;
        const off = (h.hosts ?? []).filter(
          (x) =>
            !hostAllowed(x, params.allow, ctx.egressHosts) &&
            !(OPERATOR_NAME.test(x) && !isCloudMetadata(x)) &&
            !toIssuer(x, h.intent) &&
            !(h.intent === 'upload' && artifactToDevice(x, value)),
        );
        if (
          off.length > 0 ||
          (h.intent === 'upload' && (h.hosts ?? []).length === 0 && want === 'upload')
        )
          findings.push({
            path,
            reason: `${h.detail}${carries ? `, sending a credential of ${issuers?.[0]?.name ?? ''}` : ''}; not on the egress allowlist: ${off.join(', ') || 'unknown host'}`,
          });
      }
      return findings;
    }
    eachString(value, path, (s, at) => {
      const re = URL_IN_TEXT;
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(s)) !== null) {
        const host = m[1] ?? '';
        if (!hostAllowed(host, params.allow, ctx.egressHosts)) {
          findings.push({ path: at, reason: `host ${host} is not on the egress allowlist` });
          return;
        }
      }
    });
    return findings;
  },
};
