// Project and user config files that replace a language's official registry with another one:
// Cargo's source replacement, a Maven `<mirror>`, a NuGet.config that clears nuget.org, Go's go.env
// GOPROXY, a user's Gradle init script (it sets the repositories of every build the user runs). Every
// later install of any name resolves from that host, so a mirror off the host policy
// is the redirection (docs/guard.md "Detectors", supply_chain). An extra repository beside the
// official one stays the organisation's choice (build-repositories.ts).

/** Files whose text may replace the official registry. */
export const MIRROR_FILE =
  /(?:^|[\\/])(?:\.cargo[\\/]config(?:\.toml)?|settings\.xml|nuget\.config|go\.env|go[\\/]env)$|(?:^|[\\/])\.gradle[\\/](?:init\.gradle(?:\.kts)?|init\.d[\\/][^\\/]+\.gradle(?:\.kts)?)$/i;

/** Gradle's init scripts, in the user's Gradle home: they run before every build of every project. */
const GRADLE_INIT =
  /\.gradle[\\/](?:init\.gradle(?:\.kts)?|init\.d[\\/][^\\/]+\.gradle(?:\.kts)?)$/;
/** A repository's location in Groovy or Kotlin DSL: `url 'U'`, `url = uri("U")`, `setUrl("U")`. */
const GRADLE_URL =
  /\b(?:url|setUrl)\s*(?:=|\(|\s)\s*(?:uri\s*\(\s*)?["']([a-z]+:\/\/[^"'\s]+)["']/gi;

/** Mirrors of the official registries themselves: a mirror that names one redirects nothing. */
const OFFICIAL = new Set([
  'repo.maven.apache.org',
  'repo1.maven.org',
  'api.nuget.org',
  'www.nuget.org',
  'index.crates.io',
  'github.com',
  'proxy.golang.org',
  'plugins.gradle.org',
  'maven.google.com',
  'dl.google.com',
]);

/** `registry = "sparse+https://..."`, `index = "https://..."` in a `[source.*]` table. */
const CARGO_SOURCE = /^\s*(?:registry|index)\s*=\s*["']((?:sparse\+|git\+)?[a-z]+:\/\/[^"'\s]+)/gim;
const MAVEN_MIRROR = /<mirror>([\s\S]{0,4096}?)<\/mirror>/gi;
const NUGET_SOURCE = /<add\s[^>]*?value\s*=\s*["'](https?:\/\/[^"']+)["']/gi;
const GOPROXY = /^\s*GOPROXY\s*=\s*(\S+)/m;

function urlsOf(re: RegExp, text: string): string[] {
  return [...text.matchAll(re)].map((m) => (m[1] ?? '').replace(/^(?:sparse|git)\+/, ''));
}

/** The locations that replace the official registry in this file's text, for its kind of file. */
export function mirrorSources(file: string, text: string): string[] {
  const name = file.toLowerCase();
  let urls: string[] = [];
  if (/\.cargo[\\/]config(?:\.toml)?$/.test(name)) {
    // a `[source.X]` table only takes effect when some source says `replace-with`
    if (/^\s*replace-with\s*=/m.test(text)) urls = urlsOf(CARGO_SOURCE, text);
  } else if (name.endsWith('settings.xml')) {
    urls = [...text.matchAll(MAVEN_MIRROR)].flatMap((m) =>
      urlsOf(/<url>\s*([^<\s]+)\s*<\/url>/gi, m[1] ?? ''),
    );
  } else if (name.endsWith('nuget.config')) {
    // `<clear />` drops nuget.org: every package then comes from the sources added after it
    if (/<clear\s*\/>/i.test(text)) urls = urlsOf(NUGET_SOURCE, text);
  } else if (GRADLE_INIT.test(name)) {
    urls = urlsOf(GRADLE_URL, text);
  } else if (/(?:go\.env|go[\\/]env)$/.test(name)) {
    urls = (GOPROXY.exec(text)?.[1] ?? '').split(/[,|]/).filter((v) => /^https?:\/\//.test(v));
  }
  return urls.filter((u) => !OFFICIAL.has(hostPart(u)));
}

function hostPart(url: string): string {
  return (/^[a-z]+:\/\/([^/:?#]+)/i.exec(url)?.[1] ?? '').toLowerCase();
}
