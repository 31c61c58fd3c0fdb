// `NPM_TOKEN=npm_... npm whoami --registry https://registry.npmjs.org/`, `TWINE_PASSWORD=pypi-...
// twine upload dist/*`: a package registry's own client, run for a command that only talks to the
// registry and runs none of the project's or its dependencies' scripts, gives the token to that
// registry (docs/guard.md "Credentials and their issuers"). `npm install`, `npm run`, `npm exec`
// and `cargo publish` run code that reads the environment, so they bind nothing; a registry
// option or variable naming another host sends the token there.
import { canonicalHost } from './hosts.js';
import { issuerHost, issuerOfHost, type Issuer } from './issuers.js';
import type { ShellCommand } from '../shell/model.js';

interface Client {
  /** The registry's own host, which names the token's issuer. */
  host: string;
  /** Subcommands that only talk to the registry. */
  sub: RegExp;
}

const NPM_SUB =
  /^(?:whoami|view|v|info|show|publish|unpublish|deprecate|dist-tags?|access|owner|team|org|token|ping|search|profile|star|unstar|stars)$/;

const CLIENTS: Readonly<Record<string, Client>> = {
  npm: { host: 'registry.npmjs.org', sub: NPM_SUB },
  pnpm: { host: 'registry.npmjs.org', sub: NPM_SUB },
  twine: { host: 'upload.pypi.org', sub: /^(?:upload|register)$/ },
  cargo: { host: 'crates.io', sub: /^(?:owner|yank|search)$/ },
};

/** Options and variables that choose the registry or a config file naming one. */
const REGISTRY_OPT = /registry|userconfig|globalconfig|repository|index|config-file/i;

/** The registry's issuer when `c` is such a client run, with every registry named its issuer's. */
export function registryCliIssuer(c: ShellCommand): Issuer | null {
  const client = CLIENTS[c.name];
  if (client === undefined || !client.sub.test(c.argv[1] ?? '')) return null;
  const issuer = issuerOfHost(client.host);
  if (issuer === null || c.env?.some((e) => REGISTRY_OPT.test(e.name)) === true) return null;
  for (let i = 2; i < c.argv.length; i++) {
    const a = c.argv[i] ?? '';
    if (!a.startsWith('-') || !(REGISTRY_OPT.test(a) || (c.name === 'twine' && a === '-r')))
      continue;
    const eq = a.indexOf('=');
    const value = eq > 0 ? a.slice(eq + 1) : (c.argv[++i] ?? '');
    // a named repository (`twine upload -r testpypi`) is read from a config file: not known here
    const host = /^https?:\/\//.test(value) ? canonicalHost(value) : null;
    if (host === null || !issuerHost(issuer, host)) return null;
  }
  return issuer;
}
