// The versions node/ owns, in one place (docs/architecture.md "Versions"); each room pins its own protocol strings.
import { NodeError } from './errors.js';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Schema version of `config.json` in the state directory. */
export const CONFIG_SCHEMA = 1;
/** Schema version of `state.json`, the state directory's manifest. */
export const STATE_SCHEMA = 1;

/** Walks up from this module (source or dist/) to the package root, so both layouts find it. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown };
      if (pkg.name === 'interlock-mesh') return dir;
    } catch {
      // no package.json at this level: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new NodeError(
        'io_failed',
        'interlock-mesh package.json not found above ' + import.meta.url,
      );
    dir = parent;
  }
}

export const PACKAGE_VERSION: string = (
  JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }
).version;
