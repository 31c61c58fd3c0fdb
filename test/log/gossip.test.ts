// GET|POST /gossip/checkpoints over real HTTP: hostile submissions refused with the tlog-witness
// statuses and no state change; a same-size fork and posted evidence are kept and reported.
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  Gossip,
  MemoryTree,
  encodeBase64,
  formatAddCheckpoint,
  formatCheckpoint,
  gossipApp,
  leafHash,
  openGossipStore,
  signNote,
  verifyEvidence,
  type GossipStore,
  type GossipView,
  type SplitViewEvidence,
} from '../../log/index.js';
import { enc, logKey, serveApp, tamperLastSignature, tempDir, type Served } from './helpers.js';

const log = logKey('example.com/gossiped');
const honest = new MemoryTree();
const forked = new MemoryTree();
for (let i = 0; i < 30; i++) {
  honest.append(leafHash(enc(`e${i}`)));
  forked.append(leafHash(enc(i === 2 ? 'other' : `e${i}`)));
}
const cp = (size: number, t = honest): string =>
  signNote(formatCheckpoint({ origin: log.origin, size, root: t.root(size), extensions: [] }), [
    log.signer,
  ]);
const submission = (old: number, size: number, t = honest, proof?: Uint8Array[]): string =>
  formatAddCheckpoint({
    oldSize: old,
    proof:
      proof ??
      (old === 0 || old === size
        ? []
        : t.consistencyProof(Math.min(old, size), Math.max(old, size))),
    checkpoint: cp(size, t),
  });

const open: { served: Served; store: GossipStore }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.served.close();
    await o.store.close();
  }
});

async function start(): Promise<{ url: string; store: GossipStore }> {
  const store = await openGossipStore(tempDir());
  const app = new Hono();
  app.route('/gossip', gossipApp(new Gossip(log.keys, store), { maxBodyBytes: 16 * 1024 }));
  const served = await serveApp(app);
  open.push({ served, store });
  return { url: `${served.url}/gossip/checkpoints`, store };
}

const post = (url: string, body: string, json = false) =>
  fetch(url, { method: 'POST', body, headers: json ? { 'Content-Type': 'application/json' } : {} });
const view = async (url: string) => (await (await fetch(url)).json()) as GossipView;

describe('gossip endpoint', () => {
  it('accepts a first checkpoint, a consistent larger one, and an older consistent one', async () => {
    const g = await start();
    expect((await post(g.url, submission(0, 10))).status).toBe(200);
    const r409 = await post(g.url, submission(5, 20));
    expect(r409.status).toBe(409);
    expect(r409.headers.get('content-type')).toBe('text/x.tlog.size');
    expect(await r409.text()).toBe('10\n');
    expect(await (await post(g.url, submission(10, 20))).json()).toEqual({ status: 'accepted' });
    expect(await (await post(g.url, submission(20, 15))).json()).toEqual({ status: 'older' });
    expect(await (await post(g.url, submission(20, 20))).json()).toEqual({ status: 'known' });
    expect((await view(g.url)).checkpoints).toEqual([cp(20)]);
  });

  const hostile: [string, number, () => string][] = [
    ['garbage', 400, () => 'nonsense'],
    [
      '64 proof lines',
      400,
      () =>
        submission(
          10,
          20,
          honest,
          Array.from({ length: 64 }, () => EMPTY_ROOT),
        ),
    ],
    ['oversized body', 413, () => 'old 10\n' + 'A'.repeat(20_000)],
    [
      'a bad signature',
      403,
      () =>
        formatAddCheckpoint({
          oldSize: 10,
          proof: honest.consistencyProof(10, 20),
          checkpoint: tamperLastSignature(cp(20)),
        }),
    ],
    [
      'an unknown origin',
      404,
      () =>
        `old 10\n\n${signNote(formatCheckpoint({ origin: 'x.example/log', size: 20, root: honest.root(20), extensions: [] }), [log.signer])}`,
    ],
    [
      'an inconsistent proof',
      422,
      () => submission(10, 20, honest, honest.consistencyProof(10, 21)),
    ],
    ['a forked log of another size', 422, () => submission(10, 20, forked)],
  ];

  it.each(hostile)('%s -> %i, no state change', async (_n, status, make) => {
    const g = await start();
    expect((await post(g.url, submission(0, 10))).status).toBe(200);
    const before = await view(g.url);
    expect((await post(g.url, make())).status).toBe(status);
    expect(await view(g.url)).toEqual(before);
  });

  it('a same-size fork is kept as evidence with both signed notes and the latest is unchanged', async () => {
    const g = await start();
    await post(g.url, submission(0, 10));
    const r = await post(g.url, submission(10, 10, forked));
    expect(r.status).toBe(422);
    const v = await view(g.url);
    expect(v.checkpoints).toEqual([cp(10)]);
    expect(v.conflicts).toHaveLength(1);
    const e = v.conflicts[0] as SplitViewEvidence;
    expect([e.a, e.b]).toEqual([cp(10), cp(10, forked)]);
    verifyEvidence(e, log.keys);
  });

  it('posted evidence is stored only if it proves a fork by itself', async () => {
    const g = await start();
    const good: SplitViewEvidence = {
      origin: log.origin,
      a: cp(10),
      b: cp(20, forked),
      proof: forked.consistencyProof(10, 20).map(encodeBase64),
      impliedRoot: encodeBase64(forked.root(10)),
    };
    const consistent = {
      ...good,
      b: cp(20),
      proof: honest.consistencyProof(10, 20).map(encodeBase64),
      impliedRoot: encodeBase64(honest.root(10)),
    };
    const lying = { ...good, impliedRoot: encodeBase64(honest.root(11)) };
    expect((await post(g.url, JSON.stringify({ evidence: consistent }), true)).status).toBe(422);
    expect((await post(g.url, JSON.stringify({ evidence: lying }), true)).status).toBe(422);
    expect((await post(g.url, '{"evidence": 5}', true)).status).toBe(422);
    expect((await post(g.url, '{', true)).status).toBe(400);
    expect(
      (
        await post(
          g.url,
          JSON.stringify({ evidence: { ...good, a: tamperLastSignature(good.a) } }),
          true,
        )
      ).status,
    ).toBe(403);
    expect((await view(g.url)).conflicts).toEqual([]);
    expect(await (await post(g.url, JSON.stringify({ evidence: good }), true)).json()).toEqual({
      status: 'recorded',
    });
    expect(await (await post(g.url, JSON.stringify({ evidence: good }), true)).json()).toEqual({
      status: 'known',
    });
    expect((await view(g.url)).conflicts).toEqual([good]);
  });
});
