// docs/guard.md "Receipts", through the real CLI: `mesh keys new --role node` makes the key the guard
// signs with; `mesh receipts verify` checks heads against that key, never the key the store names, so
// a store rewritten to allow and re-signed with a fresh key fails; `mesh receipts anchor` keeps the
// signed head outside the store, and `verify --anchored` finds a truncated store.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ReceiptStore,
  ReceiptWriter,
  ed25519Signer,
  type Evaluation,
} from '../../../guard/index.js';
import { EVENTS, receiptsNode } from './receipts-node.js';

const { home, key, db, mesh, decide } = receiptsNode('mesh-pinned-', 'node.key', 60_000);

afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

describe('receipts an auditor can trust', () => {
  it('signs with a `mesh keys new --role node` key and verifies against it', async () => {
    const k = await mesh(['keys', 'new', '--role', 'node', '--out', key, '--json']);
    expect(k.code, k.stderr).toBe(0);
    await decide();
    const ok = await mesh(['receipts', 'verify', '--node-key', key, '--json']);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    const pub = (JSON.parse(k.stdout) as { public: string }).public;
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, receipts: 3, key: pub });
  }, 60_000);

  it('refuses a store rewritten to allow and re-signed with a fresh key', async () => {
    rmSync(db);
    const forged = new ReceiptStore(db, ed25519Signer(randomBytes(32)));
    const writer = new ReceiptWriter(forged);
    for (const line of EVENTS.split('\n')) {
      const ev: Evaluation = {
        decision: {
          verdict: 'allow',
          rule: null,
          reason: 'no rule matched',
          attributed_to: null,
          shadow: false,
        },
        hits: [],
        elapsedNs: 0,
      };
      await writer.append(ev, JSON.parse(line));
    }
    forged.close();
    const bad = await mesh(['receipts', 'verify', '--node-key', key]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/no valid signature by the node key/);
    const pinned = await mesh(['receipts', 'verify']);
    expect(pinned.code).toBe(1);
    rmSync(db);
  }, 60_000);

  it('finds a truncated store against the anchored head', async () => {
    await decide();
    await decide();
    const a = await mesh(['receipts', 'anchor', '--json']);
    expect(a.code, a.stderr).toBe(0);
    expect(JSON.parse(a.stdout)).toMatchObject({ seq: 6 });
    const d = new Database(db);
    d.exec('DELETE FROM receipts WHERE seq > 3; DELETE FROM heads WHERE seq > 3');
    d.close();
    const plain = await mesh(['receipts', 'verify', '--node-key', key]);
    expect(plain.code, plain.stdout).toBe(0);
    const anchored = await mesh(['receipts', 'verify', '--node-key', key, '--anchored']);
    expect(anchored.code).toBe(1);
    expect(anchored.stdout).toMatch(/anchored head 6 is past the last receipt 3/);
  }, 90_000);
});
