// c2sp.org/tlog-tiles: writes the tiles and entry bundles a new checkpoint needs, then the checkpoint,
// so a static web server serving `dir` is always a consistent tlog-tiles log.
import { join } from 'node:path';
import { HASH_SIZE } from './hash.js';
import { writeFileAtomicAsync } from '../common/index.js';
import { tileLevelCount, tilePath, tileWidth } from './tile-path.js';
import { TILE_WIDTH } from './version.js';

export interface TileSource {
  /** A tree of at least the size being published (a MemoryTree or a log's FileTree). */
  tree: { node(level: number, index: number): Uint8Array };
  entries(start: number, end: number): Promise<Uint8Array[]>;
}

/** Entries as big-endian u16 length-prefixed records. */
export function encodeEntryBundle(entries: readonly Uint8Array[]): Uint8Array {
  const total = entries.reduce((n, e) => n + 2 + e.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const e of entries) {
    out[at] = e.length >> 8;
    out[at + 1] = e.length & 0xff;
    out.set(e, at + 2);
    at += 2 + e.length;
  }
  return out;
}

/**
 * Publishes a checkpoint of `size` whose tiles past `fromSize` are not yet in `dir` (0 writes all).
 * Full tiles already written are immutable and never rewritten.
 */
export async function writeTiles(
  dir: string,
  src: TileSource,
  fromSize: number,
  size: number,
  checkpoint: string,
): Promise<number> {
  let written = 0;
  for (let level = 0; tileLevelCount(size, level) > 0; level++) {
    const first = Math.floor(tileLevelCount(fromSize, level) / TILE_WIDTH);
    const last = Math.ceil(tileLevelCount(size, level) / TILE_WIDTH) - 1;
    for (let n = first; n <= last; n++) {
      const width = tileWidth(size, level, n);
      const hashes = new Uint8Array(width * HASH_SIZE);
      for (let j = 0; j < width; j++)
        hashes.set(src.tree.node(8 * level, n * TILE_WIDTH + j), j * HASH_SIZE);
      await writeFileAtomicAsync(
        join(dir, tilePath({ kind: 'hash', level, index: n, width })),
        hashes,
      );
      written++;
      if (level === 0) {
        const entries = await src.entries(n * TILE_WIDTH, n * TILE_WIDTH + width);
        const path = tilePath({ kind: 'entries', index: n, width });
        await writeFileAtomicAsync(join(dir, path), encodeEntryBundle(entries));
        written++;
      }
    }
  }
  await writeFileAtomicAsync(join(dir, 'checkpoint'), checkpoint);
  return written + 1;
}
