// A tlog-tiles monitor: reads every entry up to a verified checkpoint, recomputes the RFC 6962 root,
// and reports entries that claim the same key with different values (the key rule is the caller's).
import type { Checkpoint } from './checkpoint.js';
import { RemoteError } from './errors.js';
import { leafHash } from './hash.js';
import { MemoryTree } from './memory-tree.js';
import type { TileReader } from './tile-reader.js';
import { TILE_WIDTH } from './version.js';
import { bytesEqual } from '../common/index.js';

/** What an entry claims: entries with one key and different values conflict. */
export type EntryKey = (
  entry: Uint8Array,
  index: number,
) => { key: string; value: string } | undefined;

export interface MonitorConflict {
  key: string;
  entries: { index: number; value: string }[];
}

export interface MonitorReport {
  origin: string;
  size: number;
  rootMatches: boolean;
  /** Entries the key function did not recognise. */
  unkeyed: number;
  conflicts: MonitorConflict[];
}

export async function monitorLog(
  reader: TileReader,
  checkpoint: Checkpoint,
  keyOf: EntryKey,
  onProgress?: (done: number, total: number) => void,
): Promise<MonitorReport> {
  const tree = new MemoryTree();
  const seen = new Map<string, { index: number; value: string }[]>();
  let unkeyed = 0;
  const bundles = Math.ceil(checkpoint.size / TILE_WIDTH);
  for (let n = 0; n < bundles; n++) {
    const entries = await reader.entryBundle(checkpoint.size, n);
    entries.forEach((e, k) => {
      const index = n * TILE_WIDTH + k;
      tree.append(leafHash(e));
      const claim = keyOf(e, index);
      if (claim === undefined) {
        unkeyed++;
        return;
      }
      const list = seen.get(claim.key) ?? [];
      list.push({ index, value: claim.value });
      seen.set(claim.key, list);
    });
    onProgress?.(tree.size, checkpoint.size);
  }
  if (tree.size !== checkpoint.size)
    throw new RemoteError('tile_invalid', 'entry bundles do not add up to the checkpoint size');
  const conflicts = [...seen.entries()]
    .filter(([, list]) => new Set(list.map((x) => x.value)).size > 1)
    .map(([key, entries]) => ({ key, entries }));
  return {
    origin: checkpoint.origin,
    size: checkpoint.size,
    rootMatches: bytesEqual(tree.root(), checkpoint.root),
    unkeyed,
    conflicts,
  };
}
