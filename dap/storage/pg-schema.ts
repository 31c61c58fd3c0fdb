// The PostgreSQL store's schema: a version table and forward-only migrations, applied in order, each
// in one transaction under an advisory lock so processes starting together migrate once.
import type { Sql } from 'postgres';
import { DapError } from '../errors.js';

/** Advisory lock key of migrations (distinct from the store's write lock). */
const MIGRATE_LOCK = 0x6d657368_0001n;

/**
 * Migration N (1-based) brings the schema from version N-1 to N. Never edit a released one: add the
 * next. Keys use the "C" collation, so the key order is byte order, as level's.
 */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE dap_kv (
     key text COLLATE "C" PRIMARY KEY,
     value bytea NOT NULL
   );
   CREATE TABLE dap_leases (
     name text COLLATE "C" PRIMARY KEY,
     holder text NOT NULL,
     expires_at timestamptz NOT NULL,
     acquired bigint NOT NULL DEFAULT 0
   );`,
  // Commit tokens: a transaction whose COMMIT answer was lost is recognised as applied (pg-tx.ts).
  `CREATE TABLE dap_commits (
     token text COLLATE "C" PRIMARY KEY,
     at timestamptz NOT NULL DEFAULT now()
   );
   CREATE INDEX dap_commits_at ON dap_commits (at);`,
  // The collector role's batches: one row per collected batch, the commit point of its proposal.
  `CREATE TABLE dap_collected (
     task_id text COLLATE "C" NOT NULL,
     id text COLLATE "C" NOT NULL,
     seq integer NOT NULL,
     record text NOT NULL,
     at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (task_id, id),
     UNIQUE (task_id, seq)
   );`,
  // Values are kept uncompressed: shares and ciphertexts do not compress, and trying costs a job's
  // record (hundreds of reports) more server CPU than the rest of its write (docs/dap.md "Storage
  // backends"). Rows written before keep their form; both read alike.
  `ALTER TABLE dap_kv ALTER COLUMN value SET STORAGE EXTERNAL;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export interface MigrateResult {
  from: number;
  to: number;
}

/**
 * Creates the version table if missing and applies every migration above the stored version.
 *
 * @throws {DapError} storage_schema_newer (written by a newer mesh: this one must not touch it)
 */
export async function migrate(sql: Sql): Promise<MigrateResult> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATE_LOCK.toString()}::bigint)`;
    await tx`CREATE TABLE IF NOT EXISTS dap_schema_version (
      version integer PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`;
    const [row] = await tx<
      { v: number | null }[]
    >`SELECT max(version) AS v FROM dap_schema_version`;
    const from = row?.v ?? 0;
    if (from > SCHEMA_VERSION)
      throw new DapError(
        'storage_schema_newer',
        `the database holds schema version ${String(from)}; this mesh knows up to ${String(SCHEMA_VERSION)}`,
        { hint: 'upgrade mesh on this machine before pointing it at this database' },
      );
    for (let v = from + 1; v <= SCHEMA_VERSION; v++) {
      await tx.unsafe(MIGRATIONS[v - 1] ?? '');
      await tx`INSERT INTO dap_schema_version (version) VALUES (${v})`;
    }
    return { from, to: SCHEMA_VERSION };
  });
}
