// How `mesh dap submit`'s preparing threads start (docs/architecture.md "Start-up"): from their
// one-file bundle with its V8 code cache, as the command itself does, instead of loading about 90
// modules one by one; a missing, stale or broken bundle leaves the thread to load its modules.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { prepareThreadBundlePath, prepareThreadEntry } from './bundle-loader.js';
import { packageRoot } from '../version.js';

/** The bundle loader's CommonJS build (scripts/build-bundles.mjs), which a thread can require. */
const loaderOf = (dist: string): string => join(dist, 'cli', 'bundle-loader.cjs');

/**
 * The thread's start expression for DapClient.prepareThreadStart, or undefined when the loader's
 * CommonJS build is missing or older than dist/ (a bare tsc since the build).
 * @example client.prepareThreadStart = prepareThreadStart();
 */
export function prepareThreadStart(dist = join(packageRoot(), 'dist')): string | undefined {
  const loader = loaderOf(dist);
  const entry = prepareThreadEntry(dist);
  try {
    if (statSync(loader).mtimeMs < statSync(entry.compiledFrom).mtimeMs) return undefined;
  } catch {
    return undefined;
  }
  const j = JSON.stringify;
  // loadBundle is null for a missing or stale bundle and throws for a broken one.
  return [
    '(() => { try {',
    `const b = require(${j(loader)}).loadBundle(${j(prepareThreadBundlePath(dist))}, ${j(entry)}, { cache: true });`,
    'if (b === null) return false; b.run(); return true;',
    '} catch { return false; } })()',
  ].join(' ');
}
