// The tracker is bounded (LRU): the persisted store keeps at most maxSessions sessions
// (least recently used, by observation or check, dropped first), drops a session unused for
// maxSessionAgeMs with its taint, never drops node-wide secrets, holds its bound under concurrent
// writer processes, and migrates a schema-1 store.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FingerprintStore } from '../../../guard/flow/fingerprint-store.js';
import { DEFAULT_FLOW_LIMITS, type FlowLimits } from '../../../guard/flow/flow-limits.js';
import { TOUCH_EVERY_MS } from '../../../guard/flow/scope-bounds.js';
import { runStoreWorker } from './run-store-worker.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mesh-flow-bounds-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const token = (): string => randomBytes(18).toString('base64url');
const hex = (s: string): Record<string, unknown> => ({ body: Buffer.from(s).toString('hex') });
const rows = (sql: string): unknown[] => {
  const db = new Database(join(dir, 'flow.db'), { readonly: true });
  try {
    return db.prepare(sql).pluck().all();
  } finally {
    db.close();
  }
};

describe('persisted fingerprint store: session bound and expiry', () => {
  it('drops the least recently used session beyond maxSessions; a check counts as use', () => {
    let t = 1_000_000;
    const limits: FlowLimits = { ...DEFAULT_FLOW_LIMITS, maxSessions: 3 };
    const s = FingerprintStore.open(dir, limits, () => t);
    const secrets = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((n) => [n, token()]));
    for (const n of ['a', 'b', 'c']) {
      t += 1000;
      s.observeResult(n, { tool: 'Read', label: `${n}.env` }, `K=${secrets[n]}`);
    }
    // a is the oldest, but a check after TOUCH_EVERY_MS makes it the most recently used.
    t += TOUCH_EVERY_MS + 1;
    expect(s.check('a', hex(secrets.a ?? '')).hits).toHaveLength(1);
    t += 1000;
    s.observeResult('d', { tool: 'Read', label: 'd.env' }, `K=${secrets.d}`);
    expect(s.check('b', hex(secrets.b ?? '')).hits).toHaveLength(0);
    for (const n of ['a', 'c', 'd'])
      expect([n, s.check(n, hex(secrets[n] ?? '')).hits.length]).toEqual([n, 1]);
    s.close();
    // Those checks used c again (a was used less than TOUCH_EVERY_MS before, so its last use stays):
    // a is now the least recently used.
    // The bound is durable: another process (a reopen) sees it and keeps it.
    const again = FingerprintStore.open(dir, limits, () => t + 1000);
    again.observeResult('e', { tool: 'Read', label: 'e.env' }, `K=${secrets.e}`);
    again.close();
    expect((rows('SELECT scope FROM taint_scope ORDER BY scope') as string[]).sort()).toEqual([
      'c',
      'd',
      'e',
    ]);
    expect(rows('SELECT DISTINCT scope FROM taint_value ORDER BY scope')).toEqual(['c', 'd', 'e']);
    expect(rows("SELECT count(*) FROM taint_pattern WHERE scope IN ('a', 'b')")).toEqual([0]);
  });

  it('drops a session unused for maxSessionAgeMs with its taint, keeps node-wide secrets', () => {
    let t = 5_000_000;
    const limits: FlowLimits = { ...DEFAULT_FLOW_LIMITS, maxSessionAgeMs: 3_600_000 };
    const s = FingerprintStore.open(dir, limits, () => t);
    const old = token();
    const other = token();
    const node = token();
    s.registerSecret(node, 'node-secret');
    s.observeResult('idle', { tool: 'Read', label: '.env' }, `K=${old}`);
    s.observeResult('busy', { tool: 'Read', label: '.env' }, `K=${other}`);
    t += 3_000_000;
    expect(s.check('busy', hex(other)).hits).toHaveLength(1);
    t += 1_000_000;
    // idle: unused for 4,000 s > 3,600 s; busy was checked 1,000 s ago.
    expect(s.check('idle', hex(old)).hits).toHaveLength(0);
    expect(s.check('busy', hex(other)).hits).toHaveLength(1);
    expect(s.check('idle', hex(node)).hits).toHaveLength(1);
    expect(rows("SELECT count(*) FROM taint_value WHERE scope = 'idle'")).toEqual([0]);
    // An observation expires the sessions it finds stale, not only a check of them.
    t += 3_600_001;
    s.observeResult('fresh', { tool: 'Read', label: '.env' }, `K=${token()}`);
    expect(rows("SELECT count(*) FROM taint_value WHERE scope = 'busy'")).toEqual([0]);
    expect(s.check('anyone', hex(node)).hits).toHaveLength(1);
    s.close();
  });

  it('holds the bound while 8 processes add 5 sessions each at once', async () => {
    FingerprintStore.open(dir).close();
    await Promise.all(
      Array.from({ length: 8 }, (_, w) =>
        runStoreWorker(dir, `w${w}`, Array.from({ length: 5 }, token), {
          MESH_TEST_MAX_SESSIONS: '10',
          MESH_TEST_SESSION_EACH: '1',
        }),
      ),
    );
    const scopes = rows('SELECT scope FROM taint_scope') as string[];
    expect(scopes).toHaveLength(10);
    expect((rows('SELECT DISTINCT scope FROM taint_value') as string[]).sort()).toEqual(
      [...scopes].sort(),
    );
    expect(
      rows('SELECT count(*) FROM taint_pattern WHERE value_id NOT IN (SELECT id FROM taint_value)'),
    ).toEqual([0]);
    expect(rows('PRAGMA integrity_check')).toEqual(['ok']);
  }, 120_000);

  it('migrates a schema-1 store: every session with values gets its last use', () => {
    const s = FingerprintStore.open(dir, DEFAULT_FLOW_LIMITS, () => 42_000);
    s.observeResult('old', { tool: 'Read', label: '.env' }, `K=${token()}`);
    s.close();
    const db = new Database(join(dir, 'flow.db'));
    db.exec("DROP TABLE taint_scope; UPDATE meta SET v = '1' WHERE k = 'schema'");
    db.close();
    FingerprintStore.open(dir).close();
    expect(rows("SELECT v FROM meta WHERE k = 'schema'")).toEqual(['2']);
    expect(rows("SELECT used FROM taint_scope WHERE scope = 'old'")).toEqual([42_000]);
  });
});
