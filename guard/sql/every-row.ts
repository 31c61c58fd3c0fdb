// WHERE clauses that select (nearly) every row, read from the PostgreSQL parse tree and lexically
// (docs/guard.md "SQL"): a constant truth (`true`, `1 = 1`), a timestamp before the current time
// (`created_at < now()`, no interval taken off), a key that every row has (`id > 0`, `id IS NOT
// NULL`), a key that spares one or a few values (`ID <> 1`, `user_id != 7`, `id NOT IN (1, 2)`),
// a pattern every text matches (`LIKE '%'`), and an OR with one of these as a branch. A cut-off in
// the past (`now() - interval '30 days'`), a column that can be null for some rows (`revoked_at IS
// NOT NULL`), a key kept out by a subquery (orphans) or a non-key column (`status <> 'active'`) is a filter.

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null;

/** Columns every row fills: the surrogate key and the row's own creation time. */
const ALWAYS_SET = /^(?:id|uuid|created_at|createdat|created|inserted_at|insertedat|created_on)$/i;
/**
 * Times of what already happened to a row (its creation, its last change or visit): before "now"
 * holds for every row written. Times ahead (`expires_at`, `run_at`, `locked_until`) are filters.
 */
const PAST_TIME =
  /^(?:created|inserted|updated|modified|changed|last_[a-z_]+|[a-z_]*seen|logged|recorded|occurred|sent|received|added|registered|signed_up|joined|timestamp|ts)(?:_at|_on|_time|_date|_ts)?$/;

