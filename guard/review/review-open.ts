// Opening the review database: the file 0600, WAL so that the proxy, hooks and `mesh reviews` in
// other processes share it, synchronous writes, and the schema migrated forward in place.
import type Database from 'better-sqlite3';
import { GuardError } from '../errors.js';
import { createPrivateFile, openSqlite } from '../sqlite-open.js';
import { APPROVAL_DDL } from './review-quorum.js';
import { REVIEW_STORE_DDL, REVIEW_STORE_SCHEMA } from './review-schema.js';

/** Columns added after the first schema, each with the DDL that adds it to an older file. */
const ADDED_COLUMNS: readonly (readonly [string, string])[] = [
  ['mac', 'ALTER TABLE review ADD COLUMN mac TEXT'],
  ['quorum', 'ALTER TABLE review ADD COLUMN quorum INTEGER NOT NULL DEFAULT 1'],
  ['preview', 'ALTER TABLE review ADD COLUMN preview TEXT'],
];

/**
 * Opens (creating) the review database at `path`, migrated to REVIEW_STORE_SCHEMA.
 * @throws GuardError review_store_invalid when the file cannot be opened or its schema is newer
 */
export function openReviewDb(path: string): Database.Database {
  createPrivateFile(path);
  try {
    return openSqlite(path, { timeout: 10_000 }, (db) => {
      migrate(db, path);
    });
  } catch (e) {
    if (e instanceof GuardError) throw e;
    throw new GuardError(
      'review_store_invalid',
      `${path}: cannot open the review queue (${(e as Error).message})`,
      undefined,
      { cause: e },
    );
  }
}

/**
 * The pragmas, then the schema and its forward migration in one immediate transaction: two
 * processes opening an older store at once would otherwise both add the same column.
 */
function migrate(db: Database.Database, path: string): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.transaction(() => {
    migrateSchema(db, path);
  }).immediate();
}

function migrateSchema(db: Database.Database, path: string): void {
  db.exec(REVIEW_STORE_DDL);
  db.exec(APPROVAL_DDL);
  const cols = db.prepare('PRAGMA table_info(review)').all() as { name: string }[];
  for (const [name, ddl] of ADDED_COLUMNS) if (!cols.some((c) => c.name === name)) db.exec(ddl);
  const row = db.prepare('SELECT v FROM meta WHERE k = ?').get('schema') as
    { v: string } | undefined;
  if (!row)
    db.prepare('INSERT OR IGNORE INTO meta (k, v) VALUES (?, ?)').run(
      'schema',
      String(REVIEW_STORE_SCHEMA),
    );
  else if (Number(row.v) < REVIEW_STORE_SCHEMA)
    db.prepare('UPDATE meta SET v = ? WHERE k = ?').run(String(REVIEW_STORE_SCHEMA), 'schema');
  else if (Number(row.v) > REVIEW_STORE_SCHEMA)
    throw new GuardError(
      'review_store_invalid',
      `${path}: schema ${row.v} is newer than this mesh understands (${REVIEW_STORE_SCHEMA}); upgrade interlock-mesh`,
    );
}
