// SQL that resets a throwaway database on the developer's own server is routine: `psql -h localhost
// -d app_test -c 'TRUNCATE orders'`, `mysql -h 127.0.0.1 -e 'DROP DATABASE IF EXISTS shop_test;
// CREATE DATABASE shop_test'`, or run in the project's compose service (`docker compose exec db
// psql -d app_test`). The server must be named local on the command line (no default that PGHOST
// or a config file could point elsewhere), and a dropped database must itself be throwaway
// (docs/guard.md "Shell analysis").
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { SqlEffect } from '../sql/effects.js';
import { execAt } from './container-exec.js';
import { LOCAL_HOST, PRODUCTION_NAME, throwaway } from './local-test-data.js';

interface Client {
  host: string[];
  db: string[];
  /** Options with a value that neither names the server nor the database. */
  other: string[];
  /** How the client names its server in a connection string. */
  uri: RegExp;
}

const PG_URI = /^postgres(?:ql)?:\/\/(?:[^@/]*@)?([^/:?]+)(?::\d+)?\/([\w-]+)(?:\?.*)?$/;
const MY_URI = /^mysqlx?:\/\/(?:[^@/]*@)?([^/:?]+)(?::\d+)?\/([\w-]+)(?:\?.*)?$/;

const CLIENTS: Record<string, Client> = {
  psql: {
    host: ['-h', '--host'],
    db: ['-d', '--dbname'],
    other: ['-p', '--port', '-U', '--username', '-c', '--command'],
    uri: PG_URI,
  },
  mysql: {
    host: ['-h', '--host', '-S', '--socket'],
    db: ['-D', '--database'],
    other: ['-P', '--port', '-u', '--user', '-e', '--execute'],
    uri: MY_URI,
  },
};
CLIENTS.mariadb = CLIENTS.mysql as Client;

/** The server and database the command line names; null when it says something unreadable. */
function connection(argv: readonly string[], c: Client): { host?: string; db?: string } | null {
  const out: { host?: string; db?: string } = {};
  const pos: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const name = eq > 0 ? a.slice(0, eq) : /^-[A-Za-z]./.test(a) ? a.slice(0, 2) : a;
    const attached = eq > 0 ? a.slice(eq + 1) : name !== a ? a.slice(2) : undefined;
    const takes = c.host.includes(name) || c.db.includes(name) || c.other.includes(name);
    if (!a.startsWith('-') || a === '-') {
      pos.push(a);
      continue;
    }
    if (!takes) continue; // a flag of its own (`-X`, `--no-psqlrc`) or a mysql `-pSECRET`
    const v = attached ?? argv[++i] ?? '';
    if (c.host.includes(name)) out.host = v;
    if (c.db.includes(name)) out.db = v;
  }
  const first = pos[0];
  if (first !== undefined && out.db === undefined) {
    const m = c.uri.exec(first);
    if (m !== null) {
      out.host = m[1] ?? '';
      out.db = m[2] ?? '';
    } else if (first.includes('=') || first.includes('://')) return null;
    else out.db = first;
  }
  return out;
}

const DATABASE_DROP = /\bDROP\s+(?:DATABASE|SCHEMA)\s+(?:IF\s+EXISTS\s+)?[`"]?([\w$-]+)/gi;

/**
 * `docker compose exec SERVICE <cmd>` or `docker exec CONTAINER <cmd>` on the local engine (no
 * `-H`, `--context`, `-f`, `-p` or `DOCKER_HOST`), the container or service not named for
 * production: the client runs inside a database container of the developer's own engine, whose
 * default server is its own.
 */
export function inComposeService(cmd: ShellCommand, all: ShellAnalysis): boolean {
  return all.commands.some((c) => {
    if (c.name !== 'docker' && c.name !== 'docker-compose') return false;
    const at = execAt(c.argv);
    // no engine option before `exec` (`-H`, `--context`, `-f`, `-p`): the local engine's project
    if (at < 0 || !c.argv.slice(1, at).every((w) => w === 'compose' || w === 'container'))
      return false;
    if (c.argv.length <= cmd.argv.length) return false;
    if (c.env?.some((e) => e.name.startsWith('DOCKER_'))) return false;
    const tail = c.argv.slice(c.argv.length - cmd.argv.length);
    const opts = c.argv.slice(at + 1, c.argv.length - cmd.argv.length - 1);
    // a container or service named for production is no scratch store
    const service = c.argv[c.argv.length - cmd.argv.length - 1] ?? '';
    return (
      !PRODUCTION_NAME.test(service) &&
      tail.every((a, i) => a === cmd.argv[i]) &&
      opts.every((o) => /^(?:-T|--no-TTY|-i|-t|-it|-ti|--interactive|--tty)$/.test(o))
    );
  });
}

/** True when every effect of `sql`, run by `cmd`, falls on a throwaway database of a local server. */
export function localThrowawaySql(
  cmd: ShellCommand,
  all: ShellAnalysis,
  sql: string,
  effects: SqlEffect[],
): boolean {
  const client = CLIENTS[cmd.name];
  if (client === undefined || effects.length === 0) return false;
  const conn = connection(cmd.argv, client);
  if (conn === null) return false;
  const local = conn.host === undefined ? inComposeService(cmd, all) : LOCAL_HOST.test(conn.host);
  if (!local) return false;
  const databases = new Set([...sql.matchAll(DATABASE_DROP)].map((m) => m[1] ?? ''));
  const inThrowaway = conn.db !== undefined && throwaway(conn.db);
  return effects.every((e) => {
    const name = e.target.replace(/[`"]/g, '');
    return databases.has(name)
      ? throwaway(name)
      : inThrowaway && !/(?<![a-z])(?:prod|production|live|shared)(?![a-z])/i.test(name);
  });
}

/** The server a `psql`/`mysql`/`mariadb` command line names: undefined when none, null when unreadable or another program. */
export function sqlClientHost(cmd: ShellCommand): string | undefined | null {
  const client = CLIENTS[cmd.name];
  if (client === undefined) return null;
  const conn = connection(cmd.argv, client);
  return conn === null ? null : conn.host;
}
