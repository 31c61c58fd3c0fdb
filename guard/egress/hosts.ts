// Hosts as a URL parser reads them (WHATWG URL: decimal, hex and octal IPv4 forms canonicalised,
// IPv6 compressed) and the cloud instance metadata endpoints, which no tool call may reach.
import { GuardError } from '../errors.js';

/**
 * Instance metadata services: AWS, Azure, GCP, OpenStack, DigitalOcean, Oracle (169.254.169.254),
 * AWS over IPv6 (fd00:ec2::254), ECS task credentials (169.254.170.2), Alibaba (100.100.100.200),
 * Oracle's other address (192.0.0.192), and GCP's names.
 */
const METADATA_HOSTS = new Set([
  '169.254.169.254',
  '169.254.170.2',
  '169.254.170.23',
  '100.100.100.200',
  '192.0.0.192',
  '[fd00:ec2::254]',
  '[fd00:ec2::23]',
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** IPv4-mapped IPv6 (`[::ffff:a9fe:a9fe]`) as the IPv4 address it maps. */
function unmapped(host: string): string {
  const m = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(host);
  if (m === null) return host;
  const hi = parseInt(m[1] ?? '0', 16);
  const lo = parseInt(m[2] ?? '0', 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/**
 * The canonical host of a URL or a bare `host[:port][/path]`, lower-case without a trailing dot,
 * or null when it does not parse. This value is attacker-controlled (an agent's argument).
 *
 * @example
 * canonicalHost('http://2852039166/latest'); // '169.254.169.254'
 */
export function canonicalHost(raw: string): string | null {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `http://${raw}`;
  let host: string;
  try {
    host = new URL(text).hostname;
  } catch {
    return null;
  }
  if (host === '') return null;
  return unmapped(host.toLowerCase().replace(/\.$/, ''));
}

/** True for a cloud metadata endpoint, in any spelling a URL parser accepts. */
export function isCloudMetadata(host: string): boolean {
  const h = canonicalHost(host) ?? host.toLowerCase();
  return METADATA_HOSTS.has(h) || /^169\.254\.169\.\d+$/.test(h);
}

/** `*.example.com` matches example.com and its subdomains; other entries match exactly. */
export function hostOnList(host: string, list: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return list.some((a) => {
    const p = a.toLowerCase();
    if (p.startsWith('*.')) return h === p.slice(2) || h.endsWith(p.slice(1));
    return h === p;
  });
}

/** Most hosts an operator's config adds to the host policy. */
export const MAX_OPERATOR_HOSTS = 256;

/**
 * Why `entry` cannot extend the host policy, or null when it can: a host name, an IP address or a
 * `*.` wildcard over at least two labels (`*.corp.example`, never `*.com`), never a cloud metadata
 * endpoint (those stay refused whatever the policy lists).
 */
export function hostEntryProblem(entry: string): string | null {
  const wild = entry.startsWith('*.');
  const name = wild ? entry.slice(2) : entry;
  if (
    !/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(name)
  )
    if (wild || !/^\[[0-9a-f:.]+\]$/.test(name))
      return 'is not a lower-case host name, an [IPv6] address or *.domain';
  if (wild && !name.includes('.')) return 'a wildcard needs at least two labels (*.corp.example)';
  if (isCloudMetadata(name) || (wild && [...METADATA_HOSTS].some((m) => m.endsWith(`.${name}`))))
    return 'names a cloud metadata endpoint, which is always refused';
  return null;
}

/**
 * True when `host` is on the built-in `list` or the operator's `extra` hosts; a cloud metadata
 * endpoint is on neither, whatever they say.
 */
export function hostAllowedBy(
  host: string,
  list: readonly string[],
  extra: readonly string[] | undefined,
): boolean {
  if (isCloudMetadata(host)) return false;
  return hostOnList(host, list) || (extra !== undefined && hostOnList(host, extra));
}

/**
 * The operator's hosts, checked: lower-cased, at most MAX_OPERATOR_HOSTS.
 * @throws {GuardError} policy_invalid naming the first entry that is not a host
 */
export function operatorHosts(list: readonly string[]): string[] {
  if (list.length > MAX_OPERATOR_HOSTS)
    throw new GuardError('policy_invalid', `more than ${MAX_OPERATOR_HOSTS} egress hosts`);
  return list.map((raw, i) => {
    const entry = raw.toLowerCase().replace(/\.$/, '');
    const problem = hostEntryProblem(entry);
    if (problem !== null)
      throw new GuardError('policy_invalid', `egress host [${i}] "${raw.slice(0, 80)}" ${problem}`);
    return entry;
  });
}
