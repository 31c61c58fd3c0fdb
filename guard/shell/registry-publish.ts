// A package manager's publishing verbs are the registry token's own consumer: `npm publish` reads
// NPM_TOKEN (through the project's .npmrc) and sends it to the registry, `twine upload` sends
// TWINE_PASSWORD to PyPI (docs/guard.md "Credential routing"). Only the registry's issuer counts,
// and a registry option naming another host sends the token there, so it stays a read.
import { issuerHost, type Issuer } from '../egress/issuers.js';
import type { ShellCommand } from './model.js';
import { optionValue } from './option-values.js';

interface Publisher {
  /** The issuer whose token the tool sends. */
  issuer: string;
  /** The verbs that talk to the registry, joined from argv[1] by spaces. */
  verbs: RegExp;
  /** Options naming the registry's URL. */
  registry: readonly string[];
}

const NPM_VERBS = /^(?:publish|unpublish|deprecate|dist-tag|access|owner)(?: |$)/;
const NPM: Publisher = { issuer: 'npm', verbs: NPM_VERBS, registry: ['--registry'] };
const PYPI = (verbs: RegExp, registry: readonly string[]): Publisher => ({
  issuer: 'PyPI',
  verbs,
  registry,
});

const PUBLISHERS: Readonly<Record<string, Publisher>> = {
  npm: NPM,
  pnpm: NPM,
  bun: { ...NPM, verbs: /^publish(?: |$)/ },
  yarn: { ...NPM, verbs: /^(?:npm )?(?:publish|tag|unpublish)(?: |$)/ },
  twine: PYPI(/^upload /, ['--repository-url', '-r', '--repository']),
  uv: PYPI(/^publish(?: |$)/, ['--publish-url', '--index']),
  poetry: PYPI(/^publish(?: |$)/, ['-r', '--repository']),
  flit: PYPI(/^publish(?: |$)/, ['--repository']),
  hatch: PYPI(/^publish(?: |$)/, ['--repo', '-r']),
  pdm: PYPI(/^publish(?: |$)/, ['--repository', '-r']),
  // `gem push x.gem` sends GEM_HOST_API_KEY with the built file; it runs none of the gem's code
  gem: { issuer: 'RubyGems', verbs: /^(?:push|yank|owner) /, registry: ['--host'] },
  dotnet: { issuer: 'NuGet', verbs: /^nuget (?:push|delete) /, registry: ['--source', '-s'] },
  nuget: { issuer: 'NuGet', verbs: /^(?:push|delete) /, registry: ['-Source', '-src'] },
};

/** True when `c` publishes to `issuer`'s registry with the token from its variable. */
export function publishesTo(c: ShellCommand, issuer: Issuer): boolean {
  const p = PUBLISHERS[c.name];
  if (p === undefined || p.issuer !== issuer.name) return false;
  if (!p.verbs.test(c.argv.slice(1).join(' '))) return false;
  // `RUBYGEMS_HOST=...` or a proxy variable sends the request, and the token, elsewhere
  if (c.env?.some((e) => /^(?:RUBYGEMS_HOST|GEM_HOST)$|PROXY/i.test(e.name)) === true) return false;
  const url = optionValue(c.argv, p.registry);
  if (url === undefined) return true;
  // the tools' built-in names for PyPI and TestPyPI; any other name's URL is in a config unread here
  if (/^(?:pypi|testpypi|main|test)$/.test(url) && p.issuer === 'PyPI') return true;
  const host = /^https?:\/\/([^/:?#]+)/i.exec(url)?.[1];
  return host !== undefined && issuerHost(issuer, host);
}
