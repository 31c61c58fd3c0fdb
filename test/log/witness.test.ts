// c2sp.org/tlog-witness add-checkpoint over real HTTP: every status the spec names, hostile bodies
// refused without a state change, atomic check-and-persist under concurrency, durable across restart.
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  MemoryTree,
  Witness,
  cosignatureVerifier,
  encodeBase64,
  formatAddCheckpoint,
  formatCheckpoint,
  leafHash,
  openNote,
  openWitnessStore,
  signNote,
  witnessApp,
  type Cosigner,
  type WitnessStore,
} from '../../log/index.js';
import {
  enc,
  logKey,
  serveApp,
  tamperLastSignature,
  tempDir,
  witnessKey,
  type Served,
} from './helpers.js';

const log = logKey('example.com/witnessed');
const tree = new MemoryTree();
for (let i = 0; i < 40; i++) tree.append(leafHash(enc(`leaf ${i}`)));
const fork = new MemoryTree();
for (let i = 0; i < 40; i++) fork.append(leafHash(enc(i === 3 ? 'evil' : `leaf ${i}`)));

function cp(size: number, t = tree, signer = log.signer): string {
  return signNote(
    formatCheckpoint({ origin: log.origin, size, root: t.root(size), extensions: [] }),
    [signer],
  );
}
function body(
  old: number,
  size: number,
  opts: { t?: MemoryTree; proof?: Uint8Array[]; note?: string } = {},
): string {
  const t = opts.t ?? tree;
  const proof = opts.proof ?? (old === 0 || old === size ? [] : t.consistencyProof(old, size));
  return formatAddCheckpoint({ oldSize: old, proof, checkpoint: opts.note ?? cp(size, t) });
}

interface Ctx {
  served: Served;
  store: WitnessStore;
  signer: Cosigner;
  dir: string;
}
const open: Ctx[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) {
    await c.served.close();
    await c.store.close();
  }
});

async function start(
  dir = tempDir(),
  signer = witnessKey('witness.example/w1', () => 1_700_000_000),
): Promise<Ctx> {
  const store = await openWitnessStore(dir);
  const w = new Witness({ cosigner: signer, logs: log.keys, store });
  const app = new Hono();
  app.route('/witness', witnessApp(w, { maxBodyBytes: 16 * 1024 }));
  const c = { served: await serveApp(app), store, signer, dir };
  open.push(c);
  return c;
}

const post = (c: Ctx, b: string | Uint8Array) =>
  fetch(`${c.served.url}/witness/add-checkpoint`, { method: 'POST', body: b });

