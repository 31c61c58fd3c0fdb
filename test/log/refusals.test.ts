// Refusals of log/ that the protocol suites do not reach: malformed private keys and ECDSA keys,
// nodes outside a tree, a leaf source that ends early, and a tile mirror that serves too much, too
// little or only full tiles (c2sp.org/tlog-tiles §Partial Tiles). Each names its coded error.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HASH_SIZE,
  MemoryTree,
  TileReader,
  encodeBase64,
  formatSkey,
  leafHash,
  parseSkey,
  parseTilePath,
  ecdsaVerifier,
  type TileGetter,
} from '../../log/index.js';
import { FileTree } from '../../log/file-tree.js';
import { enc, tempDir } from './helpers.js';

const leaf = (i: number): Uint8Array => leafHash(enc(`entry ${i}`));
const hex = (h: Uint8Array): string => Buffer.from(h).toString('hex');
const hexes = (hs: Uint8Array[]): string[] => hs.map(hex);

function memory(n: number): MemoryTree {
  const t = new MemoryTree();
  for (let i = 0; i < n; i++) t.append(leaf(i));
  return t;
}

describe('private and ECDSA keys', () => {
  const seed = randomBytes(32);
  const good = formatSkey('example.com/log', seed);
  const [p1, p2, name, id] = good.split('+');

  it('refuses an skey whose material is not base64, not a seed, or not its key ID', () => {
    expect(parseSkey(good).name).toBe('example.com/log');
    const bad = [
      `${p1}+${p2}+${name}+${id}+***`,
      `${p1}+${p2}+${name}+${id}+${encodeBase64(new Uint8Array([1, ...seed.subarray(1)]))}`,
      `${p1}+${p2}+${name}+00000000+${encodeBase64(new Uint8Array([1, ...seed]))}`,
    ];
    for (const skey of bad) expect(() => parseSkey(skey)).toThrow(/skey|key ID/);
    for (const skey of bad)
      expect(() => parseSkey(skey)).toThrow(expect.objectContaining({ code: 'malformed_skey' }));
  });

  it('refuses an ECDSA key that is not a DER public key', () => {
    expect(() => ecdsaVerifier('rekor.example', new Uint8Array([0x30, 0x03, 1, 2, 3]))).toThrow(
      expect.objectContaining({ code: 'malformed_vkey' }),
    );
  });
});

describe('nodes outside the tree', () => {
  it('the memory tree refuses them, also after a rollback', () => {
    const t = memory(8);
    expect(() => t.node(0, 8)).toThrow(expect.objectContaining({ code: 'bad_size' }));
    t.truncate(5);
    expect(hex(t.node(0, 4))).toBe(hex(leaf(4)));
    expect(() => t.node(0, 5)).toThrow(expect.objectContaining({ code: 'bad_size' }));
    expect(() => t.node(3, 0)).toThrow(expect.objectContaining({ code: 'bad_size' }));
  });

  it('the file tree refuses them and a leaf source that ends early', async () => {
    const dir = tempDir();
    const t = await FileTree.open(join(dir, 'tree'), 6, (from, to, fn) => {
      for (let i = from; i < to; i++) fn(leaf(i));
      return Promise.resolve();
    });
    expect(hex(t.node(0, 5))).toBe(hex(leaf(5)));
    expect(() => t.node(0, 6)).toThrow(expect.objectContaining({ code: 'bad_size' }));
    expect(() => t.node(0, -1)).toThrow(expect.objectContaining({ code: 'bad_size' }));
    t.close();
    // The store says 10 entries but yields 8: the open fails and leaves no descriptor behind.
    const short = FileTree.open(join(dir, 'tree'), 10, (from, to, fn) => {
      for (let i = from; i < Math.min(to, 8); i++) fn(leaf(i));
      return Promise.resolve();
    });
    await expect(short).rejects.toMatchObject({ code: 'storage_corrupt' });
  });
});

describe('a tile mirror', () => {
  const tree = memory(512);
  /** Level-L hash tiles of `tree` as the path asks (partial ones only when `partial`). */
  const tiles =
    (partial: (level: number) => boolean): TileGetter =>
    (path) => {
      const ref = parseTilePath(path);
      if (ref === undefined || ref.kind !== 'hash') return Promise.resolve(undefined);
      if (ref.width < 256 && !partial(ref.level)) return Promise.resolve(undefined);
      const out = new Uint8Array(ref.width * HASH_SIZE);
      for (let j = 0; j < ref.width; j++)
        out.set(tree.node(8 * ref.level, ref.index * 256 + j), j * HASH_SIZE);
      return Promise.resolve(out);
    };

  it('proves a partial tree from the full tile when the partial one is gone', async () => {
    const reader = new TileReader(tiles((level) => level > 0));
    expect(hex(await reader.root(300))).toBe(hex(tree.root(300)));
    expect(hexes(await reader.inclusionProof(290, 300))).toEqual(
      hexes(tree.inclusionProof(290, 300)),
    );
  });

  it('refuses a body over its cap, a tile of the wrong length and a bundle past the size', async () => {
    const long: TileGetter = (_path, max) => Promise.resolve(new Uint8Array(max + 1));
    await expect(new TileReader(long).root(300)).rejects.toMatchObject({
      code: 'body_too_large',
    });
    const short: TileGetter = (_path, max) => Promise.resolve(new Uint8Array(max - HASH_SIZE));
    await expect(new TileReader(short).root(300)).rejects.toMatchObject({ code: 'tile_invalid' });
    const none: TileGetter = () => Promise.resolve(undefined);
    await expect(new TileReader(none).root(300)).rejects.toMatchObject({ code: 'tile_invalid' });
    await expect(new TileReader(tiles(() => true)).entryBundle(10, 5)).rejects.toMatchObject({
      code: 'tile_invalid',
    });
  });
});