/** `lastLoginAt`, `"LastLoginAt"`, `last_login_at`, `t.created_at` as one snake-case name. */
function snake(col: string): string {
  const bare = col.replace(/^.*\./, '').replace(/["`[\]]/g, '');
  return bare.replace(/([a-z\d])([A-Z])/g, '$1_$2').toLowerCase();
}
const pastTime = (col: string): boolean => PAST_TIME.test(snake(col));
/**
 * A row's key or an owner's key (`ID`, `user_id`, `UserID`, `uuid`): sparing one or a few of its
 * values (the admin, the keeping user) still takes every other row.
 */
const KEY = /^(?:id|uuid|guid|pk|[a-z\d_]+_(?:id|uuid|guid|pk))$/;
const keyColumn = (col: string): boolean => KEY.test(snake(col));
/** Most values a `NOT IN (...)` list may spare and still take (nearly) every row. */
const FEW = 3;

function columnName(n: unknown): string | null {
  if (!isNode(n) || !isNode(n.ColumnRef) || !Array.isArray(n.ColumnRef.fields)) return null;
  const last: unknown = n.ColumnRef.fields[n.ColumnRef.fields.length - 1];
  return isNode(last) && isNode(last.String) && typeof last.String.sval === 'string'
    ? last.String.sval
    : null;
}

/** The current time itself: now(), current_timestamp, current_date, localtimestamp, ... */
function isNow(n: unknown): boolean {
  if (!isNode(n)) return false;
  if (isNode(n.TypeCast)) return isNow(n.TypeCast.arg);
  if (isNode(n.SQLValueFunction)) return true;
  const f = n.FuncCall;
  if (!isNode(f) || !Array.isArray(f.funcname)) return false;
  const last: unknown = f.funcname[f.funcname.length - 1];
  const name = isNode(last) && isNode(last.String) ? last.String.sval : '';
  return (
    typeof name === 'string' &&
    /^(?:now|clock_timestamp|statement_timestamp|transaction_timestamp|getdate|sysdate|utc_timestamp|current_timestamp)$/i.test(
      name,
    )
  );
}

function integer(n: unknown): number | null {
  if (!isNode(n) || !isNode(n.A_Const)) return null;
  const iv = n.A_Const.ival;
  if (!isNode(iv)) return null;
  return typeof iv.ival === 'number' ? iv.ival : 0;
}

/** `1 = 1`, `'a' = 'a'`: the same constant on both sides. */
function sameConstant(a: unknown, b: unknown): boolean {
  if (!isNode(a) || !isNode(b) || !isNode(a.A_Const) || !isNode(b.A_Const)) return false;
  const plain = (c: Node): string => JSON.stringify({ ...c, location: undefined });
  return plain(a.A_Const) === plain(b.A_Const);
}

const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

function opOf(e: Node): string {
  const name: unknown = Array.isArray(e.name) ? e.name[0] : undefined;
  return isNode(name) && isNode(name.String) && typeof name.String.sval === 'string'
    ? name.String.sval
    : '';
}

/** `col OP right` with the column on the left (a mirrored `now() > col` turned round). */
function comparison(e: Node): { col: string; op: string; right: unknown } | null {
  const op = opOf(e);
  const left = columnName(e.lexpr);
  if (left !== null) return { col: left, op, right: e.rexpr };
  const right = columnName(e.rexpr);
  return right !== null ? { col: right, op: FLIP[op] ?? op, right: e.lexpr } : null;
}

/** True when the parsed WHERE `where` holds for (nearly) every row of any table. */
export function everyRowWhere(where: unknown): boolean {
  if (!isNode(where)) return false;
  const b = where.BoolExpr;
  if (isNode(b) && Array.isArray(b.args)) {
    if (b.boolop === 'OR_EXPR') return b.args.some(everyRowWhere);
    if (b.boolop === 'AND_EXPR') return b.args.every(everyRowWhere);
    return false;
  }
  const t = where.NullTest;
  if (isNode(t)) {
    const col = columnName(t.arg);
    return t.nulltesttype === 'IS_NOT_NULL' && col !== null && ALWAYS_SET.test(col);
  }
  const k = where.A_Const;
  if (isNode(k)) return isNode(k.boolval) && k.boolval.boolval === true;
  const e = where.A_Expr;
  if (!isNode(e)) return false;
  if (e.kind === 'AEXPR_LIKE' || e.kind === 'AEXPR_ILIKE') return matchesAll(e);
  if (e.kind === 'AEXPR_IN') return sparesFew(e);
  if (e.kind !== 'AEXPR_OP') return false;
  if (opOf(e) === '=' && sameConstant(e.lexpr, e.rexpr)) return true;
  const c = comparison(e);
  if (c === null) return false;
  if ((c.op === '<' || c.op === '<=') && isNow(c.right)) return pastTime(c.col);
  if (!keyColumn(c.col)) return false;
  if (c.op === '<>') return isConstant(c.right);
  const n = integer(c.right);
  return n !== null && ((c.op === '>' && n <= 0) || (c.op === '>=' && n <= 1));
}

const isConstant = (n: unknown): boolean =>
  isNode(n) && isNode(n.A_Const) && n.A_Const.isnull !== true;

/** `col LIKE '%'` (any column, any case): every non-null text matches. */
function matchesAll(e: Node): boolean {
  const r = e.rexpr;
  if (opOf(e).startsWith('!') || !isNode(r) || !isNode(r.A_Const)) return false;
  const v = r.A_Const.sval;
  return isNode(v) && typeof v.sval === 'string' && /^%+$/.test(v.sval);
}

/** `key NOT IN (1, 2)`: a short list of constants spared, every other row taken. */
function sparesFew(e: Node): boolean {
  const col = columnName(e.lexpr);
  const list = isNode(e.rexpr) && isNode(e.rexpr.List) ? e.rexpr.List.items : undefined;
  return (
    opOf(e) === '<>' &&
    col !== null &&
    keyColumn(col) &&
    Array.isArray(list) &&
    list.length <= FEW &&
    list.every(isConstant)
  );
}

const NOW_WORD =
  /^(?:now\s*\(\s*\)|current_timestamp(?:\s*\(\s*\))?|current_date|localtimestamp|getdate\s*\(\s*\)|sysdate(?:\s*\(\s*\))?|utc_timestamp\s*\(\s*\))$/i;
/** WHERE and its one condition, up to the statement's end or a LIMIT, ORDER BY or RETURNING. */
const LEXICAL_WHERE =
  /^WHERE\s+([\w.`"[\]]{1,128})\s*(<>|<=?|>=?|!=|IS\s+NOT)\s*([\s\S]*?)\s*(?:$|\b(?:LIMIT|ORDER|RETURNING)\b)/i;

/** True when `rest` (the text from WHERE on, quotes blanked, other dialects) selects every row. */
export function everyRowLexical(rest: string): boolean {
  const m = LEXICAL_WHERE.exec(rest.trim());
  if (m === null) return false;
  const [, col = '', op = '', right = ''] = m;
  if (op.startsWith('<') && NOW_WORD.test(right)) return pastTime(col);
  if (!keyColumn(col)) return false;
  if (/^IS/i.test(op)) return snake(col) === 'id' && /^NULL$/i.test(right);
  // quoted text arrives blanked as '' (guard/sql/fallback.ts stripSqlNoise)
  if (op === '<>' || op === '!=') return /^(?:-?\d+|'')$/.test(right);
  return (op === '>' && right === '0') || (op === '>=' && /^[01]$/.test(right));
}
