// Vendors' documented `curl URL | sh` installers: the script comes from the vendor's own HTTPS
// address, so running it is installing that vendor's tool (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';

/**
 * Each installer's exact host and path as its vendor documents it. A look-alike host, another
 * path on the same host (a user's file on raw.githubusercontent.com), a port, user info or plain
 * HTTP is not the vendor's installer.
 */
const INSTALLERS: readonly { host: string; path: RegExp }[] = [
  { host: 'sh.rustup.rs', path: /^\/?$/ },
  { host: 'astral.sh', path: /^\/(?:uv|ruff)\/(?:\d+\.\d+\.\d+\/)?install\.sh$/ },
  { host: 'bun.sh', path: /^\/install$/ },
  { host: 'get.pnpm.io', path: /^\/install\.sh$/ },
  { host: 'install.python-poetry.org', path: /^\/?$/ },
  { host: 'deno.land', path: /^\/install\.sh$/ },
  { host: 'raw.githubusercontent.com', path: /^\/nvm-sh\/nvm\/v\d+\.\d+\.\d+\/install\.sh$/ },
  { host: 'raw.githubusercontent.com', path: /^\/Homebrew\/install\/HEAD\/install\.sh$/ },
  { host: 'raw.githubusercontent.com', path: /^\/ohmyzsh\/ohmyzsh\/master\/tools\/install\.sh$/ },
  { host: 'install.ohmyz.sh', path: /^\/?$/ },
  { host: 'get.sdkman.io', path: /^\/?(?:\?rcupdate=(?:true|false))?$/ },
  { host: 'starship.rs', path: /^\/install\.sh$/ },
  { host: 'fnm.vercel.app', path: /^\/install$/ },
  { host: 'get.volta.sh', path: /^\/?$/ },
];

const HTTPS_URL = /^https:\/\/([a-z0-9.-]+)((?:\/[\w.@-]*)*(?:\?[\w=&.-]*)?)$/;

function officialUrl(u: string): boolean {
  const m = HTTPS_URL.exec(u);
  if (m === null || (m[2] ?? '').includes('..')) return false;
  return INSTALLERS.some((i) => i.host === m[1] && i.path.test(m[2] ?? ''));
}

/**
 * Options that only quiet the fetch, fail on errors, follow the vendor's redirects or insist on
 * HTTPS: none sends data, writes a file, trusts another certificate or reaches another address.
 */
const CURL_OPTION =
  /^(?:-[sSfLq]+|-o-|--(?:silent|show-error|fail|location|tlsv1\.[23]|proto(?:-redir)?=?=https|http1\.1|http2))$/;
const CURL_VALUE_OPTION = /^--(?:proto|proto-redir)$/;
const WGET_OPTION = /^(?:-q?O-?|-q|-nv|--quiet|--no-verbose|--https-only|--output-document=-|-)$/;

/** `curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs`, `wget -qO- https://...`. */
function officialFetch(cmd: ShellCommand): boolean {
  if (
    cmd.wrappers.length > 0 ||
    cmd.redirects.some((r) => !/^\d?>&?$/.test(r.op) || !/^(?:\/dev\/null|\d)$/.test(r.target))
  )
    return false;
  const words = cmd.argv.slice(1);
  const urls: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (cmd.name === 'curl' && CURL_VALUE_OPTION.test(w) && words[i + 1] === '=https') i++;
    // `-o -` writes to standard output, as without it
    else if (cmd.name === 'curl' && w === '-o' && words[i + 1] === '-') i++;
    else if (cmd.name === 'curl' && CURL_OPTION.test(w)) continue;
    else if (cmd.name === 'wget' && WGET_OPTION.test(w)) continue;
    else if (w.startsWith('-')) return false;
    else urls.push(w);
  }
  return urls.length === 1 && officialUrl(urls[0] ?? '');
}

/**
 * Every command whose output the shell runs is a plain fetch of a vendor's documented installer:
 * a direct pipe (`curl -fsSL https://bun.sh/install | bash`) or the whole of a substitution
 * (`/bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"`).
 */
export function officialInstall(sources: readonly ShellCommand[]): boolean {
  return sources.length > 0 && sources.every(officialFetch);
}