describe('witness add-checkpoint', () => {
  it('cosigns a first checkpoint with old 0, then a consistent extension; 409 says the size', async () => {
    const c = await start();
    const r1 = await post(c, body(0, 10));
    expect(r1.status).toBe(200);
    const line = await r1.text();
    expect(line).toMatch(/^\u2014 witness\.example\/w1 [A-Za-z0-9+/=]+\n$/);
    const v = cosignatureVerifier(c.signer.name, c.signer.publicKey);
    expect(openNote(cp(10) + line, [v]).verified).toHaveLength(1);
    const r409 = await post(c, body(0, 20));
    expect(r409.status).toBe(409);
    expect(r409.headers.get('content-type')).toBe('text/x.tlog.size');
    expect(await r409.text()).toBe('10\n');
    expect((await post(c, body(10, 20))).status).toBe(200);
    expect((await post(c, body(20, 20))).status).toBe(200);
    expect((await c.store.get(log.origin))?.size).toBe(20);
  });

  it('persists the latest size across a restart', async () => {
    const dir = tempDir();
    const c = await start(dir);
    expect((await post(c, body(0, 7))).status).toBe(200);
    await c.served.close();
    await c.store.close();
    open.splice(open.indexOf(c), 1);
    const again = await start(dir);
    const r = await post(again, body(0, 8));
    expect(r.status).toBe(409);
    expect(await r.text()).toBe('7\n');
  });

  const hostile: [string, number, () => string | Uint8Array][] = [
    ['garbage', 400, () => 'hello'],
    ['no blank line', 400, () => 'old 0\n'],
    ['old with a leading zero', 400, () => body(0, 10).replace('old 0', 'old 00')],
    ['non-UTF-8 bytes', 400, () => new Uint8Array([0x6f, 0x6c, 0x64, 0x20, 0xff, 0x0a, 0x0a])],
    [
      '64 proof lines',
      400,
      () => body(10, 20, { proof: Array.from({ length: 64 }, () => EMPTY_ROOT) }),
    ],
    ['a proof line that is not a hash', 400, () => `old 10\nAAAA\n\n${cp(20)}`],
    ['old size above the checkpoint size', 400, () => body(30, 20, { proof: [] })],
    ['oversized body', 413, () => 'old 10\n' + 'A'.repeat(20_000)],
    [
      'unknown origin',
      404,
      () =>
        `old 10\n\n${signNote(formatCheckpoint({ origin: 'other.example/log', size: 20, root: tree.root(20), extensions: [] }), [log.signer])}`,
    ],
    [
      'a bad signature by the trusted key',
      403,
      () => body(10, 20, { note: tamperLastSignature(cp(20)) }),
    ],
    [
      'signed only by an unknown key',
      403,
      () => body(10, 20, { note: cp(20, tree, logKey(log.origin).signer) }),
    ],
    ['an inconsistent proof', 422, () => body(10, 20, { proof: tree.consistencyProof(10, 21) })],
    ['a forked log', 422, () => body(10, 20, { t: fork })],
    ['same size, different root', 422, () => body(10, 10, { t: fork })],
    ['old 0 with a non-empty proof', 409, () => body(0, 20, { proof: [EMPTY_ROOT] })],
  ];

  it.each(hostile)('%s -> %i, and nothing changes', async (_name, status, make) => {
    const c = await start();
    expect((await post(c, body(0, 10))).status).toBe(200);
    const before = await c.store.get(log.origin);
    const r = await post(c, make());
    expect(r.status).toBe(status);
    expect(await c.store.get(log.origin)).toEqual(before);
    expect((await post(c, body(10, 12))).status).toBe(200);
  });

  it('the empty tree: size 0 must carry the empty root, old 0 with a proof is refused', async () => {
    const c = await start();
    const zeroBad = signNote(
      formatCheckpoint({ origin: log.origin, size: 0, root: tree.root(1), extensions: [] }),
      [log.signer],
    );
    expect((await post(c, `old 0\n\n${zeroBad}`)).status).toBe(422);
    const zero = signNote(
      formatCheckpoint({ origin: log.origin, size: 0, root: EMPTY_ROOT, extensions: [] }),
      [log.signer],
    );
    expect((await post(c, `old 0\n\n${zero}`)).status).toBe(200);
    expect((await post(c, body(0, 5, { proof: [tree.root(5)] }))).status).toBe(422);
    expect(await c.store.get(log.origin)).toMatchObject({
      size: 0,
      root: encodeBase64(EMPTY_ROOT),
    });
  });

  it('concurrent submissions from one old size: exactly one wins, no rollback', async () => {
    const c = await start();
    expect((await post(c, body(0, 10))).status).toBe(200);
    const sizes = [11, 15, 20, 25, 30, 35, 40];
    const res = await Promise.all(sizes.map((s) => post(c, body(10, s))));
    const ok = res.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(res.filter((r) => r.status === 409)).toHaveLength(sizes.length - 1);
    const won = sizes[res.findIndex((r) => r.status === 200)];
    expect((await c.store.get(log.origin))?.size).toBe(won);
  });

  it('serves the latest cosigned checkpoint to monitors at /<sha256(origin)>/checkpoint', async () => {
    const c = await start();
    expect((await post(c, body(0, 9))).status).toBe(200);
    const { createHash } = await import('node:crypto');
    const h = createHash('sha256').update(log.origin).digest('hex');
    const r = await fetch(`${c.served.url}/witness/${h}/checkpoint`);
    expect(r.status).toBe(200);
    const v = cosignatureVerifier(c.signer.name, c.signer.publicKey);
    const note = await r.text();
    expect(openNote(note, [v]).verified).toHaveLength(1);
    expect(openNote(note, [log.verifier]).verified).toHaveLength(1);
    expect((await fetch(`${c.served.url}/witness/${'0'.repeat(64)}/checkpoint`)).status).toBe(404);
  });
});
