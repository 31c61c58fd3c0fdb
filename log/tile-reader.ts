// c2sp.org/tlog-tiles client: fetches the checkpoint, tiles and entry bundles over HTTP, rebuilds the
// node hashes proofs need, and checks every tile's length against the size it was fetched for.
import { HASH_SIZE, nodeHash } from './hash.js';
import { RemoteError } from './errors.js';
import { consistencyRanges } from './consistency.js';
import { inclusionRanges } from './inclusion.js';
import { EMPTY_ROOT } from './hash.js';
import { hashRanges, rangeNodes, type NodeId } from './subtree.js';
import { tilePath, tileWidth, type TileRef } from './tile-path.js';
import { TILE_WIDTH } from './version.js';
import { logReadLimits, type LogReadLimits } from './limits.js';
import { peerFetch } from './peer-fetch.js';

export interface TileReaderOptions {
  /** Caps on what the mirror may send (log/limits.ts); the defaults otherwise. */
  limits?: Partial<LogReadLimits>;
}

/**
 * Where tiles come from when not over HTTP (a repository directory): the bytes at `path` below the
 * log's root, at most `maxBytes` of them, or undefined when there are none.
 */
export type TileGetter = (path: string, maxBytes: number) => Promise<Uint8Array | undefined>;

export class TileReader {
  private readonly cache = new Map<string, Uint8Array>();
  /** Paths whose body came from the full tile because the partial one was gone. */
  private readonly fromFull = new Set<string>();
  private readonly base: string;
  private readonly getter: TileGetter | undefined;
  private readonly limits: LogReadLimits;

  /** `source` is the log's tiles prefix URL (…/log) or a getter over any other store. */
  constructor(source: string | TileGetter, opts: TileReaderOptions = {}) {
    this.base = typeof source === 'string' ? source.replace(/\/+$/, '') : 'log';
    this.getter = typeof source === 'string' ? undefined : source;
    this.limits = logReadLimits(opts.limits);
  }

  /** this value is attacker-controlled: the mirror's body, counted while it streams. */
  private async get(path: string, maxBytes: number): Promise<Uint8Array | undefined> {
    if (this.getter !== undefined) {
      const body = await this.getter(path, maxBytes);
      if (body !== undefined && body.length > maxBytes)
        throw new RemoteError('body_too_large', `${path}: more than ${maxBytes} bytes`);
      return body;
    }
    const url = `${this.base}/${path}`;
    const res = await peerFetch(url, {}, maxBytes, this.limits);
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw new RemoteError('fetch_failed', `GET ${url}: HTTP ${res.status}`);
    return res.body;
  }

  /** The log's current signed checkpoint, unverified: callers open it with their log keys. */
  async checkpoint(): Promise<string> {
    const body = await this.get('checkpoint', this.limits.checkpointBytes);
    if (body === undefined) throw new RemoteError('fetch_failed', 'the log serves no checkpoint');
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  }

  /** this value is attacker-controlled: a tile must be exactly `width` hashes (or bundle entries). */
  private async tile(ref: TileRef): Promise<Uint8Array> {
    const key = tilePath(ref);
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    const max = ref.kind === 'hash' ? ref.width * HASH_SIZE : this.limits.bundleBytes;
    let body = await this.get(key, max);
    // a partial tile may be gone once the full one exists (tlog-tiles §Partial Tiles)
    if (body === undefined && ref.width < TILE_WIDTH) {
      const fullMax = ref.kind === 'hash' ? TILE_WIDTH * HASH_SIZE : this.limits.bundleBytes;
      const full = await this.get(tilePath({ ...ref, width: TILE_WIDTH }), fullMax);
      body = ref.kind === 'hash' ? full?.subarray(0, ref.width * HASH_SIZE) : full;
      this.fromFull.add(key);
    }
    if (body === undefined) throw new RemoteError('tile_invalid', `tile ${key} is not served`);
    if (ref.kind === 'hash' && body.length !== ref.width * HASH_SIZE)
      throw new RemoteError('tile_invalid', `tile ${key} has the wrong length`);
    this.cache.set(key, body);
    return body;
  }

