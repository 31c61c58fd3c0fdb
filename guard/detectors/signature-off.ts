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

/** What in this command switches package verification off, or null. */
export function verificationOff(cmd: ShellCommand): string | null {
  const name = cmd.name.replace(/\.exe$/i, '');
  const argv = cmd.argv;
  const tool = TOOLS.test(name);
  // only a package tool's words, or an assignment's, switch a check off
  const words = tool || name === 'export' || name === '' ? argv : [];
  for (const [i, a] of words.entries()) {
    if (OFF_SETTING.test(a)) return `${name || 'an assignment'} sets ${a}`;
    if (!tool) continue;
    if (a === '--option' && argv[i + 1] === 'require-sigs' && argv[i + 2] === 'false')
      return `${name} turns off require-sigs`;
    // a host only the operator's network names is the organisation's own index (its own CA)
    const trusted = a === '--trusted-host' ? argv[i + 1] : /^--trusted-host=(.*)$/.exec(a)?.[1];
    if (trusted !== undefined && /^(?:pip|uv)/.test(name) && internalHosts(trusted, 1).length === 0)
      return `${name} trusts ${trusted} without TLS checks`;
    if (OFF_KEY.test(a) && /^(?:false|0)$/i.test(argv[i + 1] ?? '') && argv.includes('config'))
      return `${name} config turns ${a} off`;
    if (ON_KEY.test(a) && /^(?:true|1)$/i.test(argv[i + 1] ?? '') && argv.includes('config'))
      return `${name} config turns ${a} on`;
    // `pip config set global.trusted-host HOST`: every index on that host without TLS checks
    const host = /^(?:global|install|user)\.trusted-host$/i.test(a) ? argv[i + 1] : undefined;
    if (host !== undefined && argv.includes('config') && internalHosts(host, 1).length === 0)
      return `${name} config trusts ${host} without TLS checks`;
    if (/^-c$/.test(a) && OFF_SETTING.test(argv[i + 1] ?? ''))
      return `${name} -c ${argv[i + 1] ?? ''}`;
    // every off word is an option (`--nogpgcheck`, `-oAcquire::...`) or an apt setting (`APT::...`)
    if (!a.startsWith('-') && !a.includes('::')) continue;
    const word = OFF_WORDS.find(([re]) => re.test(a) && name !== 'echo' && name !== 'printf');
    if (word !== undefined) return `${name} installs ${word[1]} (${a})`;
  }
  // a sources line that trusts a repository without its key: `deb [trusted=yes] URL ...`
  if (
    cmd.redirects.some((r) => r.op.startsWith('>')) &&
    /\[[^\]]*\btrusted=yes\b[^\]]*\]/.test([...argv.slice(1), cmd.stdin ?? ''].join(' '))
  )
    return 'a package source trusted without its key';
  return null;
}
