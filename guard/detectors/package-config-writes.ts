// Package-manager, mirror and build configuration written with an unlisted registry or checks off
// (docs/guard.md "Detectors").
import { hostOf } from '../shell/intent-network.js';
import type { ShellCommand } from '../shell/model.js';
import { writtenText } from './sensitive-paths.js';
import { BUILD_CONFIG_FILE, insecureRepository } from './build-repositories.js';
import { MIRROR_FILE, mirrorSources } from './registry-mirrors.js';
import { verificationOffInFile } from './signature-off-files.js';
import { internalHosts } from '../egress/internal-hosts.js';
import { listable } from './registry-listable.js';

/** Package-manager config files; a line naming a registry or index written into one redirects installs. */
const CONFIG_FILE =
  /(?:^|\/)(?:\.npmrc|\.yarnrc(?:\.yml)?|pip\.conf|pip\.ini|bunfig\.toml|uv\.toml)$/;

/** What a command's redirected output writes into package-manager and build configuration. */
export function writtenConfigProblems(cmd: ShellCommand, off: (v: string) => boolean): string[] {
  const out: string[] = [];
  const text = [...cmd.argv.slice(1), cmd.stdin ?? ''].join('\n');
  if (
    (cmd.name === 'echo' || cmd.name === 'printf' || cmd.name === 'tee' || cmd.name === 'cat') &&
    cmd.redirects.some((r) => r.op.startsWith('>') && CONFIG_FILE.test(r.target))
  ) {
    const named = namesOffRegistry(text, off);
    if (named !== undefined)
      out.push(listable(`writes registry ${named} into a package-manager config`));
  }
  const mirror = cmd.redirects.find((r) => r.op.startsWith('>') && MIRROR_FILE.test(r.target));
  if (mirror !== undefined) {
    const url = offMirror(mirror.target, text, off);
    if (url !== undefined) out.push(listable(`${mirror.target} replaces the registry with ${url}`));
  }
  for (const r of cmd.redirects.filter((x) => x.op.startsWith('>'))) {
    const unchecked = verificationOffInFile(r.target, text, off);
    if (unchecked !== null) out.push(`writes ${unchecked} into ${r.target}`);
  }
  const build = cmd.redirects.find((r) => r.op.startsWith('>') && BUILD_CONFIG_FILE.test(r.target));
  if (build !== undefined) {
    const insecure = insecureRepository(text, off);
    if (insecure !== null) out.push(`writes ${insecure} into ${build.target}`);
  }
  return out;
}

/**
 * The first mirror of an official registry the file's text names off the list. A name only the
 * operator's network resolves (`nexus.corp`, `10.0.0.5`) is the organisation's own mirror.
 */
export function offMirror(
  file: string,
  text: string,
  off: (v: string) => boolean,
): string | undefined {
  return mirrorSources(file, text).find((u) => off(u) && internalHosts(u, 1).length === 0);
}

/** A registry, index, link source or trusted host off the list in a package-manager config's text. */
export function namesOffRegistry(text: string, off: (v: string) => boolean): string | undefined {
  const urls = [
    ...text.matchAll(
      /(?:registry|index-url|npmRegistryServer|find-links|trusted-host)\s*[=:]\s*"?(\S+?)"?(?:\s|$)/gi,
    ),
  ];
  // `trusted-host = HOST` names a host without a scheme
  const hosts = urls.map((u) => {
    const v = u[1] ?? '';
    return /^[a-z][\w+.-]*:\/\//i.test(v) ? v : `https://${v}`;
  });
  const found = hosts.find(off);
  return found === undefined ? undefined : (hostOf(found, true) ?? found);
}

/** A file tool's write of a package-manager config (`Write ~/.config/pip/pip.conf`), its new text. */
export function configWrite(args: Record<string, unknown>): string | null {
  const p = args.file_path ?? args.path;
  if (typeof p !== 'string' || !CONFIG_FILE.test(p)) return null;
  return writtenText(args);
}
