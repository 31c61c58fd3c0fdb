// `mesh doctor`'s view of how `mesh guard hook` starts (docs/guard.md "Hook start-up"): from the
// one-file bundle with its code cache, from the bundle alone, or from the full CLI.
import { join } from 'node:path';
import { loadHookBundle } from '../cli/bundle-loader.js';
import { packageRoot } from '../version.js';
import type { CheckResult } from './checks.js';

const REBUILD = 'run `npm run build` in the package folder (npm ci does it too)';

/** Loads the bundle the way bin/mesh.js does, so what it says is what a hook process would see. */
export function checkHookStart(
  bundle = join(packageRoot(), 'dist', 'hook', 'mesh-hook.cjs'),
): CheckResult {
  const name = 'hook';
  let loaded;
  try {
    loaded = loadHookBundle(bundle, { cache: true });
  } catch (e) {
    return {
      name,
      status: 'fail',
      detail: `the hook bundle is broken, so every guard hook call denies: ${(e as Error).message}`,
      hint: REBUILD,
    };
  }
  if (loaded === null)
    return {
      name,
      status: 'warn',
      detail: 'no current hook bundle: guard hook calls load the full CLI (slower start-up)',
      hint: REBUILD,
    };
  if (loaded.cacheRejected !== false)
    return {
      name,
      status: 'warn',
      detail: `guard hook runs from the bundle, but its code cache is ${loaded.cacheRejected === null ? 'missing or unreadable' : 'refused by this Node.js'}`,
      hint: REBUILD,
    };
  return { name, status: 'ok', detail: 'guard hook runs from the bundle with its code cache' };
}
