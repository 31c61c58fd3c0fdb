// docs/campaigns.md "The forge": a literal of each argument kind (guard/fingerprint/arg-kind.ts),
// several per kind, so that a canonical form can be turned back into concrete example calls. Every
// literal is made up here; none comes from a call. The caller checks each realised call's form.

const HOSTS: Record<string, (v: number) => string> = {
  public: (v) => `h${v}.example.com`,
  internal: (v) => `build${v}.corp`,
  loopback: (v) => `127.0.0.${v + 1}`,
  metadata: () => '169.254.169.254',
  'private-ip': (v) => `10.0.${v}.5`,
  'public-ip': (v) => `203.0.113.${v + 1}`,
  ipv6: (v) => `[2001:db8::${v + 1}]`,
};

const PATHS: Record<string, readonly string[]> = {
  root: ['/'],
  home: ['~', '~/', '~/*'],
  ssh: ['~/.ssh/id_rsa', '~/.ssh/id_ed25519', '~/.ssh/id_ecdsa', '~/.ssh/authorized_keys'],
  credential: ['~/.aws/credentials', '~/.netrc', '~/.docker/config.json', '~/.kube/config'],
  persistence: ['~/.bashrc', '~/.zshrc', '~/.profile', '~/.bash_profile'],
  system: ['/etc', '/usr', '/bin', '/boot', '/var'],
  tmp: ['/tmp/a0', '/tmp/b1', '/var/tmp/c2', '/tmp/d3/e'],
  proc: ['/proc/1/environ', '/proc/self/maps', '/proc/2/cmdline'],
  dev: ['/dev/sda', '/dev/nvme0n1', '/dev/sdb'],
  'home-file': ['~/notes0.txt', '~/work/plan1.md', '~/data2.csv'],
  abs: ['/srv/app0/f.txt', '/opt/tool1/run.log', '/srv/data2/x.json'],
  rel: ['src/file0.txt', 'lib/mod1.js', 'docs/page2.md'],
};

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'foxtrot', 'golf', 'hotel'];
const SCHEMES = ['http', 'https', 'ftp', 'ssh', 'git', 'file', 's3', 'gs', 'ws', 'wss'];

function pick<T>(list: readonly T[], v: number): T | undefined {
  return list.length === 0 ? undefined : list[v % list.length];
}

/** A literal string of `kind` (variant `v`), or undefined for a kind that has none. */
export function literalOfKind(kind: string, v: number): string | undefined {
  const [head, a, b] = kind.split(':');
  switch (head) {
    case 'empty':
      return '';
    case 'num':
      return String(100 + v);
    case 'word':
      return pick(WORDS, v);
    case 'text':
      return `${pick(WORDS, v) ?? 'x'} and ${pick(WORDS, v + 1) ?? 'y'}`;
    case 'glob':
      return `*.lo${'g'.repeat(1 + (v % 3))}`;
    case 'path':
      return a === undefined ? undefined : pick(PATHS[a] ?? [], v);
    case 'host':
      return a === undefined ? undefined : HOSTS[a]?.(v);
    case 'user@host':
      return a === undefined || HOSTS[a] === undefined ? undefined : `u${v}@${HOSTS[a](v)}`;
    case 'scp':
      return a === undefined || HOSTS[a] === undefined
        ? undefined
        : `u${v}@${HOSTS[a](v)}:/srv/f${v}`;
    case 'url': {
      const host = b === undefined ? undefined : HOSTS[b]?.(v);
      if (a === undefined || host === undefined) return undefined;
      const scheme = a === 'other' ? 'foo' : SCHEMES.includes(a) ? a : undefined;
      return scheme === undefined ? undefined : `${scheme}://${host}/p${v}`;
    }
    case 'enc':
      if (a === 'hex') return `${(0xdeadbeef + v).toString(16)}0123456789abcdef`;
      if (a === 'base64') return `U2VjcmV0${v}VmFsdWVaQ0${String.fromCharCode(65 + (v % 26))}x`;
      return undefined;
    default:
      return undefined;
  }
}

/** A JSON value of a non-string value kind of a tool argument (`num`, `bool`, ...). */
export function valueOfKind(kind: string, v: number): unknown {
  if (kind === 'num') return 100 + v;
  if (kind === 'bool') return v % 2 === 0;
  if (kind === 'null') return null;
  if (kind === 'array') return [v];
  if (kind === 'object') return { n: v };
  return literalOfKind(kind, v);
}
