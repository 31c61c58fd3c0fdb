// `PGPASSWORD="$(vault kv get -field=password secret/dev/postgres)" psql -h localhost ...`: a
// secret store's value put straight into the password variable of the database client that uses
// it, against a server on this machine, is its use, not a read (docs/guard.md "Credential
// routing"). The client never prints its password variable; a remote server would receive the value.
import type { ShellAnalysis, ShellCommand } from './model.js';
import { cliCredentialRead } from './credential-clis.js';
import { LOCAL_HOST } from './local-test-data.js';
import { sqlClientHost } from './local-sql-target.js';

/** Each client's password variable, as its manual names it. */
const PASSWORD_VARIABLE: Readonly<Record<string, string>> = {
  psql: 'PGPASSWORD',
  mysql: 'MYSQL_PWD',
  mariadb: 'MYSQL_PWD',
};

/** `NAME="$(...)" CLIENT ...` or `export NAME="$(...)" && CLIENT ...`, with one substitution. */
const ASSIGNED = /^\s*(?:export\s+)?([A-Z_][A-Z0-9_]*)=("?)\$\([^()`$]*\)\2(?:\s+|\s*&&\s*)\S/;

/** Client words that run shell commands or read files the command does not show (`\!`, `-f`). */
export const CLIENT_ESCAPES =
  /\\!|\\setenv|\\getenv|\\o\b|\\copy|^\s*system\s|^-f$|^--file\b|^--init-command\b/m;

/** True when the secret store read `cmd` (in a substitution) only fills a local client's password. */
export function secretIntoLocalClient(
  cmd: ShellCommand,
  all: ShellAnalysis,
  source: string,
): boolean {
  if (!cmd.substitution || cliCredentialRead(cmd) === null) return false;
  if (source.split('$(').length !== 2 || source.includes('`') || source.includes('\n'))
    return false;
  const m = ASSIGNED.exec(source);
  if (m === null) return false;
  const outer = all.commands.filter((c) => !c.substitution);
  const client = outer.at(-1);
  if (client === undefined || PASSWORD_VARIABLE[client.name] !== m[1]) return false;
  const head = outer.slice(0, -1);
  if (!head.every((c) => c.name === 'export' && c.argv.length === 2)) return false;
  if (all.commands.filter((c) => c.substitution).length !== 1 || client.pipeline >= 0) return false;
  if (client.redirects.length > 0 || client.argv.some((a) => CLIENT_ESCAPES.test(a))) return false;
  const host = sqlClientHost(client);
  return typeof host === 'string' && LOCAL_HOST.test(host);
}
