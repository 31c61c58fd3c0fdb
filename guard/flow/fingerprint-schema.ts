// Issue 8 "Flow and taint": the schema of the persisted fingerprint store (flow.db).
// No column holds a taint value: only keyed fingerprints, HMACs, and labels that are never secrets.

export const FLOW_STORE_SCHEMA = 1;

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
`;
