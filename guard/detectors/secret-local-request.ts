// `http POST :3000/api/auth/login password=devpass123`: a password typed into a request to a
// service on the developer's own machine stays on that machine. Only the generic password and
// secret assignments pass this way; a key in a vendor's format, a request that also reaches
// another host, or a command that does anything else stays a credential leaving
// (docs/guard.md "Credentials and their issuers").
import { isLoopbackHost } from '../egress/internal-hosts.js';
import { REPLY_READERS, REQUEST_PROGRAMS } from '../egress/issuers.js';
import type { ShellCommand } from '../shell/model.js';
import type { ShellView } from './detector.js';
import type { SecretMatch } from './secrets.js';

/** Kinds that say only where a value is written (a password field), not whose key it is. */
const GENERIC = new Set(['assigned_password', 'assigned_secret', 'cli_password']);

/**
 * The shared first test of the local allowances: the command was read, every credential found is
 * a generic assignment, and no proxy may carry the request elsewhere.
 */
export function genericCredentialsOnly(
  command: string,
  found: readonly SecretMatch[],
  view: ShellView,
): boolean {
  return (
    view.analysis.status === 'ok' &&
    found.every((m) => GENERIC.has(m.kind)) &&
    !/proxy/i.test(command)
  );
}
const HTTP_METHOD = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/i;
/** Every host a word names as a URL (`scheme://host`), wherever it is in the word. */
const URL_HOSTS = /[a-z][a-z0-9+.-]*:\/\/(?:[^\s/@]*@)?(\[[0-9a-f:.]+\]|[A-Za-z0-9.-]+)/gi;

/** HTTPie's and xh's URL: `:3000/x` is localhost, `localhost:3000/x` needs no scheme. */
function httpieLocal(c: ShellCommand): boolean {
  const operands = c.argv.slice(1).filter((a) => !a.startsWith('-'));
  const url = HTTP_METHOD.test(operands[0] ?? '') ? operands[1] : operands[0];
  if (url === undefined) return false;
  if (/^:\d{0,5}(?:[/?#]|$)/.test(url)) return true;
  const host = /^(?:https?:\/\/)?(\[[0-9a-f:.]+\]|[^/:?#@\s]+)(?::\d{1,5})?(?:[/?#]|$)/i.exec(url);
  return host?.[1] !== undefined && isLoopbackHost(host[1]);
}

/**
 * Options that send the request through another host or map the name elsewhere (`-x HOST`,
 * `--proxy`, `--resolve localhost:80:IP`, `--connect-to`), and a proxy set in the environment.
 */
const REROUTES = /^-[a-zA-Z]*x|^--(?:proxy|preproxy|socks|resolve|connect-to|doh-url)|proxy=/;

/** Every URL any word of `c` names is on the loopback interface. */
function urlsLocal(c: ShellCommand): boolean {
  return c.argv.every((a) => [...a.matchAll(URL_HOSTS)].every((m) => isLoopbackHost(m[1] ?? '')));
}

/**
 * True when every credential found is a generic password or secret assignment and every command
 * only sends to loopback hosts or shapes the reply. Attacker-controlled: the agent wrote it.
 */
export function localOnlyCredentials(
  command: string,
  found: readonly SecretMatch[],
  view: ShellView,
): boolean {
  if (!genericCredentialsOnly(command, found, view)) return false;
  let requests = 0;
  for (const c of view.analysis.commands) {
    if (c.dynamic === true || c.tainted === true || c.via !== undefined || !urlsLocal(c))
      return false;
    if (c.argv.slice(1).some((a) => REROUTES.test(a))) return false;
    if (REPLY_READERS.has(c.name) && c.stage > 0) continue;
    if (!REQUEST_PROGRAMS.has(c.name)) return false;
    if (/^(?:http|https|xh|xhs)$/.test(c.name) && !httpieLocal(c)) return false;
    requests++;
  }
  for (const h of view.intents) {
    if (h.intent !== 'network' && h.intent !== 'upload') return false;
    const hosts = h.hosts ?? [];
    if (hosts.length === 0 || !hosts.every((x) => isLoopbackHost(x))) return false;
  }
  return requests > 0;
}
