// The proxy, hooks and `mesh reviews` are separate processes (docs/guard.md "Held for review"): when
// several open a review queue that does not exist yet, SQLite can answer the change to WAL with an
// immediate SQLITE_BUSY; each must retry and get the same migrated store.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openReviewDb } from '../../../guard/review/review-open.js';
import { runAt, type ChildEnd } from '../../support/at-once.js';

/** A store of the first schema: no MAC, quorum or preview columns yet. */
const SCHEMA_1 = `
CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
INSERT INTO meta VALUES ('schema', '1');
CREATE TABLE review (id TEXT PRIMARY KEY, status TEXT NOT NULL, created INTEGER NOT NULL,
  expires INTEGER NOT NULL, decided INTEGER, approver TEXT, note TEXT, tool TEXT NOT NULL,
  args_digest TEXT NOT NULL, session TEXT NOT NULL, rule TEXT NOT NULL, reason TEXT NOT NULL,
  attributed_to TEXT, front_door TEXT NOT NULL, tool_use_id TEXT);
`;

const OPENER = pathToFileURL(resolve('dist/guard/review/review-open.js')).href;

/** Every child waits for one instant after loading, so the opens meet inside SQLite. */
const openInChild = (path: string, startAt: number): Promise<ChildEnd> =>
  runAt(
    startAt,
    `const { openReviewDb } = await import(${JSON.stringify(OPENER)});`,
    `const db = openReviewDb(${JSON.stringify(path)});
db.prepare('SELECT count(*) FROM review').get();
db.close();`,
  );

describe('review queue opened by several processes at once', () => {
  it('opens one migrated store in every process', async () => {
    for (let round = 0; round < 4; round++) {
      const path = join(mkdtempSync(join(tmpdir(), 'mesh-review-race-')), 'reviews.db');
      const startAt = Date.now() + 1500;
      const runs = await Promise.all([1, 2, 3, 4, 5, 6].map(() => openInChild(path, startAt)));
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      const db = openReviewDb(path);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
    }
  });

  it('migrates an older store once when several processes open it at once', async () => {
    for (let round = 0; round < 4; round++) {
      const path = join(mkdtempSync(join(tmpdir(), 'mesh-review-race-')), 'reviews.db');
      const old = new Database(path);
      old.exec(SCHEMA_1);
      old.close();
      const startAt = Date.now() + 1500;
      const runs = await Promise.all([1, 2, 3, 4, 5, 6].map(() => openInChild(path, startAt)));
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      const db = openReviewDb(path);
      const cols = db.prepare('PRAGMA table_info(review)').all() as { name: string }[];
      expect(cols.map((c) => c.name)).toEqual(expect.arrayContaining(['mac', 'quorum', 'preview']));
      expect(db.prepare("SELECT v FROM meta WHERE k = 'schema'").get()).toEqual({ v: '3' });
      db.close();
    }
  });
});
