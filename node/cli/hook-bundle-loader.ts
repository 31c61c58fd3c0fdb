// Runs the pre-built hook bundle (docs/guard.md "Hook start-up"; built by scripts/build-hook-bundle.mjs)
// with its V8 code cache. Only node: built-ins here: bin/mesh.js loads this before anything else.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Script } from 'node:vm';

/** The cache file starts with the SHA-256 of the bundle it was made from; V8's own check is weaker. */
const KEY_BYTES = 32;

export interface HookBundle {
  /** `mesh guard hook ...` (argv after `mesh`); resolves to the exit code, never rejects. */
  run: (argv: readonly string[]) => Promise<number>;
  script: Script;
  /** SHA-256 of the bundle's bytes: the key a code cache must carry. */
  key: Buffer;
  /** `true` if a matching cache was offered and V8 refused it; `false` if used; `null` if none. */
  cacheRejected: boolean | null;
}

export const codeCachePath = (bundle: string): string => `${bundle}.v8cache`;

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
function outdated(bundleMtimeMs: number, path: string): boolean {
  try {
    return (
      statSync(join(dirname(path), '..', 'node', 'cli', 'hook-main.js')).mtimeMs > bundleMtimeMs
    );
  } catch {
    return true;
  }
}

/**
 * Compiles and evaluates the bundle at `path` (a CommonJS file exporting `runHookCli`). Returns null
 * when there is no bundle or it is older than the compiled code (the caller runs the normal entry);
 * throws when it exists but is broken.
 */
export function loadHookBundle(path: string, opts: { cache: boolean }): HookBundle | null {
  let source: Buffer;
  try {
    if (outdated(statSync(path).mtimeMs, path)) return null;
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
  const mod: { exports: { runHookCli?: unknown } } = { exports: {} };
  const init = script.runInThisContext() as (...args: unknown[]) => void;
  init(mod.exports, createRequire(path), mod, path, dirname(path));
  const run = mod.exports.runHookCli;
  if (typeof run !== 'function') throw new Error(`${path} does not export runHookCli`);
  return {
    run: run as HookBundle['run'],
    script,
    key,
    cacheRejected: cachedData ? script.cachedDataRejected === true : null,
  };
}
