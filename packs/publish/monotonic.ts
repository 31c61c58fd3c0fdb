// docs/architecture.md "Publish": a pack's published versions only rise, and one version is one content. A
// subscriber that saw 0.2.0 must never be offered 0.1.5, nor two different files called 0.2.0.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Repository } from '../../tuf/index.js';
import { PackError } from '../errors.js';
import { sha256Hex } from '../leaf.js';
import { compilePack } from '../pack.js';
import { hashedName } from './paths.js';
import { compareSemver } from './semver.js';

function versionOf(bytes: Uint8Array, origin: string): string {
  return compilePack(JSON.parse(new TextDecoder().decode(bytes)) as unknown, origin).meta.version;
}

/**
 * Throws unless the pack at `path` in `role` rises above the version the repository lists there.
 * The repository's own copy of the current target tells its version: the publisher holds it.
 *
 * @throws PackError pack_version_lower | pack_version_reused | pack_version_exists | target_missing
 */
export function requireRisingVersion(
  repoDir: string,
  repo: Repository,
  role: string,
  path: string,
  bytes: Uint8Array,
): void {
  if (!path.startsWith('packs/')) return;
  const current = repo.targets.get(role)?.targets.get(path);
  if (current === undefined) return;
  const sha = current.hashes.sha256 ?? '';
  const file = join(repoDir, 'targets', hashedName(path, sha));
  if (!existsSync(file))
    throw new PackError('target_missing', `${path}: the published file ${file} is missing`);
  const have = versionOf(readFileSync(file), path);
  const next = versionOf(bytes, path);
  const order = compareSemver(next, have);
  if (order > 0) return;
  if (order < 0)
    throw new PackError(
      'pack_version_lower',
      `${path}: version ${next} is lower than the published ${have}; nothing was published`,
      `give the pack a version above ${have}`,
    );
  if (sha256Hex(bytes) === sha)
    throw new PackError(
      'pack_version_exists',
      `${path}: version ${next} is already published with this content; nothing to do`,
    );
  throw new PackError(
    'pack_version_reused',
    `${path}: version ${next} is already published with other content; a version never changes`,
    `give the changed pack a version above ${have}`,
  );
}
