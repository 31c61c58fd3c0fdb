// DuckDB runs inside the client: `duckdb analytics.duckdb -c "COPY (SELECT ...) TO
// 'data/out/de_nov.parquet' (FORMAT parquet)"` writes a file of the project, as any export does,
// not a file of a server's host (docs/guard.md "SQL"). An absolute, home, parent, hidden or remote
// path (`/etc/...`, `~/...`, `../`, `.git/...`, `s3://`, `https://`) stays an escape.
import { isCredentialPath } from '../sensitive-paths.js';

/** Clients whose database engine runs in the client's own process. */
const IN_PROCESS = new Set(['duckdb']);
const COPY_FILE = new Set(["COPY ... TO 'file'", "COPY ... FROM 'file'"]);
/** Every quoted path a statement copies to or from, in the raw text. */
const TARGET = /\b(?:TO|FROM)\s+'((?:[^']|''){0,512})'/gi;

function projectFile(p: string): boolean {
  return (
    p !== '' &&
    !/^(?:[/~\\]|[A-Za-z]:|[a-z][a-z0-9+.-]*:)/i.test(p) &&
    !p.split(/[/\\]/).some((s) => s === '..' || s.startsWith('.')) &&
    !/[$`]/.test(p) &&
    !isCredentialPath(p)
  );
}

/** True when escape `what` of `sql` run by `client` is a COPY of a file inside the project. */
export function inProcessCopy(client: string, what: string, sql: string): boolean {
  if (!IN_PROCESS.has(client) || !COPY_FILE.has(what)) return false;
  const targets = [...sql.matchAll(TARGET)].map((m) => m[1] ?? '');
  return targets.length > 0 && targets.every(projectFile);
}
