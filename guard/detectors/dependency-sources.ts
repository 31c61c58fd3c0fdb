// A dependency's source moved off its registry to a git repository or a tarball: Cargo's `git =`
// (in `[dependencies]` or `[patch.crates-io]`), package.json's `github:`, `git+` and tarball specs,
// pip's `name @ git+https://...`, go.mod's `replace` to another module path, a Gemfile's `git:` or
// `github:`, a Nix flake's `inputs.<name>.url`. The project then builds whatever that repository's owner pushes, unreviewed by the
// package's maintainers (docs/guard.md "Detectors", supply_chain).
//
// Fork or upstream: a repository is the package's own when every word of its owner is a word of
// the package's name or an organisation suffix (`serde-rs` for serde, `tokio-rs` for tokio-util, `vitejs` for vite),
// or when the owner is the project's own (a remote of the manifest's repository), or the host is the
// organisation's own network. Any other owner (`serde-rs-fork`, a user's account) is a fork: it
// stays flagged, to be listed or reviewed, since no name tells a maintainer's account from a stranger's.
import { dirname } from 'node:path';
import { projectOwner } from '../egress/project-remotes.js';
import { internalHosts } from '../egress/internal-hosts.js';

const MANIFEST =
  /(?:^|[\\/])(Cargo\.toml|package\.json|requirements[\w.-]*\.txt|pyproject\.toml|go\.mod|Gemfile|flake\.nix)$/;
/** Hosts whose first path word is the repository's owner. */
const HUBS = /^(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|git\.sr\.ht)$/i;
/** Words an organisation adds to a project's name for its account. */
const ORG_WORDS = new Set(
  'rs rust js py python go golang rb lang dev org hq io labs lab project projects team community official oss inc'.split(
    ' ',
  ),
);
const MAX_SPECS = 64;
/**
 * The accounts that publish the flakes nearly every flake takes as inputs (nixpkgs, home-manager,
 * flake-utils, nix-darwin, rust-overlay): the same repository under another owner is a fork.
 */
const FLAKE_HOMES = new Set(
  'nixos nix-community numtide hercules-ci cachix oxalica lnl7 nix-darwin determinatesystems edolstra'.split(
    ' ',
  ),
);

interface Spec {
  name: string;
  url: string;
}

const words = (s: string): string[] =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');

/** `{ host, owner }` of a git or tarball URL, or null for a local path. */
function ownerOf(url: string): { host: string; owner: string } | null {
  const u = url
    .replace(/^git\+/, '')
    .replace(/^github:/, 'https://github.com/')
    .replace(/^gitlab:/, 'https://gitlab.com/');
  const m =
    /^(?:https?|ssh|git):\/\/(?:[^@/]*@)?([^/:]+)(?::\d+)?\/([^/]+)/i.exec(u) ??
    /^[^@/\s]+@([\w.-]+):([^/]+)\//.exec(u);
  if (m === null)
    return /^[\w.-]+\/[\w.-]+/.test(u)
      ? { host: 'github.com', owner: u.split('/')[0] ?? '' }
      : null;
  return { host: (m[1] ?? '').toLowerCase(), owner: (m[2] ?? '').replace(/^~/, '') };
}

