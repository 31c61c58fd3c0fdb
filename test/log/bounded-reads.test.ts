// docs/architecture.md "Rules every room follows": every reader of a peer's bytes (a mirror's checkpoint, hash
// tiles and entry bundles, a gossip peer's view, a witness's answer) against a real local server that
// sends an endless, a slow-drip or a stalled chunked body ends with a coded error, in bounded time and
// memory; and the witness and gossip servers refuse an endless chunked request body with 413.
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Gossip,
  MemoryTree,
  TileReader,
  cosignatureVerifier,
  Witness,
  formatCheckpoint,
  gossipApp,
  gossipWithPeer,
  leafHash,
  openGossipStore,
  openWitnessStore,
  requestCosignatures,
  signNote,
  witnessApp,
  type LogReadLimits,
  type NoteVerifier,
} from '../../log/index.js';
import { FC_RUNS } from '../support/env.js';
import { enc, logKey, serveApp, tempDir, witnessKey, type Served } from './helpers.js';

type Mode = 'endless' | 'drip' | 'stall';

const LIMITS: LogReadLimits = {
  checkpointBytes: 4096,
  bundleBytes: 16 * 1024,
  gossipViewBytes: 16 * 1024,
  responseBytes: 4096,
  idleTimeoutMs: 150,
  totalTimeoutMs: 500,
};
/** Generous: a loaded 2-core machine; an unbounded reader never ends at all. */
const MAX_MS = 5_000;
const MAX_RSS_GROWTH = 256 * 1024 * 1024;

const log = logKey('example.com/bounded');
const tree = new MemoryTree();
for (let i = 0; i < 3; i++) tree.append(leafHash(enc(`e${i}`)));
const own = signNote(
  formatCheckpoint({ origin: log.origin, size: 3, root: tree.root(), extensions: [] }),
  [log.signer],
);

function witnessVerifier(): NoteVerifier {
  const w = witnessKey();
  return cosignatureVerifier(w.name, w.publicKey);
}

/** Every request gets a chunked 200 body in the mode the path's first segment names. */
function hostile(res: ServerResponse, mode: Mode): void {
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  if (mode === 'stall') {
    res.write('a');
    return;
  }
  if (mode === 'drip') {
    // one byte per 25 ms stays under every limit (the smallest, a 3-hash tile, is 96 bytes) for
    // longer than the total timeout, so the reader must end on time rather than on size
    const t = setInterval(() => res.write('a'), 25);
    res.on('close', () => {
      clearInterval(t);
    });
    return;
  }
  const pump = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    hostile(res, (req.url ?? '').split('/')[1] as Mode);
  });
  await new Promise<void>((r) => {
    server.listen(0, '127.0.0.1', r);
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => {
    server.close(() => {
      r();
    });
  });
});

type Reader = 'checkpoint' | 'hash tile' | 'entry bundle' | 'gossip view' | 'witness';

async function read(reader: Reader, url: string): Promise<unknown> {
  const tiles = new TileReader(`${url}/log`, { limits: LIMITS });
  switch (reader) {
    case 'checkpoint':
      return tiles.checkpoint();
    case 'hash tile':
      return tiles.root(3);
    case 'entry bundle':
      return tiles.entryBundle(3, 0);
    case 'gossip view':
      return gossipWithPeer(url, { logKeys: log.keys, own, limits: LIMITS });
    case 'witness': {
      return requestCosignatures({
        checkpoint: own,
        size: 3,
        witnesses: [{ url: `${url}/witness`, verifier: witnessVerifier() }],
        quorum: 1,
        proof: () => [],
        limits: LIMITS,
      });
    }
  }
}

async function outcome(reader: Reader, mode: Mode): Promise<{ code: string; ms: number }> {
  const start = Date.now();
  try {
    await read(reader, `${base}/${mode}`);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    return { code: typeof code === 'string' ? code : String(e), ms: Date.now() - start };
  }
  throw new Error(`${reader} accepted a hostile ${mode} body`);
}

const expected: Record<Mode, string> = {
  endless: 'body_too_large',
  drip: 'body_timeout',
  stall: 'body_timeout',
};

describe('readers of a peer under log read limits', () => {
  it('each reader fails with a coded error in bounded time and memory (property)', async () => {
    const readers: Reader[] = ['checkpoint', 'hash tile', 'entry bundle', 'gossip view', 'witness'];
    const rss0 = process.memoryUsage().rss;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...readers),
        fc.constantFrom<Mode>('endless', 'drip', 'stall'),
        async (reader, mode) => {
          const { code, ms } = await outcome(reader, mode);
          // a witness that misbehaves is one missing cosignature: the quorum is what fails
          expect(code).toBe(reader === 'witness' ? 'quorum_not_met' : expected[mode]);
          expect(ms).toBeLessThan(MAX_MS);
          expect(process.memoryUsage().rss - rss0).toBeLessThan(MAX_RSS_GROWTH);
        },
      ),
      { numRuns: Math.max(15, Math.ceil(FC_RUNS / 5)) },
    );
  }, 120_000);

  it("a witness's endless answer is reported with its code among the failures", async () => {
    const err = await requestCosignatures({
      checkpoint: own,
      size: 3,
      witnesses: [{ url: `${base}/endless/witness`, verifier: witnessVerifier() }],
      quorum: 1,
      proof: () => [],
      limits: LIMITS,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'quorum_not_met' });
    expect((err as Error).message).toMatch(/more than 4096 bytes/);
  });

  it('the defaults apply when no limits are given, and bad limits are refused', () => {
    expect(() => new TileReader(base, { limits: { bundleBytes: 0 } })).toThrow(
      expect.objectContaining({ code: 'argument_invalid' }) as Error,
    );
    expect(() => new TileReader(base)).not.toThrow();
  });
});

/** An endless chunked request body, sent until the server answers. */
function endlessPost(url: string): Promise<{ status: number; ms: number }> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'text/plain' } });
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    let answered = false;
    const pump = (): void => {
      while (!answered && req.write(chunk));
      if (!answered) req.once('drain', pump);
    };
    req.on('response', (res) => {
      answered = true;
      res.resume();
      req.destroy();
      resolve({ status: res.statusCode ?? 0, ms: Date.now() - start });
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    pump();
  });
}

describe('witness and gossip servers bound request bodies while streaming', () => {
  const open: Served[] = [];
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
  });

  it('refuse an endless chunked body with 413', async () => {
    const app = new Hono();
    const ws = await openWitnessStore(tempDir());
    const gs = await openGossipStore(tempDir());
    const w = new Witness({ cosigner: witnessKey(), logs: log.keys, store: ws });
    app.route('/witness', witnessApp(w, { maxBodyBytes: 32 * 1024 }));
    app.route('/gossip', gossipApp(new Gossip(log.keys, gs), { maxBodyBytes: 32 * 1024 }));
    const s = await serveApp(app);
    open.push(s);
    for (const path of ['/witness/add-checkpoint', '/gossip/checkpoints']) {
      const r = await endlessPost(`${s.url}${path}`);
      expect(r.status, path).toBe(413);
      expect(r.ms).toBeLessThan(MAX_MS);
    }
    await ws.close();
    await gs.close();
  }, 30_000);
});
