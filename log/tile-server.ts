// c2sp.org/tlog-tiles over HTTP: a hono sub-app serving a tiles directory (checkpoint, tile/...),
// mounted by the mirror under /log. Only paths in the tlog-tiles grammar reach the filesystem.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { parseTilePath, tilePath } from './tile-path.js';
import { TILE_WIDTH } from './version.js';

/** Full tiles and bundles never change, so the most recently served ones are kept in memory. */
const CACHE_ENTRIES = 2048;

export function tilesApp(dir: string): Hono {
  const app = new Hono();
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  const readTile = async (path: string, immutable: boolean): Promise<Uint8Array<ArrayBuffer>> => {
    const hit = cache.get(path);
    if (hit !== undefined) return hit;
    const body = new Uint8Array(await readFile(join(dir, path)));
    if (immutable) {
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value ?? '');
      cache.set(path, body);
    }
    return body;
  };
  app.get('/checkpoint', async (c) => {
    try {
      const body = await readFile(join(dir, 'checkpoint'));
      return c.body(body, 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
    } catch {
      return c.text('no checkpoint yet\n', 404);
    }
  });
  app.get('/tile/*', async (c) => {
    const path = c.req.path;
    // this value is attacker-controlled: only a path that re-encodes to itself is served
    const ref = parseTilePath(path.slice(path.lastIndexOf('/tile/') + 1));
    if (ref === undefined) return c.text('not a tile path\n', 404);
    try {
      const body = await readTile(tilePath(ref), ref.width === TILE_WIDTH);
      return c.body(body, 200, {
        'Content-Type': 'application/octet-stream',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
    } catch {
      return c.text('no such tile\n', 404);
    }
  });
  return app;
}
