// c2sp.org/tlog-tiles §Merkle Tree / §Log entries: tile/<L>/<N>[.p/<W>] and tile/entries/<N>[.p/<W>],
// with N in zero-padded 3-digit path elements, all but the last prefixed with "x".
import { TILE_WIDTH } from './version.js';
import { LogError } from './errors.js';

export type TileRef =
  | { kind: 'hash'; level: number; index: number; width: number }
  | { kind: 'entries'; index: number; width: number };

/** 1234067 -> "x001/x234/067" */
export function encodeTileIndex(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new LogError('tile_invalid', 'tile index must be a safe integer');
  const parts: string[] = [];
  let rest = n;
  do {
    parts.unshift(String(rest % 1000).padStart(3, '0'));
    rest = Math.floor(rest / 1000);
  } while (rest > 0);
  return parts.map((p, i) => (i < parts.length - 1 ? `x${p}` : p)).join('/');
}

export function tilePath(t: TileRef): string {
  const suffix = t.width === TILE_WIDTH ? '' : `.p/${t.width}`;
  const head = t.kind === 'hash' ? `tile/${t.level}` : 'tile/entries';
  return `${head}/${encodeTileIndex(t.index)}${suffix}`;
}

const PATH =
  /^tile\/(entries|0|[1-9][0-9]?)\/((?:x[0-9]{3}\/)*[0-9]{3})(?:\.p\/([1-9][0-9]{0,2}))?$/;

/** this value is attacker-controlled: a request path; anything not in the grammar is undefined. */
export function parseTilePath(path: string): TileRef | undefined {
  const m = PATH.exec(path);
  if (m === null) return undefined;
  const [, lvl = '', n = '', w] = m;
  const groups = n.split('/').map((g) => g.replace('x', ''));
  if (groups.length > 5) return undefined;
  const index = Number(groups.join(''));
  const width = w === undefined ? TILE_WIDTH : Number(w);
  if (width > TILE_WIDTH - (w === undefined ? 0 : 1)) return undefined;
  const ref: TileRef =
    lvl === 'entries'
      ? { kind: 'entries', index, width }
      : { kind: 'hash', level: Number(lvl), index, width };
  if (ref.kind === 'hash' && ref.level > 63) return undefined;
  return tilePath(ref) === path ? ref : undefined;
}

/** How many hashes tile level `level` holds for a tree of `size` leaves: floor(size / 256^level). */
export function tileLevelCount(size: number, level: number): number {
  return Math.floor(size / TILE_WIDTH ** level);
}

/** The width of tile `index` at `level` in a tree of `size`, or 0 if it does not exist. */
export function tileWidth(size: number, level: number, index: number): number {
  const count = tileLevelCount(size, level);
  return Math.max(0, Math.min(TILE_WIDTH, count - index * TILE_WIDTH));
}
