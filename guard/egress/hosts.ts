// Hosts as a URL parser reads them (WHATWG URL: decimal, hex and octal IPv4 forms canonicalised,
// IPv6 compressed) and the cloud instance metadata endpoints, which no tool call may reach.

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
