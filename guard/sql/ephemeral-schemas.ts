// Dropping a schema made for one change is routine cleanup: dbt and CI jobs build a schema per pull
// request or run (`dbt_pr_1187`, `ci_20431`, `dbt_cloud_pr_88_12`) and drop it when done, and a
// developer's sandbox (`dbt_jane`, `dev_jsmith`) lives in a dev or test database. A name with a
// live word (prod, main, staging, shared) in any part, a sandbox outside a named dev database, or
// any other schema stays a drop (docs/guard.md "SQL").

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

/** A schema named for one pull/merge request, CI run, build or pipeline job, or a preview. */
const CHANGE =
  /(?:^|_)(?:pr|mr|pull|ci|build|run|pipeline|job)_?\d+(?:_|$)|^(?:preview|ephemeral)(?:_|$)/;
/** A developer's own schema: a tool or sandbox word and one user name. */
const SANDBOX = /^(?:dbt|dev|sandbox|scratch)_[a-z][a-z0-9]*$/;
const LIVE =
  /(?:^|_)(?:prod|prd|production|live|main|master|staging|stage|stg|shared|public)(?:_|$)/;
const DEV_DB = /(?:^|_)(?:dev|development|test|testing|ci|sandbox|scratch)(?:_|$)/;
const NAME = /^[a-z0-9_$]+$/;

/** `parts` (`[database?, schema]`, as written) name a schema made for one change or developer. */
export function ephemeralSchema(parts: readonly string[]): boolean {
  if (parts.length < 1 || parts.length > 2) return false;
  const names = parts.map((p) => p.toLowerCase().replace(/-/g, '_'));
  if (!names.every((n) => NAME.test(n) && !LIVE.test(n))) return false;
  const schema = names[names.length - 1] ?? '';
  if (CHANGE.test(schema)) return true;
  return names.length === 2 && SANDBOX.test(schema) && DEV_DB.test(names[0] ?? '');
}

/** A whole statement that drops one or more such schemas (or databases), read lexically. */
const DROP_SCHEMA =
  /^\s*DROP\s+(?:SCHEMA|DATABASE)\s+(?:IF\s+EXISTS\s+)?([\w.$-]+(?:\s*,\s*[\w.$-]+)*)\s*(?:CASCADE|RESTRICT)?\s*$/i;

/** True when the statement `stmt` (comments and strings blanked) only drops change schemas. */
export function ephemeralSchemaDropText(stmt: string): boolean {
  const m = DROP_SCHEMA.exec(stmt);
  if (m === null) return false;
  return (m[1] ?? '').split(',').every((n) => ephemeralSchema(n.trim().split('.')));
}

/**
 * True when a DropStmt of schemas (or a DropdbStmt) only drops change schemas. This value comes
 * from attacker-controlled SQL (a parse tree).
 */
export function ephemeralSchemaDrop(kind: string, stmt: Node): boolean {
  if (kind === 'DropdbStmt')
    return typeof stmt.dbname === 'string' && ephemeralSchema([stmt.dbname]);
  if (stmt.removeType !== 'OBJECT_SCHEMA' || !Array.isArray(stmt.objects)) return false;
  const objects = stmt.objects as unknown[];
  return (
    objects.length > 0 &&
    objects.every(
      (o) =>
        isNode(o) &&
        isNode(o.String) &&
        typeof o.String.sval === 'string' &&
        ephemeralSchema([o.String.sval]),
    )
  );
}
