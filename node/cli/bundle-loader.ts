// Runs a pre-built one-file bundle of a `mesh` entry (docs/architecture.md "Start-up"; built by
// scripts/build-bundles.mjs) with its V8 code cache: the hook's (dist/hook/mesh-hook.cjs) and one
// per command (dist/cli/<command>.cjs). Only node: built-ins here: bin/mesh.js loads this before
// anything else, and a hook process whose package is half-built must still deny.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** The cache file starts with the SHA-256 of the bundle it was made from; V8's own check is weaker. */
const KEY_BYTES = 32;

export interface LoadedBundle {
  /** The entry (argv after `mesh`); resolves to the exit code, never rejects. */
  run: (argv: readonly string[]) => Promise<number>;
  script: Script;
  /** SHA-256 of the bundle's bytes: the key a code cache must carry. */
  key: Buffer;
  /** `true` if a matching cache was offered and V8 refused it; `false` if used; `null` if none. */
  cacheRejected: boolean | null;
}

export interface BundleEntry {
  /** The function the bundle exports (`runHookCli` for the hook, `runMeshCli` for a command). */
  exportName: string;
  /** The compiled file the bundle was made from: newer than the bundle means the bundle is stale. */
  compiledFrom: string;
}

export const codeCachePath = (bundle: string): string => `${bundle}.v8cache`;

/** The bundle of `mesh <command>`, under the package's dist/. */
export const commandBundlePath = (dist: string, command: string): string =>
  join(dist, 'cli', `${command}.cjs`);

/** What a command bundle is made from: tsc rewrites every file of dist/ together. */
export const commandEntry = (dist: string): BundleEntry => ({
  exportName: 'runMeshCli',
  compiledFrom: join(dist, 'node', 'main.js'),
});

/** The bundle `mesh dap submit`'s preparing threads start from (dap/client/prepare-serve.ts). */
export const prepareThreadBundlePath = (dist: string): string =>
  join(dist, 'cli', 'dap-prepare-thread.cjs');

/** Made from dist/dap/client/prepare-serve.js, which tsc rewrites with the rest of dist/. */
export const prepareThreadEntry = (dist: string): BundleEntry => ({
  exportName: 'servePrepareRequests',
  compiledFrom: join(dist, 'node', 'main.js'),
});

/** The hook's bundle is made from dist/node/cli/hook-main.js. */
export const hookEntry = (dist: string): BundleEntry => ({
  exportName: 'runHookCli',
  compiledFrom: join(dist, 'node', 'cli', 'hook-main.js'),
});

/** The V8 data of a cache made from exactly these bundle bytes; anything else is ignored. */
function matchingCache(path: string, key: Buffer): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(path);
  } catch {
    return undefined;
  }
  if (data.length <= KEY_BYTES || !data.subarray(0, KEY_BYTES).equals(key)) return undefined;
  return data.subarray(KEY_BYTES);
}

/**
 * True when `tsc` rewrote the compiled entry after the bundle was made (the bundle would run older
 * code): `npm run build` makes both, a bare `tsc` only the first. Packed files share one mtime.
 */
function outdated(bundleMtimeMs: number, compiledFrom: string): boolean {
  try {
    return statSync(compiledFrom).mtimeMs > bundleMtimeMs;
  } catch {
    return true;
  }
}

/** How a bundle would start, found by compiling it without running it (for `mesh doctor`). */
export type BundleState = 'missing' | 'stale' | 'cache' | 'no_cache' | 'cache_refused';

export function inspectBundle(path: string, entry: BundleEntry): BundleState {
  let source: Buffer;
  try {
    if (outdated(statSync(path).mtimeMs, entry.compiledFrom)) return 'stale';
    source = readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw e;
  }
  const key = createHash('sha256').update(source).digest();
  const cachedData = matchingCache(codeCachePath(path), key);
  if (cachedData === undefined) return 'no_cache';
  setFlagsFromString('--liftoff-only');
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname) {${source.toString('utf8')}\n})`,
    { filename: path, cachedData },
  );
  return script.cachedDataRejected === true ? 'cache_refused' : 'cache';
}

/**
 * Compiles and evaluates the bundle at `path` (a CommonJS file exporting `entry.exportName`).
 * Returns null when there is no bundle or it is older than the compiled code (the caller runs the
 * plain build); throws when it exists but is broken.
 */
export function loadBundle(
  path: string,
  entry: BundleEntry,
  opts: { cache: boolean },
): LoadedBundle | null {
  let source: Buffer;
  try {
    if (outdated(statSync(path).mtimeMs, entry.compiledFrom)) return null;
    source = readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const key = createHash('sha256').update(source).digest();
  const cachedData = opts.cache ? matchingCache(codeCachePath(path), key) : undefined;
  // The shell parser sets this flag when it loads the grammar (guard/shell/parser.ts); V8 ties a code
  // cache to the flags in force, so it is set before compiling, for the cache's maker and its users.
  setFlagsFromString('--liftoff-only');
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname) {${source.toString('utf8')}\n})`,
    { filename: path, ...(cachedData ? { cachedData } : {}) },
  );
  const mod: { exports: Record<string, unknown> } = { exports: {} };
  const init = script.runInThisContext() as (...args: unknown[]) => void;
  init(mod.exports, createRequire(path), mod, path, dirname(path));
  const run = mod.exports[entry.exportName];
  // A TypeError, not a room's coded error: this file may import nothing but node: built-ins.
  // eslint-disable-next-line no-restricted-syntax
  if (typeof run !== 'function') throw new TypeError(`${path} does not export ${entry.exportName}`);
  return {
    run: run as LoadedBundle['run'],
    script,
    key,
    cacheRejected: cachedData ? script.cachedDataRejected === true : null,
  };
}

/** The hook's bundle (dist/hook/mesh-hook.cjs beside dist/node/). */
export function loadHookBundle(path: string, opts: { cache: boolean }): LoadedBundle | null {
  return loadBundle(path, hookEntry(join(dirname(path), '..')), opts);
}
