// Package-manager `config` commands and environment variables that point installs at another
// registry or source (docs/guard.md "Detectors").
import { hostOf } from '../shell/intent-network.js';
import { listable } from './registry-listable.js';
import { optionValues } from './package-installs.js';
import { officialRegistry } from './manifest-registries.js';

/** `config set` keys that change where a package manager installs from. */
const REGISTRY_KEY =
  /^(?:(?:@[\w.-]+:)?registry|npmRegistryServer|(?:global|install|user)\.(?:extra-)?index-url|index-url|extra-index-url)$/i;
/** Environment variables that redirect installs. */
const REGISTRY_ENV =
  /^(?:npm_config_(?:@[\w.-]+:)?registry|PIP_(?:EXTRA_)?INDEX_URL|PIP_FIND_LINKS|UV_(?:EXTRA_)?INDEX_URL|UV_DEFAULT_INDEX|UV_INDEX|PIP_TRUSTED_HOST|COMPOSER_REPO_PACKAGIST|YARN_NPM_REGISTRY_SERVER|GOPROXY|BUNDLE_MIRROR__[\w]+|PUB_HOSTED_URL|HEX_MIRROR|HEX_CDN|CARGO_REGISTRIES_\w+_INDEX)=(.*)$/i;

export function configProblems(argv: readonly string[], off: (v: string) => boolean): string[] {
  const [tool, sub, verb, key, value] = argv;
  const set =
    (sub === 'config' && verb === 'set') ||
    (sub === 'set' && verb !== undefined && REGISTRY_KEY.test(verb));
  if (set) {
    const k = (sub === 'set' ? verb : key) ?? '';
    const v = sub === 'set' ? key : value;
    const kv = /^([^=]+)=(.*)$/.exec(k);
    const name = kv?.[1] ?? k;
    const val = kv?.[2] ?? v;
    if (REGISTRY_KEY.test(name) && val !== undefined && off(val))
      return [listable(`${tool ?? ''} config points installs at ${hostOf(val, true) ?? val}`)];
  }
  if (tool === 'gem' && sub === 'sources') {
    const added = optionValues(argv.map((a) => (a === '-a' || a === '--add' ? '--source' : a)));
    if (added.some(off)) return [listable('gem sources adds an unlisted source')];
  }
  if (tool === 'go' && sub === 'env' && verb === '-w') return envProblems(argv.slice(3), off);
  const source = configuredSource(argv).find((v) => off(v) && !officialRegistry(v));
  if (source !== undefined)
    return [listable(`${tool ?? ''} adds source ${hostOf(source, true) ?? source}`)];
  return [];
}

/**
 * Sources a manager's `config` subcommand adds: `composer config [-g] repos.NAME composer URL` (or a
 * JSON object naming `url`), `conda config --add channels URL`, `bundle config [set] mirror.X URL`.
 */
function configuredSource(argv: readonly string[]): string[] {
  // `dart pub add NAME --hosted-url URL`, `flutter pub add 'NAME:{hosted: URL}'`
  if (/^(?:dart|flutter)$/.test(argv[0] ?? '') && argv[1] === 'pub' && argv[2] === 'add')
    return argv
      .slice(3)
      .flatMap((w, i, a) =>
        w === '--hosted-url'
          ? [a[i + 1] ?? '']
          : [...w.matchAll(/(?:--hosted-url=|hosted:\s*)(https?:\/\/[^\s"',}]+)/g)].map(
              (m) => m[1] ?? '',
            ),
      );
  const words = argv.filter((a) => !a.startsWith('-') || a === '--add' || a === '--prepend');
  const [tool, a, b] = words;
  const urls = (from: number): string[] =>
    words
      .slice(from)
      .flatMap((w) => [...w.matchAll(/[a-z][\w+.-]*:\/\/[^\s"',}]+/gi)].map((m) => m[0]));
  if (tool === 'composer' && (a === 'config' || (a === 'global' && b === 'config'))) {
    const i = words.findIndex((w) => /^repo(?:s|sitories)?\.[\w.-]+$/i.test(w));
    return i < 0 ? [] : urls(i + 1);
  }
  if (/^(?:conda|mamba|micromamba)$/.test(tool ?? '') && a === 'config') {
    const i = words.findIndex((w) => w === '--add' || w === '--prepend');
    return i >= 0 && /^(?:channels|default_channels)$/.test(words[i + 1] ?? '') ? urls(i + 2) : [];
  }
  if (tool === 'poetry' && a === 'source' && b === 'add') return urls(3);
  if (tool === 'bundle' && a === 'config') {
    const i = words.findIndex((w) => /^mirror\./i.test(w));
    return i < 0 ? [] : urls(i + 1);
  }
  return [];
}

export function envProblems(words: readonly string[], off: (v: string) => boolean): string[] {
  for (const w of words) {
    const m = REGISTRY_ENV.exec(w);
    const vals = (m?.[1] ?? '')
      .split(/[,|]/)
      .filter((v) => v !== '' && v !== 'direct' && v !== 'off');
    const host = m === null ? undefined : vals.find((v) => off(v) && !officialRegistry(v));
    if (host !== undefined)
      return [
        listable(`${w.split('=')[0] ?? ''} redirects installs to ${hostOf(host, true) ?? host}`),
      ];
  }
  return [];
}
