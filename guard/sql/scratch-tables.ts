// Dropping or emptying a table kept for scratch work is routine cleanup, not data destroyed: a table
// in a scratch schema or named as temporary or as a test table, dropped with IF EXISTS or truncated,
// without CASCADE, or a TEMP table the same SQL created (docs/guard.md "SQL").

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

/**
 * Words of a schema that holds only scratch or test work (`scratch`, `tmp_etl`, `sandbox_jane`,
 * `dev`, `test_fixtures`): tests reload such a schema's tables for each run.
 */
const SCRATCH_SCHEMA = new Set([
  'scratch',
  'tmp',
  'temp',
  'sandbox',
  'dev',
  'test',
  'tests',
  'fixture',
  'fixtures',
]);
/** Words that name live data: a name holding one is never scratch, whatever else it says. */
const LIVE = new Set(['prod', 'production', 'prd', 'live']);
/** Words before a final `test` that make it a business table (`ab_test`, `split_tests`). */
const EXPERIMENT = new Set(['ab', 'split', 'multivariate', 'load']);
/** Words of a table named as temporary (`tmp_orders`, `orders_temp`, `jane_scratch_x`). */
const SCRATCH_TABLE = new Set(['tmp', 'temp', 'scratch']);
/**
 * An ETL's staging table, reloaded by every run (`staging_import_rows`, `stg_orders`,
 * `orders_staging`, `customers_import`): a staging word as the name's first or last word, a load
 * word as its last. Inside a name (`order_staging_notes`) it names no such table.
 */
const STAGING_EDGE = new Set(['staging', 'stg', 'stage', 'landing']);
const LOAD_LAST = new Set(['import', 'load']);
function stagingTable(t: readonly string[]): boolean {
  if (t.length < 2) return false;
  const last = t.at(-1) ?? '';
  return STAGING_EDGE.has(t[0] ?? '') || STAGING_EDGE.has(last) || LOAD_LAST.has(last);
}
/**
 * An ETL's staging schema (`staging_import`, `stg_load`, `etl_staging`): a staging word beside a
 * load word. A schema named only `staging` may be the staging environment's data, so it is none.
 */
const SCHEMA_LOAD = new Set(['import', 'load', 'etl', 'ingest']);
function stagingSchema(schema: string): boolean {
  const w = words(schema);
  return w.length <= 3 && w.some((x) => STAGING_EDGE.has(x)) && w.some((x) => SCHEMA_LOAD.has(x));
}
/** Object kinds that hold no data of their own beyond the table's. */
const TABLE_KINDS = new Set(['OBJECT_TABLE', 'OBJECT_VIEW', 'OBJECT_INDEX', 'OBJECT_SEQUENCE']);

const words = (name: string): string[] => name.toLowerCase().split(/[_\-$]+/);
const anyWord = (name: string, set: Set<string>): boolean => words(name).some((w) => set.has(w));

/** The dotted name parts of one DropStmt object (`db.schema.table` → three parts). */
function parts(obj: unknown): string[] {
  const items = isNode(obj) && isNode(obj.List) ? obj.List.items : undefined;
  if (!Array.isArray(items)) return [];
  return items.map((i: unknown) =>
    isNode(i) && isNode(i.String) && typeof i.String.sval === 'string' ? i.String.sval : '',
  );
}

/**
 * One dropped name is scratch work: its schema says so, or its own name does (a temporary word
 * anywhere, or `test` as its first or last word: `test_events`, `orders_test`, not
 * `ab_test_assignments`), and no part of it names live data (`prod.test_orders`).
 */
function scratchName(p: string[]): boolean {
  const table = p[p.length - 1] ?? '';
  const schema = p.length >= 2 ? (p[p.length - 2] ?? '') : '';
  const t = words(table);
  // `orders_test` as `test_orders`, but not an experiment's table (`ab_test`)
  const testLast =
    t.length > 1 && /^tests?$/.test(t.at(-1) ?? '') && !EXPERIMENT.has(t.at(-2) ?? '');
  return (
    table !== '' &&
    !p.some((n) => anyWord(n, LIVE)) &&
    (anyWord(schema, SCRATCH_SCHEMA) ||
      stagingSchema(schema) ||
      anyWord(table, SCRATCH_TABLE) ||
      (t[0] === 'test' && t.length > 1) ||
      testLast ||
      stagingTable(t))
  );
}

/** The names of TEMP tables created in `stmts` (CREATE TEMP TABLE, CREATE TEMP TABLE ... AS). */
export function tempTables(stmts: unknown): Set<string> {
  const out = new Set<string>();
  if (!Array.isArray(stmts)) return out;
  for (const s of stmts as unknown[]) {
    const stmt = isNode(s) && isNode(s.stmt) ? s.stmt : undefined;
    const create = isNode(stmt?.CreateStmt) ? stmt.CreateStmt : undefined;
    const as = isNode(stmt?.CreateTableAsStmt) ? stmt.CreateTableAsStmt : undefined;
    const rel = create?.relation ?? (isNode(as?.into) ? as.into.rel : undefined);
    if (isNode(rel) && rel.relpersistence === 't' && typeof rel.relname === 'string')
      out.add(rel.relname.toLowerCase());
  }
  return out;
}

/**
 * True when a DropStmt only cleans up scratch work: every object a scratch table dropped with IF
 * EXISTS, or a TEMP table created earlier in the same SQL; never with CASCADE, which reaches
 * whatever depends on it. This value comes from attacker-controlled SQL (a parse tree).
 */
export function scratchDrop(drop: Node, temps: Set<string>): boolean {
  if (typeof drop.removeType !== 'string' || !TABLE_KINDS.has(drop.removeType)) return false;
  if (drop.behavior === 'DROP_CASCADE' || !Array.isArray(drop.objects)) return false;
  const objects = (drop.objects as unknown[]).map(parts);
  return (
    objects.length > 0 &&
    objects.every(
      (p) =>
        (drop.missing_ok === true && scratchName(p)) ||
        (p.length === 1 && temps.has((p[0] ?? '').toLowerCase())),
    )
  );
}

/** The dotted name of one TruncateStmt relation (`schema.table` → two parts). */
function rangeParts(rel: unknown): string[] {
  const r = isNode(rel) && isNode(rel.RangeVar) ? rel.RangeVar : undefined;
  if (r === undefined || typeof r.relname !== 'string') return [];
  return typeof r.schemaname === 'string' ? [r.schemaname, r.relname] : [r.relname];
}

/**
 * True when a TruncateStmt only empties scratch work: every relation a scratch table or a TEMP
 * table created earlier in the same SQL; never with CASCADE, which empties every table that
 * references them. This value comes from attacker-controlled SQL (a parse tree).
 */
export function scratchTruncate(stmt: Node, temps: Set<string>): boolean {
  if (stmt.behavior === 'DROP_CASCADE' || !Array.isArray(stmt.relations)) return false;
  const rels = (stmt.relations as unknown[]).map(rangeParts);
  return (
    rels.length > 0 &&
    rels.every((p) => scratchName(p) || (p.length === 1 && temps.has((p[0] ?? '').toLowerCase())))
  );
}
