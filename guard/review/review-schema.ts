// Escalation: the schema of the durable review queue (reviews.db).

export const REVIEW_STORE_SCHEMA = 2;

export const REVIEW_STORE_DDL = `
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS review (
  id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  created INTEGER NOT NULL,
  expires INTEGER NOT NULL,
  decided INTEGER,
  approver TEXT,
  note TEXT,
  tool TEXT NOT NULL,
  args_digest TEXT NOT NULL,
  session TEXT NOT NULL,
  rule TEXT NOT NULL,
  reason TEXT NOT NULL,
  attributed_to TEXT,
  front_door TEXT NOT NULL,
  tool_use_id TEXT,
  mac TEXT
);
CREATE INDEX IF NOT EXISTS review_status ON review (status, created);
CREATE INDEX IF NOT EXISTS review_tool_use ON review (tool_use_id);
CREATE TABLE IF NOT EXISTS fp_sighting (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  rule TEXT NOT NULL,
  ref TEXT NOT NULL,
  note TEXT
);
`;
