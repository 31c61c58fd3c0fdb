// `NPM_TOKEN=npm_... npm whoami --registry https://registry.npmjs.org/`, `TWINE_PASSWORD=pypi-...
// twine upload dist/*`: a package registry's own client, run for a command that only talks to the
// registry and runs none of the project's or its dependencies' scripts, gives the token to that
// registry (docs/guard.md "Credentials and their issuers"). `npm install`, `npm run`, `npm exec`
// and `cargo publish` run code that reads the environment, so they bind nothing; a registry
// option or variable naming another host sends the token there. A forge's own CLI (`gh`, `glab`)
// run for an API, repository or CI subcommand is the same binding: `--hostname`, a `-R
// HOST/OWNER/REPO`, a URL argument, `GH_HOST`/`GITLAB_HOST` or a proxy variable naming another host
// sends the token there; `gh extension`, `gh alias` and the like run other code and bind nothing.
import { canonicalHost } from './hosts.js';
import { issuerHost, issuerOfHost, type Issuer } from './issuers.js';
import type { ShellCommand } from '../shell/model.js';

interface Client {
  /** The registry's own host, which names the token's issuer. */
  host: string;
  /** Subcommands that only talk to the registry. */
  sub: RegExp;
  /** Options whose value names the server or repository (default: REGISTRY_OPT). */
  opt?: RegExp;
  /** Variables that choose another server or route (default: REGISTRY_OPT). */
  env?: RegExp;
}

const FORGE_SUB =
  /^(?:api|run|pr|issue|repo|release|workflow|search|label|cache|variable|status|ruleset|ci|mr|pipeline|job|milestone|snippet)$/;
/** `--hostname H`, `-R [HOST/]OWNER/REPO`, `--repo ...`. */
const FORGE_OPT = /^(?:--hostname|-R|--repo)$/;
const FORGE_ENV = /HOST|PROXY|URL|ENTERPRISE|CONFIG_DIR/i;

const NPM_SUB =
  /^(?:whoami|view|v|info|show|publish|unpublish|deprecate|dist-tags?|access|owner|team|org|token|ping|search|profile|star|unstar|stars)$/;

const CLIENTS: Readonly<Record<string, Client>> = {
  npm: { host: 'registry.npmjs.org', sub: NPM_SUB },
  pnpm: { host: 'registry.npmjs.org', sub: NPM_SUB },
  twine: { host: 'upload.pypi.org', sub: /^(?:upload|register)$/ },
  cargo: { host: 'crates.io', sub: /^(?:owner|yank|search)$/ },
  gh: { host: 'api.github.com', sub: FORGE_SUB, opt: FORGE_OPT, env: FORGE_ENV },
  glab: { host: 'gitlab.com', sub: FORGE_SUB, opt: FORGE_OPT, env: FORGE_ENV },
};

/** Options and variables that choose the registry or a config file naming one. */
const REGISTRY_OPT = /registry|userconfig|globalconfig|repository|index|config-file/i;

/** The registry's issuer when `c` is such a client run, with every registry named its issuer's. */
export function registryCliIssuer(c: ShellCommand): Issuer | null {
  const client = CLIENTS[c.name];
  if (client === undefined || !client.sub.test(c.argv[1] ?? '')) return null;
  const issuer = issuerOfHost(client.host);
  const envOpt = client.env ?? REGISTRY_OPT;
  if (issuer === null || c.env?.some((e) => envOpt.test(e.name)) === true) return null;
  const opt = client.opt ?? REGISTRY_OPT;
  for (let i = 2; i < c.argv.length; i++) {
    const a = c.argv[i] ?? '';
    // a URL anywhere (`gh api https://host/...`) is where the request goes
    if (client.opt !== undefined && a.includes('://')) {
      const host = canonicalHost(a.replace(/^--?[\w-]+=/, ''));
      if (host === null || !issuerHost(issuer, host)) return null;
    }
    const eqAt = a.indexOf('=');
    const flag = a.startsWith('-') ? (eqAt > 0 ? a.slice(0, eqAt) : a) : '';
    if (flag === '' || !(opt.test(flag) || (c.name === 'twine' && a === '-r'))) continue;
    const value = eqAt > 0 ? a.slice(eqAt + 1) : (c.argv[++i] ?? '');
    if (client.opt !== undefined) {
      // `--hostname H`; `-R OWNER/REPO` names no host, `-R HOST/OWNER/REPO` does
      const parts = value.split('/');
      const named = /^--hostname$/.test(flag) ? value : parts.length > 2 ? (parts[0] ?? '') : null;
      if (named === null) continue;
      const host = canonicalHost(named) ?? named.toLowerCase();
      if (!issuerHost(issuer, host)) return null;
      continue;
    }
    // a named repository (`twine upload -r testpypi`) is read from a config file: not known here
    const host = /^https?:\/\//.test(value) ? canonicalHost(value) : null;
    if (host === null || !issuerHost(issuer, host)) return null;
  }
  return issuer;
}