  /** Complete node hashes for a tree of `size`, computed from the level-(8*L) tile hashes. */
  async readNodes(size: number, ids: readonly NodeId[]): Promise<Uint8Array[]> {
    const out: Uint8Array[] = [];
    for (const id of ids) {
      const level = Math.floor(id.level / 8);
      const r = id.level - 8 * level;
      const first = id.index * 2 ** r;
      const n = Math.floor(first / TILE_WIDTH);
      const width = tileWidth(size, level, n);
      const offset = first - n * TILE_WIDTH;
      if (offset + 2 ** r > width)
        throw new RemoteError(
          'tile_invalid',
          `node ${id.level}/${id.index} is not in size ${size}`,
        );
      const t = await this.tile({ kind: 'hash', level, index: n, width });
      let row: Uint8Array[] = [];
      for (let j = 0; j < 2 ** r; j++)
        row.push(t.subarray((offset + j) * HASH_SIZE, (offset + j + 1) * HASH_SIZE));
      while (row.length > 1) {
        const up: Uint8Array[] = [];
        for (let j = 0; j < row.length; j += 2)
          up.push(nodeHash(row[j] as Uint8Array, row[j + 1] as Uint8Array));
        row = up;
      }
      out.push(row[0] as Uint8Array);
    }
    return out;
  }

  private async ranges(
    size: number,
    ranges: ReturnType<typeof inclusionRanges>,
  ): Promise<Uint8Array[]> {
    const ids = ranges.flatMap(rangeNodes);
    const hashes = await this.readNodes(size, ids);
    const byKey = new Map(ids.map((id, i) => [`${id.level}/${id.index}`, hashes[i] as Uint8Array]));
    return hashRanges(ranges, (want) =>
      want.map((id) => byKey.get(`${id.level}/${id.index}`) as Uint8Array),
    );
  }

  /**
   * MTH of the first `size` entries as the tiles say; compare with a verified checkpoint.
   * `publishedSize` is the checkpoint size the tiles are fetched for (partial tile widths).
   */
  async root(size: number, publishedSize: number = size): Promise<Uint8Array> {
    if (size === 0) return EMPTY_ROOT;
    const [h] = await this.ranges(publishedSize, [{ start: 0, end: size }]);
    return h as Uint8Array;
  }

  inclusionProof(index: number, size: number): Promise<Uint8Array[]> {
    return this.ranges(size, inclusionRanges(index, size));
  }

  consistencyProof(m: number, n: number): Promise<Uint8Array[]> {
    return this.ranges(n, consistencyRanges(m, n));
  }

  /** The entries of bundle `index` in a tree of `size`. */
  async entryBundle(size: number, index: number): Promise<Uint8Array[]> {
    const width = tileWidth(size, 0, index);
    if (width === 0)
      throw new RemoteError('tile_invalid', `bundle ${index} is not in size ${size}`);
    const ref = { kind: 'entries', index, width } as const;
    const body = await this.tile(ref);
    return decodeEntryBundle(body, width, !this.fromFull.has(tilePath(ref)));
  }
}

/** Every entry of a tree of `size`, bundle by bundle (tlog-tiles §Entry Bundles). */
export async function readAllEntries(reader: TileReader, size: number): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (let n = 0; n * TILE_WIDTH < size; n++) out.push(...(await reader.entryBundle(size, n)));
  return out;
}

/** this value is attacker-controlled: u16-length-prefixed entries; the first `width` are returned. */
export function decodeEntryBundle(body: Uint8Array, width: number, exact = true): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  while (at < body.length && out.length < width) {
    if (at + 2 > body.length) throw new RemoteError('tile_invalid', 'entry bundle is truncated');
    const len = ((body[at] ?? 0) << 8) | (body[at + 1] ?? 0);
    if (at + 2 + len > body.length)
      throw new RemoteError('tile_invalid', 'entry bundle is truncated');
    out.push(body.subarray(at + 2, at + 2 + len));
    at += 2 + len;
  }
  if (out.length !== width) throw new RemoteError('tile_invalid', 'entry bundle is too short');
  if (exact && at !== body.length)
    throw new RemoteError('tile_invalid', 'entry bundle has bytes after its last entry');
  return out;
}
