// Installs and package-manager settings that switch off the check that packages are the ones the
// publisher signed or the registry served over verified TLS: with it off, whoever answers for the
// host (a mirror, a proxy, a network path) chooses the code that is installed (docs/guard.md
// "Detectors", supply_chain).
import type { ShellCommand } from '../shell/model.js';
import { internalHosts } from '../egress/internal-hosts.js';

/** Words that switch a check off wherever they appear in a package tool's command line. */
const OFF_WORDS: [RegExp, string][] = [
  // nix: `--option require-sigs false`, `--no-require-sigs`
  [/^--no-require-sigs$/, 'nix without signatures'],
  [
    /^--(?:no-?gpg-?check|nogpgcheck|allow-unauthenticated|allow-untrusted|no-gpg-verify)$/i,
    'unsigned packages',
  ],
  [/^--(?:insecure-skip-tls-verify|disable-content-trust)$/, 'no verification'],
  // snap's switch for a package no store signed
  [/^--dangerous$/, 'an unsigned snap'],
  // apt's options and a sources line that trusts a repository without its key
  [
    /^(?:-o)?Acquire::(?:AllowInsecureRepositories|AllowDowngradeToInsecureRepositories|https::Verify-Peer)=(?:true|1|false|0)$/i,
    'an insecure repository',
  ],
  [/^APT::Get::AllowUnauthenticated=(?:true|1)$/i, 'unsigned packages'],
];
/** Any of OFF_WORDS, folded: one test before the labelled ones are looked through. */
const OFF_ANY = new RegExp(OFF_WORDS.map(([re]) => `(?:${re.source})`).join('|'), 'i');

/** The label of the off word `a`, or null. */
function offWord(name: string, a: string): string | null {
  if (name === 'echo' || name === 'printf' || !OFF_ANY.test(a)) return null;
  const word = OFF_WORDS.find(([re]) => re.test(a));
  return word === undefined ? null : `${name} installs ${word[1]} (${a})`;
}

/** Package tools and the shell's writers (a sources line echoed into a list). */
const TOOLS =
  /^(?:nix|nix-env|nix-build|nix-shell|apt|apt-get|dnf|yum|zypper|rpm|pacman|snap|flatpak|helm|docker|podman|pip[0-9.]*|uv|npm|pnpm|yarn|go|git|composer|conda|mamba|micromamba|bundle|echo|printf|tee)$/;
/** `NAME=VALUE` settings (an `export`, a prefix, `go env -w`, `npm config set`, `git -c`). */
const OFF_SETTING =
  /^(?:GOSUMDB=off|GOFLAGS=.*-insecure\b.*|GOINSECURE=.+|GONOSUMDB=\*|GONOSUMCHECK=1|GIT_SSL_NO_VERIFY=(?:1|true)|npm_config_strict_ssl=false|http\.sslVerify=false|require-sigs\s*=\s*false)$/i;
/** `config set KEY false` keys that turn TLS verification off for a registry. */
const OFF_KEY =
  /^(?:strict-ssl|enableStrictSsl|http\.sslVerify|sslVerify|secure-http|ssl_verify|ssl_verify_mode)$/i;
/** `config [set] KEY true` keys that do the same. */
const ON_KEY = /^disable-tls$/i;

/** What the option at `argv[i]` of a package tool switches off, or null. */
function optionOff(name: string, argv: readonly string[], i: number): string | null {
  const a = argv[i] ?? '';
  if (a === '--option' && argv[i + 1] === 'require-sigs' && argv[i + 2] === 'false')
    return `${name} turns off require-sigs`;
  // a host only the operator's network names is the organisation's own index (its own CA)
  const trusted = a === '--trusted-host' ? argv[i + 1] : /^--trusted-host=(.*)$/.exec(a)?.[1];
  if (trusted !== undefined && /^(?:pip|uv)/.test(name) && internalHosts(trusted, 1).length === 0)
    return `${name} trusts ${trusted} without TLS checks`;
  if (a === '-c' && OFF_SETTING.test(argv[i + 1] ?? '')) return `${name} -c ${argv[i + 1] ?? ''}`;
  return offWord(name, a);
}

/** What the key at `argv[i]` of a package tool's `config` command switches off, or null. */
function configKeyOff(name: string, argv: readonly string[], i: number): string | null {
  const a = argv[i] ?? '';
  if (OFF_KEY.test(a) && /^(?:false|0)$/i.test(argv[i + 1] ?? ''))
    return `${name} config turns ${a} off`;
  if (ON_KEY.test(a) && /^(?:true|1)$/i.test(argv[i + 1] ?? ''))
    return `${name} config turns ${a} on`;
  // `pip config set global.trusted-host HOST`: every index on that host without TLS checks
  const host = /^(?:global|install|user)\.trusted-host$/i.test(a) ? argv[i + 1] : undefined;
  if (host !== undefined && internalHosts(host, 1).length === 0)
    return `${name} config trusts ${host} without TLS checks`;
  return offWord(name, a);
}

/** What in this command switches package verification off, or null. */
export function verificationOff(cmd: ShellCommand): string | null {
  const name = cmd.name.replace(/\.exe$/i, '');
  const argv = cmd.argv;
  const tool = TOOLS.test(name);
  // only a package tool's words, or an assignment's, switch a check off
  const words = tool || name === 'export' || name === '' ? argv : [];
  const config = tool && argv.includes('config');
  for (const [i, a] of words.entries()) {
    // a setting is `NAME=VALUE`; an option starts with `-`; a config key is a bare word
    if (a.includes('=') && OFF_SETTING.test(a)) return `${name || 'an assignment'} sets ${a}`;
    if (!tool) continue;
    if (a.startsWith('-')) {
      const off = optionOff(name, argv, i);
      if (off !== null) return off;
    } else if (config) {
      const off = configKeyOff(name, argv, i);
      if (off !== null) return off;
    } else if (a.includes('::')) {
      const off = offWord(name, a);
      if (off !== null) return off;
    }
  }
  // a sources line that trusts a repository without its key: `deb [trusted=yes] URL ...`
  if (
    cmd.redirects.some((r) => r.op.startsWith('>')) &&
    /\[[^\]]*\btrusted=yes\b[^\]]*\]/.test([...argv.slice(1), cmd.stdin ?? ''].join(' '))
  )
    return 'a package source trusted without its key';
  return null;
}
