// A package repository on a host named like a public registry it is not (docs/guard.md "Detectors",
// supply_chain): `repo.maven-central-cache.com`, `npmjs-mirror.net`, `pypi-files.org`. A build file or
// package-manager config that lists one fetches artifacts, and runs build plugins, from whoever
// registered the name. The registries' own domains (maven.org, apache.org, gradle.org, npmjs.org,
// pypi.org, nuget.org, crates.io, jitpack.io, ...) pass, and so does an organisation's own host
// (`nexus.acme.com`, `maven.acme.com`, `acme.jfrog.io`): only the registrable name is read, so a
// registry word in a company's subdomain or path is no look-alike.

/** Files that list where packages and build plugins come from. */
const REPOSITORY_FILE =
  /(?:^|[\\/])(?:settings\.gradle(?:\.kts)?|build\.gradle(?:\.kts)?|[\w.-]*init\.gradle(?:\.kts)?|settings\.xml|pom\.xml|nuget\.config|\.cargo[\\/]config(?:\.toml)?|\.npmrc|\.yarnrc(?:\.yml)?|pip\.conf|pip\.ini|requirements[\w.-]*\.txt|pyproject\.toml|composer\.json|Gemfile|\.gemrc|build\.sbt)$/i;

/** Words of public registries' names. */
const REGISTRY_WORD =
  /maven|mvn|central|sonatype|jcenter|gradle|npm|yarn|pypi|pythonhosted|nuget|crates|rubygems|packagist|golang|jitpack/i;

/** Registrable names of the registries themselves and of the hosts their tools name. */
const OFFICIAL = new Set([
  'maven.org',
  'apache.org',
  'gradle.org',
  'gradle-plugins.org',
  'sonatype.org',
  'sonatype.com',
  'jcenter.bintray.com',
  'npmjs.org',
  'npmjs.com',
  'yarnpkg.com',
  'pypi.org',
  'pythonhosted.org',
  'python.org',
  'nuget.org',
  'crates.io',
  'rubygems.org',
  'packagist.org',
  'golang.org',
  'jitpack.io',
  'google.com',
  'github.com',
  'jetbrains.com',
  'spring.io',
]);

const URL = /\b(?:sparse\+|git\+)?https?:\/\/([^/\s"'<>:)\]]{1,253})/gi;

/** `a.b.example.co.uk` -> `example.co.uk`, `repo.maven-central-cache.com` -> `maven-central-cache.com`. */
function registrable(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const n =
    /^(?:co|com|org|net|ac|gov|edu)$/.test(labels[labels.length - 2] ?? '') &&
    (labels[labels.length - 1] ?? '').length === 2
      ? 3
      : 2;
  return labels.slice(-n).join('.');
}

/** The first look-alike registry host `text` names, when `file` lists repositories; else null. */
export function lookalikeRepository(file: string, text: string): string | null {
  if (!REPOSITORY_FILE.test(file) || !text.includes('://')) return null;
  for (const m of text.matchAll(URL)) {
    const host = m[1] ?? '';
    const name = registrable(host);
    if (/^[\d.]+$/.test(host) || OFFICIAL.has(name)) continue;
    // the registry word in the registrable name itself, not in a company's subdomain
    if (REGISTRY_WORD.test(name.split('.')[0] ?? '')) return host;
  }
  return null;
}
