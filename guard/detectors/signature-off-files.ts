// Package-manager and VCS config files whose settings switch off the check that packages are the
// ones the publisher signed or the registry served over verified TLS. A written file is the same
// switch as the command line `signature-off.ts` reads, only lasting: every later install or fetch
// runs without it (docs/guard.md "Detectors", supply_chain).

/** A file kind, how to recognise it by path, and its settings that turn a check off. */
const FILE_SETTINGS: { file: RegExp; off: RegExp; what: string }[] = [
  {
    file: /(?:^|[\\/])nix(?:[\\/]nix)?\.conf$/i,
    off: /^\s*require-sigs\s*=\s*false\b/im,
    what: 'nix without signatures (require-sigs = false)',
  },
  {
    file: /(?:^|[\\/])(?:\.npmrc|npmrc)$/i,
    off: /^\s*strict-ssl\s*=\s*(?:false|0)\b/im,
    what: 'npm without TLS checks (strict-ssl=false)',
  },
  {
    file: /(?:^|[\\/])\.yarnrc(?:\.yml)?$/i,
    off: /^\s*(?:enableStrictSsl\s*:\s*false|strict-ssl\s+(?:"?false"?))\b/im,
    what: 'yarn without TLS checks (enableStrictSsl: false)',
  },
  {
    // `[http] sslVerify = false`; git reads the key case-insensitively
    file: /(?:^|[\\/])(?:\.gitconfig|\.git[\\/]config|\.config[\\/]git[\\/]config|gitconfig)$/i,
    off: /^\s*sslverify\s*=\s*(?:false|no|off|0)\b/im,
    what: 'git without TLS checks (sslVerify = false)',
  },
  {
    file: /(?:^|[\\/])composer\.json$/i,
    off: /"(?:secure-http"\s*:\s*false|disable-tls"\s*:\s*true)/i,
    what: 'composer over plain http or without TLS (secure-http false)',
  },
  {
    file: /(?:^|[\\/])apt\.conf(?:\.d[\\/][^\\/]+)?$/i,
    off: /\b(?:Acquire::(?:AllowInsecureRepositories|AllowDowngradeToInsecureRepositories)\s+"?(?:true|1)|APT::Get::AllowUnauthenticated\s+"?(?:true|1)|Acquire::https::(?:[\w.-]+::)?Verify-(?:Peer|Host)\s+"?(?:false|0))\b/i,
    what: 'apt with unsigned or unverified repositories',
  },
  {
    file: /(?:^|[\\/])(?:sources\.list(?:\.d[\\/][^\\/]+\.list)?)$/i,
    off: /\[[^\]\n]*\btrusted=yes\b[^\]\n]*\]/i,
    what: 'a package source trusted without its key ([trusted=yes])',
  },
  {
    file: /(?:^|[\\/])(?:[\w.-]+\.repo|yum\.conf|dnf\.conf)$/i,
    off: /^\s*(?:gpgcheck|repo_gpgcheck|sslverify)\s*=\s*(?:0|false|no)\b/im,
    what: 'yum/dnf without signatures or TLS checks',
  },
  {
    file: /(?:^|[\\/])nuget\.config$/i,
    off: /<add\s[^>]*key\s*=\s*["']signatureValidationMode["'][^>]*value\s*=\s*["']accept["']/i,
    what: 'NuGet accepting unsigned packages (signatureValidationMode accept)',
  },
  {
    file: /(?:^|[\\/])(?:go\.env|go[\\/]env)$/i,
    off: /^\s*(?:GOSUMDB\s*=\s*off|GOINSECURE\s*=\s*\S|GONOSUMDB\s*=\s*\*|GOFLAGS\s*=.*-insecure\b)/im,
    what: 'Go modules without the checksum database',
  },
  {
    file: /(?:^|[\\/])\.condarc$/i,
    off: /^\s*ssl_verify\s*:\s*(?:false|no)\b/im,
    what: 'conda without TLS checks (ssl_verify: false)',
  },
  {
    file: /(?:^|[\\/])(?:pip\.conf|pip\.ini)$/i,
    off: /^\s*cert\s*=\s*\/dev\/null\b/im,
    what: 'pip without TLS checks',
  },
  {
    file: /(?:^|[\\/])(?:\.bundle[\\/]config)$/i,
    off: /^\s*BUNDLE_SSL_VERIFY_MODE\s*:\s*["']?0\b/im,
    what: 'bundler without TLS checks',
  },
];

const PUBLIC_CACHES = /(?:^|\.)(?:cachix\.org|flakehub\.com|nixos\.org)$/;

/**
 * nix.conf trusting a cache's signing key beside a substituter off the host policy: nix then installs
 * whatever that host signs, which is the redirection itself even with signatures required.
 */
function foreignNixKey(text: string, off: (url: string) => boolean): string | null {
  const subs = /^\s*(?:extra-)?(?:trusted-)?substituters\s*=\s*(.*)$/gim;
  const keys = /^\s*(?:extra-)?trusted-public-keys\s*=\s*(.*)$/gim;
  const keyNames = [...text.matchAll(keys)].flatMap((m) =>
    (m[1] ?? '').split(/\s+/).map((k) => k.split(':')[0] ?? ''),
  );
  const hosts = [...text.matchAll(subs)]
    .flatMap((m) => (m[1] ?? '').split(/\s+/))
    .filter((u) => /^https?:\/\//i.test(u) && off(u));
  // a key is named after its cache by convention (`cache.example.org-1`); a Cachix or FlakeHub
  // cache is a publisher's own cache on nix's public cache services, trusted by its key like a
  // publisher's packages
  const trusted = hosts.find((u) => {
    const host = (/^[a-z]+:\/\/([^/:?#]+)/i.exec(u)?.[1] ?? '').toLowerCase();
    if (PUBLIC_CACHES.test(host)) return false;
    return keyNames.some((k) => k.toLowerCase().startsWith(host));
  });
  return trusted === undefined ? null : `nix trusting the signing key of ${trusted}`;
}

/** What a written config file switches off or trusts, or null. */
export function verificationOffInFile(
  file: string,
  text: string,
  off: (url: string) => boolean,
): string | null {
  for (const s of FILE_SETTINGS) if (s.file.test(file) && s.off.test(text)) return s.what;
  return /(?:^|[\\/])nix(?:[\\/]nix)?\.conf$/i.test(file) ? foreignNixKey(text, off) : null;
}
