// A database's connection URL read from the platform that hosts it (`heroku config:get DATABASE_URL
// -a app`, a secret store's `DATABASE_URL` field) and given whole to that database's client as its
// connection string: the password goes to the server the URL itself names, which issued it
// (docs/guard.md "Credential routing"). The same holds for a migration tool given the URL in its
// connection variable. A value that is no connection URL would come back in the client's error
// message, so the read must name a connection-URL variable.
import type { ShellCommand } from './model.js';
import { CLIENT_ESCAPES } from './secret-consumers.js';
import { runnerTarget } from './wrappers.js';

/** Variables that hold a database's connection URL (`DATABASE_URL`, `HEROKU_POSTGRESQL_RED_URL`). */
const DSN_NAME =
  /^(?:[A-Z0-9]+_)*(?:DATABASE|DB|PG|POSTGRES|POSTGRESQL|MYSQL|MARIADB|REDIS|REDISCLOUD|MONGO|MONGODB|CLEARDB|JAWSDB)(?:_[A-Z0-9]+)*_(?:URL|URI|DSN)$/;

/** True when the read `c` names one connection-URL variable (and no other variable). */
export function readsConnectionUrl(c: ShellCommand): boolean {
  const names = c.argv
    .slice(1)
    // `-field=DATABASE_URL`, `op://vault/item/DATABASE_URL`: the name is the last word
    .map((a) => a.replace(/^-{1,2}[\w-]+=/, '').replace(/^.*\//, ''))
    .filter((a) => /^[A-Z][A-Z0-9_]{2,}$/.test(a));
  return names.length === 1 && DSN_NAME.test(names[0] ?? '');
}

/** Each client and the options whose value is its connection string; `0` is its first operand. */
const CLIENTS: Readonly<Record<string, readonly (string | 0)[]>> = {
  psql: [0, '-d', '--dbname'],
  pgcli: [0, '-d', '--dbname'],
  pg_dump: ['-d', '--dbname'],
  'redis-cli': ['-u'],
  usql: [0],
};

/** A word that is the value whole: xargs' `{}` or one substitution. */
const WHOLE = /^(?:\{\}|\$\([^()]*\)|`[^`]*`)$/;

/**
 * True when `c` (the consumer of the value, after `xargs -I{}` or in a substitution) is a database
 * client taking the value only as its connection string, with no shell escape, script or input
 * file that could print it.
 */
export function connectionUrlIntoClient(c: ShellCommand): boolean {
  const where = CLIENTS[c.name];
  if (where === undefined || (c.env ?? []).length > 0) return false;
  if (c.argv.some((a) => CLIENT_ESCAPES.test(a)) || c.redirects.some((r) => r.op === '<'))
    return false;
  let placed = 0;
  let operand = true;
  for (let i = 1; i < c.argv.length; i++) {
    const a = c.argv[i] ?? '';
    const opt = where.find((o) => o !== 0 && (a === o || a.startsWith(`${o}=`)));
    if (typeof opt === 'string') {
      const v = a === opt ? (c.argv[++i] ?? '') : a.slice(opt.length + 1);
      if (WHOLE.test(v)) placed++;
      else if (/\{\}|\$\(|`/.test(v)) return false;
      continue;
    }
    if (!a.startsWith('-') && operand && where.includes(0) && WHOLE.test(a)) {
      placed++;
      operand = false;
      continue;
    }
    // the value anywhere else (in a query, a variable) could be shown
    if (/\{\}|\$\(|`/.test(a)) return false;
    if (!a.startsWith('-')) operand = false;
  }
  return placed === 1;
}

/** Migration tools and ORMs' CLIs that connect with the URL in their connection variable. */
const MIGRATORS = new Set([
  'prisma',
  'drizzle-kit',
  'knex',
  'sequelize',
  'sequelize-cli',
  'typeorm',
  'node-pg-migrate',
  'dbmate',
  'sqlx',
  'diesel',
  'goose',
  'alembic',
]);
/** Their verbs that migrate, reset or inspect the schema; none prints its connection URL. */
const MIGRATING =
  /^(?:migrate|migration|migrations|db|push|pull|generate|up|down|redo|status|reset|rollback|latest|seed|deploy|upgrade|downgrade|revision|run|revert|introspect|create|drop|wait|current|history|heads)(?::[\w:-]+)?$/;

/**
 * True when `c` (`DATABASE_URL=$(...) npx prisma migrate reset`) is a migration tool given the
 * value only in its one connection variable, with no other substituted word, to migrate its schema.
 */
export function connectionUrlIntoMigrator(c: ShellCommand): boolean {
  const env = c.env ?? [];
  if (env.length !== 1 || env[0]?.substituted !== true || !DSN_NAME.test(env[0].name)) return false;
  const run = runnerTarget(c.argv) ?? c.argv;
  const tool = (run[0] ?? '').replace(/(?!^)@[^/]*$/, '');
  if (!MIGRATORS.has(tool.slice(tool.lastIndexOf('/') + 1))) return false;
  if (c.argv.some((a) => /\$\(|`/.test(a))) return false;
  const verb = run.slice(1).find((a) => !a.startsWith('-'));
  return verb !== undefined && MIGRATING.test(verb);
}
