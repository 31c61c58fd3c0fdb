// Build tools' repository lists (Gradle, Maven, NuGet, Cargo): a repository fetched over plain http
// or with the tool's insecure-protocol switch lets anyone on the path swap the artifacts the build
// runs (docs/guard.md "Detectors", supply_chain). Hosts over https are the organisation's choice.

/** Build files and settings that list the repositories artifacts are fetched from. */
export const BUILD_CONFIG_FILE =
  /(?:^|[\\/])(?:settings\.gradle(?:\.kts)?|build\.gradle(?:\.kts)?|init\.gradle(?:\.kts)?|[\w.-]+\.init\.gradle(?:\.kts)?|init\.d[\\/][\w.-]+\.gradle(?:\.kts)?|settings\.xml|nuget\.config|\.cargo[\\/]config(?:\.toml)?)$/i;

/** Gradle's switch that accepts a repository over http. */
const INSECURE_SWITCH = /\b(?:is)?allowInsecureProtocol\s*(?:=|\(|\s)\s*true\b/i;
/** A repository or source URL over plain http, in any of the tools' spellings. */
const HTTP_URL =
  /(?:\burl\s*(?:=|\(|\s)\s*(?:uri\s*\(\s*)?|<url>\s*|\bvalue\s*=\s*|\bregistry\s*=\s*|\bindex\s*=\s*)["']?((?:sparse\+)?http:\/\/[^\s"'<>)]+)/gi;

/** The insecure repository a build file's text adds, or null; `off` says a host is not local. */
export function insecureRepository(text: string, off: (v: string) => boolean): string | null {
  const urls = [...text.matchAll(HTTP_URL)].map((m) => (m[1] ?? '').replace(/^sparse\+/, ''));
  const plain = urls.find(off);
  if (plain !== undefined) return `a repository over plain http (${plain})`;
  // the switch beside only local repositories (a Nexus on localhost) is a developer's own cache
  return INSECURE_SWITCH.test(text) && urls.length === 0
    ? 'a repository with allowInsecureProtocol'
    : null;
}