/** The specs that name a git repository or a URL instead of a registry version. */
function specs(file: string, text: string): Spec[] {
  const out: Spec[] = [];
  const add = (name: string | undefined, url: string | undefined): void => {
    if (name !== undefined && url !== undefined && out.length < MAX_SPECS) out.push({ name, url });
  };
  if (file === 'Cargo.toml') {
    for (const m of text.matchAll(/^\s*([\w-]+)\s*=\s*\{[^}\n]*?\bgit\s*=\s*"([^"]+)"/gm)) {
      const pkg = /\bpackage\s*=\s*"([\w-]+)"/.exec(m[0])?.[1];
      add(pkg ?? m[1], m[2]);
    }
    for (const m of text.matchAll(
      /^\s*\[(?:[\w.-]*dependencies|patch\.[\w-]+)\.([\w-]+)\][^[]*?^\s*git\s*=\s*"([^"]+)"/gm,
    ))
      add(m[1], m[2]);
  } else if (file === 'package.json') {
    for (const m of text.matchAll(
      /"(@?[\w.-]+(?:\/[\w.-]+)?)"\s*:\s*"((?:github:|gitlab:|bitbucket:|git\+|git:\/\/|git@)[^"]+|https?:\/\/[^"\s]+?(?:\.tgz|\.tar\.gz|\/tarball\/[^"]*))"/g,
    ))
      add(m[1], m[2]);
  } else if (file === 'go.mod') {
    for (const m of text.matchAll(
      /^\s*(?:replace\s+)?([\w.-]+\/[\w./-]+)(?:\s+v\S+)?\s*=>\s*([\w.-]+\.[a-z]+\/[\w./-]+)/gm,
    )) {
      const from = m[1] ?? '';
      const to = m[2] ?? '';
      // the same repository at another version or sub-path is no swap
      if (from.split('/').slice(0, 2).join('/') !== to.split('/').slice(0, 2).join('/'))
        add(from.split('/')[2] ?? from, `https://${to}`);
    }
  } else if (file === 'flake.nix') {
    // `nixpkgs.url = "..."`, `inputs.nixpkgs.url = "..."`, `nixpkgs = { url = "..."; }`
    for (const m of text.matchAll(
      /(?:^|[\s{;.])([\w-]+)(?:\.url\s*=|\s*=\s*\{[^}]*?\burl\s*=)\s*"([^"]+)"/g,
    ))
      add(m[1], m[2]);
  } else if (file === 'Gemfile') {
    for (const m of text.matchAll(
      /^\s*gem\s+["']([\w.-]+)["'][^\n]*?\b(git|github):?\s*(?:=>\s*)?["']([^"']+)["']/gm,
    ))
      add(m[1], m[2] === 'github' ? `github:${m[3] ?? ''}` : m[3]);
  } else {
    for (const m of text.matchAll(
      /^\s*["']?([\w.-]+)(?:\[[\w,.-]*\])?\s*@\s*((?:git\+)?https?:\/\/[^\s"';]+|git\+ssh:\/\/[^\s"';]+)/gm,
    ))
      add(m[1], m[2]);
    for (const m of text.matchAll(/^\s*(?:-e\s+)?(git\+[^\s#]+)#egg=([\w.-]+)/gm)) add(m[2], m[1]);
  }
  return out;
}

/** A word of the package's name, alone or with an organisation suffix glued on (`vitejs`). */
function nameWord(w: string, pkg: ReadonlySet<string>): boolean {
  return pkg.has(w) || [...pkg].some((p) => w.startsWith(p) && ORG_WORDS.has(w.slice(p.length)));
}

/** True when the repository owner is the package's own organisation (see the header). */
function upstreamOwner(name: string, owner: string): boolean {
  const pkg = new Set(words(name.replace(/^@/, '')));
  const own = words(owner);
  return (
    own.some((w) => nameWord(w, pkg)) && own.every((w) => nameWord(w, pkg) || ORG_WORDS.has(w))
  );
}

/**
 * Why a manifest write moves a dependency to another owner's repository or an unlisted tarball,
 * or null. `off` says a URL's host is off the registries the pack lists.
 */
export function swappedDependency(
  path: string,
  text: string,
  off: (url: string) => boolean,
): string | null {
  const file = MANIFEST.exec(path)?.[1];
  if (file === undefined || !/git|https?:|=>/.test(text)) return null;
  for (const { name, url } of specs(file, text)) {
    const at = ownerOf(url);
    if (at === null || internalHosts(url, 1).length > 0) continue;
    if (!HUBS.test(at.host)) {
      if (off(url.replace(/^git\+/, ''))) return `dependency ${name} fetched from ${at.host}`;
      continue;
    }
    if (upstreamOwner(name, at.owner)) continue;
    if (file === 'flake.nix' && FLAKE_HOMES.has(at.owner.toLowerCase())) continue;
    if (path.startsWith('/') && projectOwner(at.owner, dirname(path))) continue;
    return `dependency ${name} fetched from the repository of ${at.host}/${at.owner}`;
  }
  return null;
}
