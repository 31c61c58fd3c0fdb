// Manifests that move a dependency, or every dependency, to another host (docs/guard.md "Detectors",
// supply_chain): Dart's `hosted:` (pubspec.yaml), Composer's `repositories` (composer.json), Python
// package indexes and direct URLs in pyproject.toml (`[[tool.poetry.source]]`, `[[tool.uv.index]]`,
// `[[tool.pdm.source]]`, `index-url`), Cargo's `registry-index`, and git or URL sources in
// pubspec.yaml, mix.exs and Package.swift. The official registries, code hubs and the
// organisation's own network pass; an edit that keeps a dependency's repository name but changes its
// owner on a code hub is a swap to a fork, wherever the manifest names it.
import { internalHosts } from '../egress/internal-hosts.js';

const MANIFEST =
  /(?:^|[\\/])(pubspec\.yaml|composer\.json|pyproject\.toml|Cargo\.toml|mix\.exs|Package\.swift)$/;
/** The whole set of manifests whose dependencies name repositories. */
const ANY_MANIFEST =
  /(?:^|[\\/])(?:pubspec\.yaml|composer\.json|pyproject\.toml|Cargo\.toml|mix\.exs|Package\.swift|package\.json|Gemfile|go\.mod|requirements[\w.-]*\.txt|build\.gradle(?:\.kts)?|pom\.xml)$/;
/** The languages' own registries and the code hubs their tools fetch from. */
const OFFICIAL =
  /^(?:pub\.dev|pub\.dartlang\.org|(?:repo\.)?packagist\.org|hex\.pm|repo\.hex\.pm|github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|swiftpackageindex\.com)$/i;
const HUB =
  /\b(?:https?:\/\/|git@)(github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\b/gi;
const URL = String.raw`["']?((?:sparse\+|git\+)?(?:https?|git|ssh):\/\/[^\s"'<>]+)`;

/** The source URLs each kind of manifest names in `text`. */
const SOURCES: Readonly<Record<string, RegExp>> = {
  // `hosted: URL`, `hosted: {url: URL}`, `hosted:\n  url: URL`, `git: URL`, `git:\n  url: URL`
  'pubspec.yaml': new RegExp(
    String.raw`\b(?:hosted|git|url)\s*:\s*(?:\{\s*(?:name\s*:\s*[\w-]+\s*,\s*)?url\s*:\s*)?${URL}`,
    'g',
  ),
  'composer.json': new RegExp(String.raw`"url"\s*:\s*${URL}`, 'g'),
  'pyproject.toml': new RegExp(
    String.raw`^\s*(?:url|index-url|extra-index-url|find-links)\s*=\s*\[?\s*${URL}`,
    'gm',
  ),
  'Cargo.toml': new RegExp(String.raw`\bregistry-index\s*=\s*${URL}`, 'g'),
  'mix.exs': new RegExp(String.raw`\b(?:git|github|repo_url|url):\s*${URL}`, 'g'),
  'Package.swift': new RegExp(
    String.raw`\.package\s*\(\s*(?:name\s*:\s*"[^"]*"\s*,\s*)?url\s*:\s*${URL}`,
    'g',
  ),
};

/** True when `url` is on a language's own registry or a code hub (`https://pub.dev`). */
export function officialRegistry(url: string): boolean {
  return OFFICIAL.test(hostOf(url));
}

/** Poetry's `priority = "supplemental"`/`"explicit"`, uv's `explicit = true`. */
const EXTRA_SOURCE =
  /^\s*(?:priority\s*=\s*["'](?:supplemental|explicit)["']|explicit\s*=\s*true)\s*$/m;

function hostOf(url: string): string {
  return (/^[a-z+]+:\/\/(?:[^@/]*@)?([^/:?#]+)/i.exec(url)?.[1] ?? '').toLowerCase();
}

/**
 * Why a manifest write sends installs to another host, or null. `off` says a URL's host is off the
 * registries the pack lists.
 */
export function manifestRedirect(
  path: string,
  args: Record<string, unknown>,
  text: string,
  off: (url: string) => boolean,
): string | null {
  if (!text.includes('://') && !text.includes('git@')) return null;
  const file = MANIFEST.exec(path)?.[1];
  const re = file === undefined ? undefined : SOURCES[file];
  // a source consulted only for the packages that name it, or after the official index, is an
  // extra repository beside it: the organisation's choice, as in build-repositories.ts
  if (file === 'pyproject.toml' && EXTRA_SOURCE.test(text)) return null;
  for (const m of re === undefined ? [] : text.slice(0, 262_144).matchAll(re)) {
    const url = (m[1] ?? '').replace(/^(?:sparse|git)\+/, '');
    const host = hostOf(url);
    if (host === '' || OFFICIAL.test(host) || internalHosts(url, 1).length > 0 || !off(url))
      continue;
    return `${file ?? path} takes packages from ${host}`;
  }
  return ANY_MANIFEST.test(path) ? ownerSwap(args, text) : null;
}

/** An edit that keeps a hub repository's name and changes its owner (`A/pkg` to `B/pkg`). */
function ownerSwap(args: Record<string, unknown>, text: string): string | null {
  const old = args.old_string;
  if (typeof old !== 'string' || !old.includes('/')) return null;
  const before = new Map<string, string>();
  for (const m of old.slice(0, 65_536).matchAll(HUB))
    before.set(
      `${(m[1] ?? '').toLowerCase()}/${(m[3] ?? '').toLowerCase()}`,
      (m[2] ?? '').toLowerCase(),
    );
  for (const m of text.slice(0, 65_536).matchAll(HUB)) {
    const was = before.get(`${(m[1] ?? '').toLowerCase()}/${(m[3] ?? '').toLowerCase()}`);
    const owner = (m[2] ?? '').toLowerCase();
    if (was !== undefined && was !== owner)
      return `an edit moves ${m[3] ?? ''} from ${m[1] ?? ''}/${was} to the repository of ${owner}`;
  }
  return null;
}
