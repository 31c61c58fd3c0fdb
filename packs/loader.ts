// Resolves `--pack P`: `builtin:<name>` or a path to a pack JSON file, read with a size bound.
import { readFileSync, statSync } from 'node:fs';
import { BUILTIN_PACKS } from './builtin/index.js';
import { CHECKED_BUILTINS } from './builtin/checked.js';
import { PackError } from './errors.js';
import type { DetectorRegistry } from '../guard/index.js';
import { compilePack, type LoadedPack } from './pack.js';

export const MAX_PACK_BYTES = 8 * 1024 * 1024;

/**
 * A pack file's bytes as JSON: at most MAX_PACK_BYTES, strict UTF-8. These bytes are
 * attacker-controlled (a community pack, or one submitted for publishing).
 *
 * @throws {PackError} `tooLarge` past the bound, pack_unreadable when not UTF-8 JSON
 */
export function parsePackJson(
  path: string,
  bytes: Uint8Array,
  tooLarge: 'pack_invalid' | 'publish_invalid',
): unknown {
  if (bytes.length > MAX_PACK_BYTES)
    throw new PackError(tooLarge, `${path}: larger than ${MAX_PACK_BYTES} bytes`);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
  } catch (e) {
    throw new PackError(
      'pack_unreadable',
      `${path}: not JSON (${(e as Error).message})`,
      undefined,
      { cause: e },
    );
  }
}

function readPackFile(path: string): unknown {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    throw new PackError(
      'pack_not_found',
      `no pack at ${path} (give a pack file or builtin:<name>)`,
      'give a pack file path or builtin:coding-agent',
    );
  }
  // the size is checked before reading, so a huge file is never read whole
  if (size > MAX_PACK_BYTES)
    throw new PackError('pack_invalid', `${path}: larger than ${MAX_PACK_BYTES} bytes`);
  return parsePackJson(path, readFileSync(path), 'pack_invalid');
}

/**
 * Loads a pack from a file path or `builtin:<name>` and compiles it; rules that fail validation
 * are quarantined, not thrown. `detectors` adds front-door detectors (e.g. the flow detector) to
 * the registry rules compile against.
 *
 * @throws {PackError} pack_not_found, pack_unreadable, pack_invalid, pack_format_newer
 * @example
 * const agent = loadPack('builtin:coding-agent');
 * const guard = createGuard({ policies: [agent.policy] });
 */
export function loadPack(spec: string, opts: { detectors?: DetectorRegistry } = {}): LoadedPack {
  if (spec.startsWith('builtin:')) {
    const name = spec.slice('builtin:'.length);
    const doc = BUILTIN_PACKS[name];
    if (doc === undefined)
      throw new PackError(
        'pack_not_found',
        `no built-in pack "${name}" (built-in: ${Object.keys(BUILTIN_PACKS)
          .map((n) => `builtin:${n}`)
          .join(', ')})`,
        `built-in packs: ${Object.keys(BUILTIN_PACKS)
          .map((n) => `builtin:${n}`)
          .join(', ')}`,
      );
    // the hook bundle's build checked this very document in full (docs/guard.md "Hook start-up")
    return compilePack(doc, spec, { ...opts, checked: CHECKED_BUILTINS.has(name) });
  }
  return compilePack(readPackFile(spec), spec, opts);
}

/** Loads every pack; rules that failed validation are quarantined (listed in policy.quarantined). */
export function loadPacks(
  specs: readonly string[],
  opts: { detectors?: DetectorRegistry } = {},
): LoadedPack[] {
  return specs.map((s) => loadPack(s, opts));
}
