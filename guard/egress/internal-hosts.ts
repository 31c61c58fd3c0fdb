// Names of the operator's own network written into a post to someone else's repository (an issue,
// a comment, a gist): internal host names and private addresses map the network for whoever reads
// it (docs/guard.md "Egress").
import { projectRemotes } from './project-remotes.js';

/** A name only the operator's resolvers answer, or a private or link-local IPv4 address. */
const INTERNAL =
  /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:internal|corp|intranet|lan|private|home\.arpa)\b|\b(?:10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2})\b/gi;

const PRIVATE_ADDRESS =
  /^(?:10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2})$/;

/** True when `host` is a private IPv4 address (RFC 1918 section 3): a machine of the operator's network. */
export function isPrivateAddress(host: string): boolean {
  return PRIVATE_ADDRESS.test(host);
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/** True when `host` is this machine: `localhost`, an IPv4 loopback address or `::1` (RFC 6890). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.test(host);
}

/** Distinct internal names and addresses in `text`, at most `max`. */
export function internalHosts(text: string, max = 8): string[] {
  const out = new Set<string>();
  for (const m of text.slice(0, 262_144).matchAll(INTERNAL)) {
    out.add(m[0].toLowerCase());
    if (out.size >= max) break;
  }
  return [...out];
}

/**
 * The repository an MCP code-host call writes to (`owner`/`repo` arguments), when the working
 * folder's git remotes do not name it; null when it is the project's own or names none.
 */
export function foreignRepository(
  args: Record<string, unknown>,
  cwd: string | undefined,
): string | null {
  const { owner, repo } = args;
  if (typeof owner !== 'string' || typeof repo !== 'string') return null;
  const name = `${owner}/${repo}`.toLowerCase();
  const own = cwd === undefined ? null : projectRemotes(cwd);
  if (own !== null && [...own].some((k) => k.endsWith(`/${name}`))) return null;
  return name;
}
