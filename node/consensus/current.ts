// The pack a ring of a local repository serves now (docs/architecture.md repository layout): its target bytes,
// checked against the length and sha256 the ring's TUF metadata lists for them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openRepository } from '../../tuf/index.js';
import { hashedName, PackError, packTargetPath, sha256Hex, type Ring } from '../../packs/index.js';

export interface CurrentPack {
  path: string;
  sha256: string;
  bytes: Uint8Array;
}

export function currentPack(repoDir: string, name: string, ring: Ring): CurrentPack | undefined {
  const repo = openRepository(repoDir);
  const path = packTargetPath(name, ring);
  const info = repo.targets.get(ring)?.targets.get(path);
  if (info === undefined) return undefined;
  const sha256 = info.hashes.sha256 ?? '';
  const file = join(repoDir, 'targets', hashedName(path, sha256));
  if (!existsSync(file)) throw new PackError('target_missing', `${path}: ${file} is missing`);
  const bytes = readFileSync(file);
  if (bytes.length !== info.length || sha256Hex(bytes) !== sha256)
    throw new PackError('target_missing', `${file} does not match its ${ring} metadata`);
  return { path, sha256, bytes };
}
