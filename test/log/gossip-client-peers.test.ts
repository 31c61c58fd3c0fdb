// gossipWithPeer (log/gossip-client.ts) against hostile peers over real HTTP on 127.0.0.1: a view
// that is not JSON or not an object is refused with fetch_failed, unverifiable checkpoints and
// evidence are ignored and named, a push answer that is not JSON is reported by its status, and a
// peer that keeps answering 409 with a size is given up on (tlog-witness add-checkpoint).
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MemoryTree,
  formatCheckpoint,
  gossipWithPeer,
  leafHash,
  signNote,
} from '../../log/index.js';
import { TLOG_SIZE_CONTENT_TYPE } from '../../log/version.js';
import { enc, logKey, serveApp, type Served } from './helpers.js';

type Mode = 'not-json' | 'null' | 'garbage' | 'always-409';
const log = logKey('example.com/gossip-client');
const tree = new MemoryTree();
for (let i = 0; i < 10; i++) tree.append(leafHash(enc(`e${i}`)));
const own = signNote(
  formatCheckpoint({ origin: log.origin, size: 10, root: tree.root(10), extensions: [] }),
  [log.signer],
);

let mode: Mode = 'not-json';
let posts = 0;
let served: Served;
beforeAll(async () => {
  const app = new Hono();
  app.get('/gossip/checkpoints', (c) => {
    if (mode === 'not-json') return c.text('nope');
    if (mode === 'null') return c.text('null');
    if (mode === 'garbage')
      return c.json({ checkpoints: ['junk'], conflicts: [{ origin: log.origin }] });
    return c.json({ checkpoints: [], conflicts: [] });
  });
  app.post('/gossip/checkpoints', (c) => {
    posts++;
    if (mode === 'always-409')
      return c.body('10\n', 409, { 'content-type': TLOG_SIZE_CONTENT_TYPE });
    return c.text('accepted, thanks');
  });
  served = await serveApp(app);
});
afterAll(async () => {
  await served.close();
});

const gossip = () => gossipWithPeer(served.url, { logKeys: log.keys, own });

describe('gossipWithPeer and a hostile peer', () => {
  it('refuses a view that is not JSON, or not an object', async () => {
    mode = 'not-json';
    await expect(gossip()).rejects.toMatchObject({
      code: 'fetch_failed',
      message: expect.stringContaining('is not JSON') as unknown,
    });
    mode = 'null';
    await expect(gossip()).rejects.toMatchObject({
      code: 'fetch_failed',
      message: expect.stringContaining('is not an object') as unknown,
    });
  });

  it('ignores and names what does not verify; a push answer that is not JSON is its status', async () => {
    mode = 'garbage';
    posts = 0;
    const r = await gossip();
    expect(r.conflicts).toEqual([]);
    expect(r.ignored).toHaveLength(2);
    expect(r.ignored[0]).toMatch(/^checkpoint: /);
    expect(r.ignored[1]).toMatch(/^evidence: /);
    expect(r.pushed).toBe('HTTP 200');
    expect(posts).toBe(1);
  });

  it('gives up on a peer that keeps answering 409 with a size', async () => {
    mode = 'always-409';
    posts = 0;
    await expect(gossip()).rejects.toMatchObject({
      code: 'fetch_failed',
      message: expect.stringContaining('kept reporting a different size') as unknown,
    });
    expect(posts).toBe(2);
  });
});
