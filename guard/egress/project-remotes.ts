// The project's own repositories: the remotes its git config names, read from the working folder of a hook event (docs/guard.md "Egress").
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';

/** Largest git config read (a config is a few hundred bytes; a larger one is not read). */
const MAX_CONFIG_BYTES = 64 * 1024;
/** Folders walked up from the working folder to find `.git`. */
const MAX_DEPTH = 32;
/** Working folders whose remotes are kept. */
const MAX_CACHED = 64;

const cache = new Map<string, ReadonlySet<string> | null>();

/**
 * `host/owner/repo` of a git URL (`https://host/owner/repo.git`, `ssh://git@host:22/owner/repo`,
 * `git@host:owner/repo.git`), lower case, without user, port or `.git`; null for a local path or an
 * unreadable URL.
 */
export function repositoryKey(url: string): string | null {
  const u = url.trim();
  const m =
    /^(?:https?|ssh|git|git\+ssh|ssh\+git):\/\/(?:[^@/]*@)?([^/:]+)(?::\d+)?\/(.+)$/i.exec(u) ??
    /^(?:[^@/\s]+@)?([A-Za-z0-9.-]+):(?!\/\/)(.+)$/.exec(u);
  if (m?.[1] === undefined || m[2] === undefined) return null;
  const path = m[2]
    .replace(/\/+$/, '')
    .replace(/\.git$/i, '')
    .replace(/^\/+/, '');
  if (path === '' || path.split('/').some((p) => p === '..' || p === '.')) return null;
  return `${m[1].toLowerCase()}/${path.toLowerCase()}`;
}

function readBounded(path: string): string | null {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const size = fstatSync(fd).size;
    if (size > MAX_CONFIG_BYTES) return null;
    const buf = Buffer.alloc(size);
    const n = readSync(fd, buf, 0, size, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The config file of the repository `cwd` is in: `.git/config`, or a worktree's common folder's. */
function configPath(cwd: string): string | null {
  let dir = cwd;
  for (let i = 0; i < MAX_DEPTH; i++) {
    const dotGit = join(dir, '.git');
    try {
      if (statSync(dotGit).isDirectory()) return join(dotGit, 'config');
      // a worktree or submodule: `.git` is a file `gitdir: PATH`
      const link = /^gitdir:\s*(.+)$/m.exec(readBounded(dotGit) ?? '')?.[1]?.trim();
      if (link === undefined) return null;
      const gitdir = isAbsolute(link) ? link : resolve(dir, link);
      const common = readBounded(join(gitdir, 'commondir'))?.trim();
      return join(common === undefined ? gitdir : resolve(gitdir, common), 'config');
    } catch {
      const up = dirname(dir);
      if (up === dir) return null;
      dir = up;
    }
  }
  return null;
}

/** `url` and `pushurl` values of every `[remote "..."]` section. */
export function remoteUrls(config: string): string[] {
  const urls: string[] = [];
  let inRemote = false;
  for (const line of config.split('\n')) {
    const section = /^\s*\[\s*([^\]\s"]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
    if (section !== null) {
      inRemote = section[1]?.toLowerCase() === 'remote';
      continue;
    }
    const kv = /^\s*(url|pushurl)\s*=\s*(.+?)\s*$/i.exec(line);
    if (inRemote && kv?.[2] !== undefined) urls.push(kv[2].replace(/^"(.*)"$/, '$1'));
  }
  return urls;
}

/**
 * The repositories (`host/owner/repo`) the git config of `cwd`'s repository names as remotes, read
 * once per folder; null when there is no readable config ("unknown": a push to a URL stays an upload).
 */
export function projectRemotes(cwd: string): ReadonlySet<string> | null {
  if (cache.has(cwd)) return cache.get(cwd) ?? null;
  const path = configPath(cwd);
  const text = path === null ? null : readBounded(path);
  const keys =
    text === null ? null : new Set(remoteUrls(text).flatMap((u) => repositoryKey(u) ?? []));
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(cwd, keys);
  return keys;
}

/** True when one of `cwd`'s project remotes is owned by `owner` (a hub namespace the project uses). */
export function projectOwner(owner: string, cwd: string): boolean {
  const o = owner.toLowerCase();
  return [...(projectRemotes(cwd) ?? [])].some((k) => k.split('/')[1] === o);
}
