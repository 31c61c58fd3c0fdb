// Escalation: the schema of the durable review queue (reviews.db). Schema 3 adds each review's
// quorum and masked call preview, and the approval table (review-quorum.ts); older stores gain them
// on open, and their rows keep their MACs (a quorum of 1 and no preview are outside the MAC).

export const REVIEW_STORE_SCHEMA = 3;

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
  mac TEXT,
  quorum INTEGER NOT NULL DEFAULT 1,
  preview TEXT
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
