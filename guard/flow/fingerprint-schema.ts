// Flow and taint: the schema of the persisted fingerprint store (flow.db).
// No column holds a taint value: only keyed fingerprints, HMACs, and labels that are never secrets.

/** 2 added taint_scope (last use per session, for the session bound and the age expiry). */
export const FLOW_STORE_SCHEMA = 2;

export const FLOW_STORE_DDL = `
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS taint_value (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  scope TEXT NOT NULL,
  digest BLOB NOT NULL,
  kind TEXT NOT NULL,
  tool TEXT NOT NULL,
  label TEXT NOT NULL,
  chunked INTEGER NOT NULL,
  used INTEGER NOT NULL,
  UNIQUE (scope, digest)
);
CREATE TABLE IF NOT EXISTS taint_pattern (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  value_id INTEGER NOT NULL REFERENCES taint_value (id) ON DELETE CASCADE,
  scope TEXT NOT NULL,
  fp INTEGER NOT NULL,
  encoding TEXT NOT NULL,
  chunk INTEGER NOT NULL,
  length INTEGER NOT NULL,
  macs BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS taint_pattern_fp ON taint_pattern (scope, fp);
CREATE INDEX IF NOT EXISTS taint_pattern_value ON taint_pattern (value_id);
CREATE TABLE IF NOT EXISTS taint_filter (scope TEXT PRIMARY KEY, bits BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS taint_scope (scope TEXT PRIMARY KEY, used INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS taint_scope_used ON taint_scope (used);
`;

/** Schema 1 to 2: every scope that holds values gets the last use of its newest value. */
export const FLOW_STORE_MIGRATE_1_2 = `
INSERT OR IGNORE INTO taint_scope (scope, used)
  SELECT scope, max(used) FROM taint_value GROUP BY scope;
`;
