// The appendable log on level: batching, durability across reopen, tiles a static server can serve,
// and a tile reader that recomputes roots and proves inclusion and consistency over HTTP.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppendableLog,
  MemoryTree,
  TileReader,
  formatTlogProof,
  leafHash,
  monitorLog,
  openCheckpoint,
  tilesApp,
  verifyConsistencyTransparencyDev,
  verifyInclusion,
  verifyTlogProof,
  writeTiles,
} from '../../log/index.js';
import { enc, logKey, serveApp, tempDir, type Served } from './helpers.js';
import { bytesEqual } from '../../common/index.js';

const key = logKey('example.com/appendable');
const hex = (h: Uint8Array): string => Buffer.from(h).toString('hex');

describe('AppendableLog', () => {
  it('starts with a signed empty checkpoint and batches concurrent appends', async () => {
    const log = await AppendableLog.open({
      dir: tempDir(),
      origin: key.origin,
      signer: key.signer,
    });
    expect(openCheckpoint(log.checkpoint(), key.keys).checkpoint.size).toBe(0);
    const seen = new Set<string>();
    log.onCheckpoint((cp) => seen.add(cp));
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => log.append(enc(`e${i}`))),
    );
    expect(results.map((r) => r.index).sort((a, b) => a - b)).toEqual([...Array(300).keys()]);
    expect(seen.size).toBeLessThan(300);
    for (const r of results) {
      const { checkpoint } = openCheckpoint(r.checkpoint, key.keys);
      expect(checkpoint.size).toBeGreaterThan(r.index);
      const proof = log.tree.inclusionProof(r.index, checkpoint.size);
      verifyInclusion(
        r.index,
        checkpoint.size,
        leafHash(enc(`e${r.index}`)),
        proof,
        checkpoint.root,
      );
    }
    await log.close();
  });

  it('reopens to the same tree and checkpoint; refuses another origin and oversized entries', async () => {
    const dir = tempDir();
    const log = await AppendableLog.open({ dir, origin: key.origin, signer: key.signer });
    for (let i = 0; i < 10; i++) await log.append(enc(`x${i}`));
    const cp = log.checkpoint();
    await expect(log.append(new Uint8Array(65536))).rejects.toMatchObject({
      code: 'entry_too_large',
    });
    await log.close();
    await expect(log.append(enc('late'))).rejects.toMatchObject({ code: 'log_closed' });
    const again = await AppendableLog.open({ dir, origin: key.origin, signer: key.signer });
    expect(again.checkpoint()).toBe(cp);
    expect(again.size).toBe(10);
    await again.close();
    const other = logKey('example.com/other');
    await expect(
      AppendableLog.open({ dir, origin: other.origin, signer: other.signer }),
    ).rejects.toMatchObject({ code: 'storage_corrupt' });
  });
});

