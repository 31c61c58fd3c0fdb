import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesToHex } from '@noble/hashes/utils.js';
import {
  compilePolicy,
  createGuard,
  ed25519Signer,
  maskedPreview,
  ReceiptStore,
  ReceiptWriter,
  verifyReceipts,
} from '../../../guard/index.js';
import { ROOT } from '../../support/env.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const seed = Buffer.alloc(32, 7);
const signer = ed25519Signer(seed);
const keyHex = bytesToHex(signer.publicKey);

function tempDb(): string {
  const d = mkdtempSync(join(tmpdir(), 'receipts-'));
  dirs.push(d);
  return join(d, 'receipts.db');
}

const SECRET = 'AKIAZ7QJ4XK2M3N5P6WV';
const policy = compilePolicy({
  format: 1,
  rules: [
    { id: 'sec', verdict: 'block', when: { detector: 'secrets', field: 'args' }, reason: 'secret' },
  ],
});

async function fill(path: string, n: number): Promise<string> {
  const store = new ReceiptStore(path, signer);
  const g = createGuard({ policies: [policy], receipts: new ReceiptWriter(store) });
  for (let i = 0; i < n; i++)
    await g.decide({
      phase: 'call',
      tool: 'Bash',
      args: { command: i % 3 === 0 ? `export K=${SECRET}` : `ls ${i}` },
    });
  const head = store.head();
  store.close();
  return head.hash;
}

function edit(path: string, sql: string): void {
  const db = new Database(path);
  db.exec(sql);
  db.close();
}

describe('receipt chain', () => {
  it('one receipt per decision; verifies clean; holds digests and masked previews only', async () => {
    const path = tempDb();
    await fill(path, 12);
    const r = verifyReceipts(path, { key: keyHex });
    expect(r).toMatchObject({ ok: true, receipts: 12, signed_head: 12, problems: [] });
    const db = new Database(path, { readonly: true });
    const bodies = (db.prepare('SELECT body FROM receipts').all() as { body: string }[]).map(
      (x) => x.body,
    );
    db.close();
    expect(bodies.join('\n')).not.toContain(SECRET);
    expect(bodies[0]).toContain('[aws_access_key_id]');
    expect(JSON.parse(bodies[0]!)).toMatchObject({
      verdict: 'block',
      rule: 'sec',
      attributed_to: 'args.command',
    });
    expect(maskedPreview(`x ${SECRET} y`)).toBe('x [aws_access_key_id] y');
  });

  const tampers: [string, string, RegExp][] = [
    [
      'an edited body',
      'UPDATE receipts SET body = replace(body, \'"verdict":"block"\', \'"verdict":"allow"\') WHERE seq = 4',
      /receipt 4 does not match its hash/,
    ],
    ['a deleted receipt', 'DELETE FROM receipts WHERE seq = 5', /receipts 5\.\.5 are missing/],
    [
      'reordered receipts',
      'UPDATE receipts SET seq = -1 WHERE seq = 3; UPDATE receipts SET seq = 3 WHERE seq = 4; UPDATE receipts SET seq = 4 WHERE seq = -1',
      /does not follow/,
    ],
    ['a truncated tail', 'DELETE FROM receipts WHERE seq > 9', /past the last receipt/],
    [
      'a forged signature',
      "UPDATE heads SET sig = (CASE WHEN substr(sig, 1, 1) = '0' THEN '1' ELSE '0' END) || substr(sig, 2) WHERE seq = (SELECT max(seq) FROM heads)",
      /no valid signature/,
    ],
    [
      'an unsigned appended tail',
      'INSERT INTO receipts (seq, prev, hash, body) SELECT 13, hash, hash, body FROM receipts WHERE seq = 12',
      /not covered by a signed head/,
    ],
  ];
  it.each(tampers)('detects %s', async (_name, sql, problem) => {
    const path = tempDb();
    await fill(path, 12);
    edit(path, sql);
    const r = verifyReceipts(path, { key: keyHex });
    expect(r.ok).toBe(false);
    expect(r.problems.join('\n')).toMatch(problem);
  });

  it('detects a clean truncation (receipts and heads removed) against a recorded head', async () => {
    const path = tempDb();
    const head = await fill(path, 12);
    edit(path, 'DELETE FROM receipts WHERE seq > 8; DELETE FROM heads WHERE seq > 8');
    expect(verifyReceipts(path, { key: keyHex }).ok).toBe(true);
    const r = verifyReceipts(path, { key: keyHex, head });
    expect(r.ok).toBe(false);
    expect(r.problems[0]).toMatch(/not in the chain/);
  });

  it('a chain rewritten wholesale without the node key fails on the heads', async () => {
    const path = tempDb();
    await fill(path, 6);
    const other = ed25519Signer(Buffer.alloc(32, 9));
    const store = new ReceiptStore(path, other);
    store.close();
    edit(path, "UPDATE heads SET key = 'aa'");
    expect(verifyReceipts(path, { key: keyHex }).problems.join()).toMatch(/no valid signature/);
    expect(verifyReceipts(path, { key: bytesToHex(other.publicKey) }).ok).toBe(false);
  });

  it('8 concurrent writer processes append to one chain without forking it', async () => {
    const path = tempDb();
    new ReceiptStore(path, signer).close();
    const perWriter = 60;
    const fixture = join(ROOT, 'test/guard/fixtures/receipt-writer.ts');
    const runs = Array.from(
      { length: 8 },
      (_, w) =>
        new Promise<number | null>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            ['--import', 'tsx', fixture, path, seed.toString('hex'), String(perWriter), String(w)],
            { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
          );
          let err = '';
          child.stderr.on('data', (d: Buffer) => {
            err += d.toString();
          });
          child.on('error', reject);
          child.on('close', (code) => {
            if (code === 0) resolve(code);
            else reject(new Error(`writer ${w} exited ${String(code)}: ${err}`));
          });
        }),
    );
    await Promise.all(runs);
    const r = verifyReceipts(path, { key: keyHex });
    expect(r.problems).toEqual([]);
    expect(r).toMatchObject({ ok: true, receipts: 8 * perWriter, signed_head: 8 * perWriter });
    const db = new Database(path, { readonly: true });
    const reasons = (db.prepare('SELECT body FROM receipts').all() as { body: string }[]).map(
      (x) => (JSON.parse(x.body) as { reason: string }).reason,
    );
    db.close();
    expect(new Set(reasons).size).toBe(8 * perWriter);
  }, 300_000);

  it('refuses a store from a newer receipt schema', () => {
    const path = tempDb();
    new ReceiptStore(path, signer).close();
    edit(path, "UPDATE meta SET value = '99' WHERE key = 'schema'");
    expect(() => verifyReceipts(path)).toThrow(/newer/);
    expect(() => new ReceiptStore(path, signer)).toThrow(/newer/);
  });
});
