// Where package managers fetch from: a write to their user- or system-wide configuration that
// points an index or registry at another host (`index-url`, `registry=`) redirects every later
// install, so such a write persists (docs/guard.md "Egress").
import { normalizePath } from '../sensitive-paths.js';
import { hostOnList } from './hosts.js';

/** User- and system-wide configuration of pip, uv, conda, npm, yarn, pnpm, bun, cargo, gem, maven. */
const PACKAGE_CONFIG =
  /^(?:~\/\.config\/pip\/pip\.conf|~\/\.pip\/pip\.conf|~\/Library\/Application Support\/pip\/pip\.conf|\/etc\/(?:xdg\/)?pip\.conf|\/etc\/xdg\/pip\/pip\.conf|~\/\.pydistutils\.cfg|~\/\.condarc|~\/\.config\/uv\/uv\.toml|\/etc\/uv\/uv\.toml|~\/\.cargo\/config(?:\.toml)?|~\/\.gemrc|~\/\.yarnrc(?:\.yml)?|~\/\.bunfig\.toml|~\/\.m2\/settings\.xml|~\/\.npmrc|~\/\.config\/pnpm\/rc|\/etc\/npmrc)$/;

/** The public registries and indexes themselves: naming them redirects nothing. */
const PUBLIC_REGISTRIES = [
  'pypi.org',
  'files.pythonhosted.org',
  'registry.npmjs.org',
  'registry.yarnpkg.com',
  'rubygems.org',
  'crates.io',
  '*.crates.io',
  'repo.maven.apache.org',
  'repo1.maven.org',
  'conda.anaconda.org',
  'repo.anaconda.com',
  'npm.pkg.github.com',
  'download.pytorch.org',
];

const URL_HOST = /\b(?:https?|git|sparse\+https?):\/\/(?:[^\s/@"']*@)?([A-Za-z0-9.-]+)/g;
/** Keys that trust a host whatever its certificate, or name a source without a URL. */
const TRUST_KEY =
  /^\s*(?:trusted-host|trusted_host|strict-ssl\s*=\s*false|ssl_verify\s*:\s*false|replace-with)/im;

export function isPackageConfigPath(p: string): boolean {
  return PACKAGE_CONFIG.test(normalizePath(p));
}

/** True when `text` points an index or registry at a host other than the public ones. */
export function redirectsRegistry(text: string, extra?: readonly string[]): boolean {
  if (TRUST_KEY.test(text)) return true;
  for (const m of text.slice(0, 65_536).matchAll(URL_HOST)) {
    const host = m[1] ?? '';
    if (!hostOnList(host, PUBLIC_REGISTRIES) && !(extra !== undefined && hostOnList(host, extra)))
      return true;
  }
  return false;
}
