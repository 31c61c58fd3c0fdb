// docs/guard.md "Receipts" (anchoring in a log), with real processes: `mesh receipts anchor` appends
// the signed head to the anchor file and to the node's receipt log, cosigned by a real
// `mesh serve --role witness`; `mesh receipts verify --anchored` then finds a truncated store even
// when the anchor file was truncated with it, finds the receipt log rolled back (the witness has
// cosigned a larger one), and anchoring refuses to pass without the witness quorum.
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosigner, cosignerVkey, formatSkey } from '../../log/index.js';
import { receiptsNode } from '../guard/receipts/receipts-node.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';

const { home, key, db, mesh, decide } = receiptsNode('mesh-receipt-log-', 'keys/node.key', 120_000);
const anchorFile = join(home, 'anchors', 'receipts.jsonl');
const tiles = join(home, 'anchors', 'receipt-log');
let witness: ServeProcess | undefined;

async function anchor(): Promise<{ seq: number; log?: { size: number; cosigners: string[] } }> {
  const a = await mesh(['receipts', 'anchor', '--json']);
  expect(a.code, a.stdout + a.stderr).toBe(0);
  return JSON.parse(a.stdout) as { seq: number; log?: { size: number; cosigners: string[] } };
}

beforeAll(async () => {
  mkdirSync(join(home, 'keys'), { recursive: true, mode: 0o700 });
  const k = await mesh(['keys', 'new', '--role', 'node', '--out', key, '--json']);
  expect(k.code, k.stderr).toBe(0);
  const lk = await mesh(['receipts', 'log-key', '--json']);
  expect(lk.code, lk.stderr).toBe(0);
  const { origin, vkey } = JSON.parse(lk.stdout) as { origin: string; vkey: string };
  const wdir = join(home, 'witness');
  mkdirSync(wdir);
  const seed = randomBytes(32);
  const wkey = join(wdir, 'witness.skey');
  writeFileSync(wkey, `${formatSkey('witness.test', seed)}\n`);
  chmodSync(wkey, 0o600);
  const wconfig = join(wdir, 'config.json');
  writeFileSync(
    wconfig,
    JSON.stringify({ witness: { key: wkey, logs: [{ origin, vkeys: [vkey] }] } }),
  );
  witness = await startServe([
    '--role',
    'witness',
    '--data',
    join(wdir, 'data'),
    '--config',
    wconfig,
  ]);
  const wvkey = cosignerVkey(cosigner('witness.test', seed));
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ receipts: { log: { witnesses: [`${witness.url}=${wvkey}`], quorum: 1 } } }),
  );
}, 180_000);

afterAll(async () => {
  await witness?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('receipt heads anchored in a witnessed log', () => {
  it('anchors with a cosignature and verifies; a truncated store is found through the log alone', async () => {
    await decide();
    const first = await anchor();
    expect(first).toMatchObject({ seq: 3, log: { size: 1, cosigners: ['witness.test'] } });
    cpSync(tiles, join(home, 'tiles-at-1'), { recursive: true });
    await decide();
    expect(await anchor()).toMatchObject({ seq: 6, log: { size: 2, cosigners: ['witness.test'] } });
    const ok = await mesh(['receipts', 'verify', '--anchored', '--json']);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, receipts: 6, log: { size: 2 } });
    // The store and the anchor file cut back together: the witnessed log still holds head 6.
    const d = new Database(db);
    d.exec('DELETE FROM receipts WHERE seq > 3; DELETE FROM heads WHERE seq > 3');
    d.close();
    writeFileSync(anchorFile, '');
    const plain = await mesh(['receipts', 'verify']);
    expect(plain.code, plain.stdout).toBe(0);
    const cut = await mesh(['receipts', 'verify', '--anchored']);
    expect(cut.code).toBe(1);
    expect(cut.stdout).toMatch(/anchored head 6 is past the last receipt 3/);
  }, 300_000);

  it('finds the receipt log rolled back to an older size the witness has moved past', async () => {
    rmSync(tiles, { recursive: true, force: true });
    cpSync(join(home, 'tiles-at-1'), tiles, { recursive: true });
    const r = await mesh(['receipts', 'verify', '--anchored']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /has cosigned size 2 of the receipt log; the log here has 1 \(rolled back\)/,
    );
  }, 300_000);

  it('refuses to anchor in the log without the witness quorum, and says what to do', async () => {
    await witness?.stop();
    witness = undefined;
    const r = await mesh(['receipts', 'anchor']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/quorum_not_met/);
    expect(r.stderr).toMatch(/mesh receipts anchor again/);
    // Nor can verify rule out a rollback against a witness it cannot ask: it says so and fails.
    const v = await mesh(['receipts', 'verify', '--anchored']);
    expect(v.code).toBe(1);
    expect(v.stdout).toMatch(/could not be asked .*a rollback is not ruled out against it/);
  }, 300_000);
});
