// `mesh doctor`'s view of how every other command starts (docs/architecture.md "Start-up"): from
// its one-file bundle with its code cache, from the bundle alone, or from the plain build; and
// whether `--help` into a pipe prints the saved text. The bundles are compiled, not run.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import {
  commandBundlePath,
  commandEntry,
  inspectBundle,
  prepareThreadBundlePath,
  prepareThreadEntry,
  type BundleEntry,
  type BundleState,
} from '../cli/bundle-loader.js';
import { COMMAND_MODULES } from '../cli/command-modules.js';
import { packageRoot } from '../version.js';
import type { CheckResult } from './checks.js';

const REBUILD = 'run `npm run build` in the package folder (npm ci does it too)';

const SAYS: Record<BundleState | 'broken', string> = {
  cache: 'bundle with code cache',
  no_cache: 'bundle without code cache',
  cache_refused: 'bundle (code cache refused by this Node.js)',
  stale: 'plain build (bundle older than dist/)',
  missing: 'plain build (no bundle)',
  broken: 'plain build (bundle unreadable)',
};

/** How the check names the preparing threads (node/cli/prepare-thread-start.ts). */
const PREPARE_THREADS = 'dap submit preparing threads';

function startPath(path: string, entry: BundleEntry): string {
  try {
    return SAYS[inspectBundle(path, entry)];
  } catch {
    return SAYS.broken;
  }
}

/** The start path of each command, by name, and of `mesh dap submit`'s preparing threads. */
export function commandStartPaths(dist = join(packageRoot(), 'dist')): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(COMMAND_MODULES))
    out[name] = startPath(commandBundlePath(dist, name), commandEntry(dist));
  out[PREPARE_THREADS] = startPath(prepareThreadBundlePath(dist), prepareThreadEntry(dist));
  return out;
}

function helpCurrent(dist: string): boolean {
  try {
    return (
      statSync(join(dist, 'cli', 'help.json')).mtimeMs >=
      statSync(commandEntry(dist).compiledFrom).mtimeMs
    );
  } catch {
    return false;
  }
}

export function checkCommandStart(dist = join(packageRoot(), 'dist')): CheckResult {
  const paths = commandStartPaths(dist);
  const byPath = new Map<string, string[]>();
  for (const [name, path] of Object.entries(paths))
    byPath.set(path, [...(byPath.get(path) ?? []), name]);
  const help = helpCurrent(dist)
    ? '--help into a pipe prints the saved text'
    : '--help loads the plain build (no current dist/cli/help.json)';
  const groups = [...byPath].map(([path, names]) => `${path}: ${names.join(', ')}`).join('; ');
  const allCached = byPath.size === 1 && byPath.has(SAYS.cache);
  return {
    name: 'start',
    status: allCached && helpCurrent(dist) ? 'ok' : 'warn',
    detail: `${groups}; ${help}`,
    ...(allCached && helpCurrent(dist) ? {} : { hint: REBUILD }),
  };
}