describe('tlog-tiles over HTTP', () => {
  const dir = tempDir();
  const tiles = `${dir}/tiles`;
  let log: AppendableLog;
  let served: Served;
  const N = 70_000;
  const sizes: number[] = [];

  beforeAll(async () => {
    log = await AppendableLog.open({ dir: `${dir}/db`, origin: key.origin, signer: key.signer });
    let published = 0;
    // publish at several sizes, so partial tiles turn full and the writer only adds what is new
    for (const target of [1, 255, 256, 257, 600, 65_536, N]) {
      const batch = [];
      for (let i = log.size; i < target; i++)
        batch.push(
          log.append(
            enc(
              JSON.stringify({
                role: 'r',
                version: i % 1000,
                path: `p${i}`,
                sha256: i === 69_999 ? 'x' : 'h',
              }),
            ),
          ),
        );
      await Promise.all(batch);
      await writeTiles(tiles, log, published, log.size, log.checkpoint());
      published = log.size;
      sizes.push(log.size);
    }
    const app = new Hono();
    app.route('/log', tilesApp(tiles));
    served = await serveApp(app);
  }, 120_000);

  afterAll(async () => {
    await served.close();
    await log.close();
  });

  it('serves the checkpoint and the spec paths, with the right content types', async () => {
    const cp = await fetch(`${served.url}/log/checkpoint`);
    expect(cp.status).toBe(200);
    expect(await cp.text()).toBe(log.checkpoint());
    const full = await fetch(`${served.url}/log/tile/0/000`);
    expect(full.headers.get('content-type')).toBe('application/octet-stream');
    expect((await full.arrayBuffer()).byteLength).toBe(256 * 32);
    expect((await fetch(`${served.url}/log/tile/1/001.p/17`)).status).toBe(200);
    expect((await fetch(`${served.url}/log/tile/2/000.p/1`)).status).toBe(200);
    expect((await fetch(`${served.url}/log/tile/0/273.p/112`)).status).toBe(200);
    expect((await fetch(`${served.url}/log/tile/entries/273.p/112`)).status).toBe(200);
    for (const bad of [
      'tile/0/1',
      'tile/0/000.p/0',
      'tile/0/x000/001',
      'tile/0/000.p/256',
      'tile/64/000',
    ])
      expect((await fetch(`${served.url}/log/${bad}`)).status).toBe(404);
  });

  it('the reader recomputes every published root and proves inclusion and consistency', async () => {
    const reader = new TileReader(`${served.url}/log`);
    const opened = openCheckpoint(await reader.checkpoint(), key.keys).checkpoint;
    expect(opened.size).toBe(N);
    for (const s of sizes) expect(bytesEqual(await reader.root(s), log.tree.root(s))).toBe(true);
    for (const i of [0, 1, 255, 256, 65_535, 65_536, N - 1]) {
      const proof = await reader.inclusionProof(i, N);
      expect(proof.map(hex)).toEqual(log.tree.inclusionProof(i, N).map(hex));
      const [entry] = (await reader.entryBundle(N, Math.floor(i / 256))).slice(i % 256);
      verifyInclusion(i, N, leafHash(entry ?? new Uint8Array()), proof, opened.root);
    }
    for (const [m, n] of [
      [1, N],
      [256, 65_536],
      [600, N],
      [65_536, N],
    ] as const) {
      const proof = await reader.consistencyProof(m, n);
      verifyConsistencyTransparencyDev(m, n, log.tree.root(m), log.tree.root(n), proof);
    }
  });

  it('a tlog-proof made from the tiles verifies offline', async () => {
    const reader = new TileReader(`${served.url}/log`);
    const note = await reader.checkpoint();
    const text = formatTlogProof({
      index: 600,
      proof: await reader.inclusionProof(600, N),
      checkpoint: note,
      extra: enc('ctx'),
    });
    const entry = (await reader.entryBundle(N, 2))[600 - 512] ?? new Uint8Array();
    const r = verifyTlogProof(text, leafHash(entry), {
      logKeys: key.keys,
      witnesses: [],
      quorum: 0,
    });
    expect(r.index).toBe(600);
  });

  it('the monitor reads every entry, matches the root and reports a conflicting key', async () => {
    const reader = new TileReader(`${served.url}/log`);
    const cp = openCheckpoint(await reader.checkpoint(), key.keys).checkpoint;
    const report = await monitorLog(reader, cp, (e) => {
      const v = JSON.parse(new TextDecoder().decode(e)) as {
        role: string;
        version: number;
        sha256: string;
      };
      return { key: `${v.role}|${v.version}`, value: v.sha256 };
    });
    expect(report.rootMatches).toBe(true);
    expect(report.size).toBe(N);
    expect(report.conflicts).toEqual([
      {
        key: 'r|999',
        entries: expect.arrayContaining([
          { index: 69_999, value: 'x' },
          { index: 999, value: 'h' },
        ]) as unknown,
      },
    ]);
  });

  it('memory tree and tiles agree with a tree built leaf by leaf', () => {
    const t = new MemoryTree();
    for (let i = 0; i < 600; i++) t.append(log.tree.node(0, i));
    expect(bytesEqual(t.root(), log.tree.root(600))).toBe(true);
  });
});
