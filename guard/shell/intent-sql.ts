// Intents of SQL handed to database clients (psql, mysql/mariadb, sqlite3, duckdb, clickhouse,
// cockroach, sqlcmd, bq, spark-sql, beeline, hive, trino, impala-shell, cqlsh) and to hosted
// databases' CLIs (guard/shell/hosted-sql.ts): the statements are read by guard/sql/ and a
// destructive one is infra_destroy.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { describeSqlEffect, sqlEffects } from '../sql/effects.js';
import { localThrowawaySql } from './local-sql-target.js';
import { sqlEscapeHits } from './sql-escape-hits.js';
import { hostedSqlClient } from './hosted-sql.js';

/** Per client: flags whose value is SQL, and whether positionals after the first are SQL. */
const CLIENTS: Record<string, { flags: string[]; positional: 'none' | 'after-db' | 'all' }> = {
  psql: { flags: ['-c', '--command'], positional: 'none' },
  mysql: { flags: ['-e', '--execute'], positional: 'none' },
  mariadb: { flags: ['-e', '--execute'], positional: 'none' },
  sqlite3: { flags: ['-cmd'], positional: 'after-db' },
  duckdb: { flags: ['-c', '-cmd'], positional: 'after-db' },
  'clickhouse-client': { flags: ['-q', '--query'], positional: 'none' },
  sqlcmd: { flags: ['-Q', '-q'], positional: 'none' },
  snowsql: { flags: ['-q', '--query'], positional: 'none' },
  'spark-sql': { flags: ['-e'], positional: 'none' },
  beeline: { flags: ['-e'], positional: 'none' },
  hive: { flags: ['-e'], positional: 'none' },
  trino: { flags: ['--execute'], positional: 'none' },
  presto: { flags: ['--execute'], positional: 'none' },
  'impala-shell': { flags: ['-q', '--query'], positional: 'none' },
  cqlsh: { flags: ['-e', '--execute'], positional: 'none' },
};

/** The SQL texts in one client's argv: flag values (`-c X`, `--command=X`, `-eX`) and positionals. */
function argvSql(argv: readonly string[], spec: (typeof CLIENTS)[string]): string[] {
  const out: string[] = [];
  const pos: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const flag = spec.flags.find(
      (f) =>
        a === f ||
        a.startsWith(`${f}=`) ||
        (f.length === 2 && a.startsWith(f) && !a.startsWith('--')),
    );
    if (flag !== undefined) {
      if (a === flag) out.push(argv[++i] ?? '');
      else out.push(a.slice(a.startsWith(`${flag}=`) ? flag.length + 1 : flag.length));
    } else if (!a.startsWith('-')) pos.push(a);
  }
  if (spec.positional === 'after-db') out.push(...pos.slice(1));
  return out;
}

/** What a pipeline feeds the client: `echo SQL | psql`, `printf ... | mysql`. */
function pipedSql(cmd: ShellCommand, all: ShellAnalysis): string | undefined {
  if (cmd.pipeline < 0 || cmd.stage === 0) return undefined;
  const prev = all.commands.find((c) => c.pipeline === cmd.pipeline && c.stage === cmd.stage - 1);
  if (prev === undefined) return undefined;
  if (prev.name === 'echo' || prev.name === 'printf') return prev.argv.slice(1).join(' ');
  return prev.stdin;
}

/** The client spec when `cmd` runs a database client that takes SQL. */
export function clientOf(cmd: ShellCommand): (typeof CLIENTS)[string] | undefined {
  if (cmd.name === 'cockroach' && cmd.argv[1] === 'sql')
    return { flags: ['-e', '--execute'], positional: 'none' };
  if (cmd.name === 'clickhouse' && cmd.argv[1] === 'client') return CLIENTS['clickhouse-client'];
  if (cmd.name === 'bq' && cmd.argv[1] === 'query') return { flags: [], positional: 'all' };
  return CLIENTS[cmd.name];
}

export function sqlIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const hosted = hostedSqlClient(cmd);
  if (hosted === null) return [];
  const spec = hosted ?? clientOf(cmd);
  if (spec === undefined) return [];
  // a hosted CLI's own subcommand words (`wrangler d1 execute DB`) are no SQL
  const texts = argvSql(hosted?.argv ?? cmd.argv, spec);
  if (spec.positional === 'all') texts.push(...cmd.argv.slice(2).filter((a) => !a.startsWith('-')));
  const fed = cmd.stdin ?? pipedSql(cmd, all);
  if (fed !== undefined) texts.push(fed);
  for (const t of texts) {
    const escapes = sqlEscapeHits(cmd.name, t);
    if (escapes.length > 0) return escapes;
    const { effects } = sqlEffects(t);
    const e = effects[0];
    if (e !== undefined && !localThrowawaySql(cmd, all, t, effects))
      return [{ intent: 'infra_destroy', detail: `${cmd.name}: ${describeSqlEffect(e)}` }];
  }
  return [];
}
