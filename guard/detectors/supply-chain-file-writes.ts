// What a file tool's write does to where packages and code come from: CI and build steps that
// download and run code, swapped dependencies, weakened pins, registry redirects (docs/guard.md
// "Detectors").
import type { DetectorContext, Finding } from './detector.js';
import { writtenText } from './sensitive-paths.js';
import { writesPwnRequest } from './pwn-request.js';
import { writesCiDownloadRun, writesCiSecretsOut } from './ci-download-run.js';
import { BUILD_CONFIG_FILE, insecureRepository } from './build-repositories.js';
import { MIRROR_FILE } from './registry-mirrors.js';
import { lookalikeRepository } from './lookalike-repositories.js';
import { verificationOffInFile } from './signature-off-files.js';
import { writesBuildDownloadRun } from './build-script-run.js';
import { pythonHookDownloadRun } from './python-build-hooks.js';
import { loadTimeDownloadRun } from './load-time-code.js';
import { swappedDependency } from './dependency-sources.js';
import { manifestRedirect } from './manifest-registries.js';
import { harmfulStartupWrite } from './startup-files.js';
import { weakensPins } from './integrity-pins.js';
import { listable } from './registry-listable.js';
import { configWrite, namesOffRegistry, offMirror } from './package-config-writes.js';

/** Findings for a file tool's arguments (`file_path` and the text it writes). */
export function fileWriteProblems(
  args: Record<string, unknown>,
  path: string,
  ctx: DetectorContext,
  off: (v: string) => boolean,
): Finding[] {
  if (writesPwnRequest(args))
    return [
      {
        path,
        reason: "a pull_request_target workflow that checks out the pull request's head",
      },
    ];
  const file = [args.file_path, args.path, args.target_file].find((v) => typeof v === 'string');
  if (typeof file === 'string' && writesCiDownloadRun(file, args, (t) => ctx.shell(t)))
    return [{ path, reason: 'a CI step that downloads code and runs it' }];
  if (typeof file === 'string' && writesBuildDownloadRun(file, args, (t) => ctx.shell(t)))
    return [{ path, reason: 'a build script that downloads code and runs it' }];
  if (typeof file === 'string' && pythonHookDownloadRun(file, writtenText(args) ?? ''))
    return [{ path, reason: 'a Python build hook that downloads code and runs it' }];
  const onLoad =
    typeof file === 'string' ? loadTimeDownloadRun(file, args, (t) => ctx.shell(t)) : null;
  if (onLoad !== null) return [{ path, reason: onLoad }];
  const dep =
    typeof file === 'string' ? swappedDependency(file, writtenText(args) ?? '', off) : null;
  if (dep !== null) return [{ path, reason: dep }];
  const moved =
    typeof file === 'string' ? manifestRedirect(file, args, writtenText(args) ?? '', off) : null;
  if (moved !== null) return [{ path, reason: listable(moved) }];
  const pins = typeof file === 'string' ? weakensPins(file, args) : null;
  if (pins !== null) return [{ path, reason: pins }];
  const startup =
    typeof file === 'string' ? harmfulStartupWrite(file, args, (t) => ctx.shell(t)) : null;
  if (startup !== null) return [{ path, reason: startup }];
  if (typeof file === 'string' && writesCiSecretsOut(file, args, (t) => ctx.shell(t)))
    return [{ path, reason: 'a CI step that sends every secret to a host' }];
  const unchecked =
    typeof file === 'string' ? verificationOffInFile(file, writtenText(args) ?? '', off) : null;
  if (unchecked !== null) return [{ path, reason: `a config file sets ${unchecked}` }];
  const text = configWrite(args);
  const named = text === null ? undefined : namesOffRegistry(text, off);
  if (named !== undefined)
    return [{ path, reason: listable(`writes registry ${named} into a package-manager config`) }];
  const mirror =
    typeof file === 'string' && MIRROR_FILE.test(file)
      ? offMirror(file, writtenText(args) ?? '', off)
      : undefined;
  if (mirror !== undefined)
    return [{ path, reason: listable(`a config replaces the official registry with ${mirror}`) }];
  const alike =
    typeof file === 'string' ? lookalikeRepository(file, writtenText(args) ?? '') : null;
  if (alike !== null)
    return [{ path, reason: `a repository on ${alike}, named like a public registry` }];
  const built = typeof file === 'string' && BUILD_CONFIG_FILE.test(file) ? writtenText(args) : null;
  const insecure = built === null ? null : insecureRepository(built, off);
  return insecure === null ? [] : [{ path, reason: `a build file adds ${insecure}` }];
}
