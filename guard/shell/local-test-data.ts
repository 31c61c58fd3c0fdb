// Test data a developer resets on their own machine: a throwaway database on the local server
// (`dropdb acme_test`, `redis-cli -n 15 FLUSHDB`, `mongosh mongodb://127.0.0.1/app_test --eval
// 'db.dropDatabase()'`, any code confined to that database), the local compose project's own volumes (`docker compose down -v`) and
// test-named volumes (`docker volume rm myapp_pgdata_test`).
// A production-looking name, a remote server, a whole server (`FLUSHALL`) or another project stays
// `infra_destroy` (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';

/** A database a developer makes and drops while working: its name says test, dev, temporary or CI. */
const THROWAWAY_DB =
  /(?:^|[_-])(?:test|tests|testing|spec|dev|development|tmp|temp|scratch|ci|local|sandbox)(?:$|[_-]|\d)/i;
const PRODUCTION_DB = /prod|live|primary|master|main|customer|billing|payment/i;
/** A word of a name that marks production: `orders-prod`, `kafka-1.prod`, `live_db`. */
export const PRODUCTION_NAME = /(?<![a-z])(?:prod|production|prd|live)(?![a-z])/i;
export const LOCAL_HOST = /^(?:localhost|127(?:\.\d+){3}|::1|\[::1\]|\/.*)$/;

export const throwaway = (db: string): boolean => THROWAWAY_DB.test(db) && !PRODUCTION_DB.test(db);

/** Each option, its value when it takes one (from `values`), and the positionals. */
function options(
  argv: readonly string[],
  values: ReadonlySet<string>,
): { opts: [string, string][]; pos: string[] } {
  const opts: [string, string][] = [];
  const pos: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    if (eq > 0) opts.push([a.slice(0, eq), a.slice(eq + 1)]);
    else if (values.has(a)) opts.push([a, argv[++i] ?? '']);
    else if (a.length > 1 && a.startsWith('-')) opts.push([a, '']);
    else pos.push(a);
  }
  return { opts, pos };
}

const DROPDB_VALUE = new Set([
  '-h',
  '--host',
  '-p',
  '--port',
  '-U',
  '--username',
  '--maintenance-db',
]);

function localDropdb(cmd: ShellCommand): boolean {
  const { opts, pos } = options(cmd.argv, DROPDB_VALUE);
  for (const [o, v] of opts) {
    if ((o === '-h' || o === '--host') && !LOCAL_HOST.test(v)) return false;
    if (/^-h./.test(o) && !LOCAL_HOST.test(o.slice(2))) return false;
    if (o === '--maintenance-db' && v.includes('://')) return false;
  }
  const db = pos[0];
  return pos.length === 1 && db !== undefined && throwaway(db);
}

const REDIS_VALUE = new Set(['-h', '-p', '-n', '-a', '-u', '--user', '--pass', '-s']);

/** `FLUSHDB` of a numbered database other than 0 on the local server; never `FLUSHALL`. */
function localRedisFlush(cmd: ShellCommand): boolean {
  const { opts, pos } = options(cmd.argv, REDIS_VALUE);
  if (pos.length !== 1 || !/^flushdb$/i.test(pos[0] ?? '')) return false;
  let db = '0';
  for (const [o, v] of opts) {
    if (o === '-h' && !LOCAL_HOST.test(v)) return false;
    if (o === '-n') db = v;
    if (o === '-u') {
      const m = /^rediss?:\/\/(?:[^@/]*@)?([^:/]+)(?::\d+)?(?:\/(\d+))?$/.exec(v);
      if (m === null || !LOCAL_HOST.test(m[1] ?? '')) return false;
      db = m[2] ?? db;
    }
  }
  return /^[1-9]\d?$/.test(db);
}

/** Shell code that reaches past the connection's own database (another database, the server). */
const OTHER_DATABASE =
  /getSiblingDB|getMongo|\bMongo\s*\(|\bconnect\s*\(|\buse\b|adminCommand|runCommand|dropAllUsers|\b(?:load|eval|Function)\s*\(|\[/;

/** Code run only on the database a local connection string names, when that one is throwaway. */
function localMongoDrop(cmd: ShellCommand): boolean {
  const { opts, pos } = options(cmd.argv, new Set(['--eval', '--host', '--port', '-u', '-p']));
  const evals = opts.filter(([o]) => o === '--eval').map(([, v]) => v.trim());
  if (evals.length !== 1 || OTHER_DATABASE.test(evals[0] ?? '')) return false;
  if (opts.some(([o, v]) => o === '--host' && !LOCAL_HOST.test(v))) return false;
  const target = pos[0];
  if (pos.length !== 1 || target === undefined) return false;
  const m = /^(?:mongodb:\/\/(?:[^@/]*@)?([^/:,]+)(?::\d+)?\/)?([A-Za-z0-9_-]+)(?:\?.*)?$/.exec(
    target,
  );
  if (m === null) return false;
  return (m[1] === undefined || LOCAL_HOST.test(m[1])) && throwaway(m[2] ?? '');
}

/** Flags of `compose down` that keep it to the project in the working folder. */
const COMPOSE_DOWN_FLAGS = /^(?:-v|--volumes|--remove-orphans|-t|--timeout|--rmi)$/;

/** `docker compose down -v` of the working folder's own project, on the local engine. */
function projectComposeDown(cmd: ShellCommand): boolean {
  const at =
    cmd.name === 'docker-compose'
      ? 1
      : (cmd.name === 'docker' || cmd.name === 'podman') && cmd.argv[1] === 'compose'
        ? 2
        : -1;
  if (at < 0 || cmd.argv[at] !== 'down') return false;
  const rest = cmd.argv.slice(at + 1);
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    if (!COMPOSE_DOWN_FLAGS.test(a.replace(/=.*$/, ''))) return false;
    if ((a === '-t' || a === '--timeout') && !/^\d+$/.test(rest[++i] ?? '')) return false;
    if (a === '--rmi' && rest[++i] !== 'local') return false;
    if (a.startsWith('--rmi=') && a !== '--rmi=local') return false;
  }
  return true;
}

/**
 * `docker volume rm` of volumes whose every name says test, dev or temporary data on the local
 * engine (no `-H`/`--context` before `volume`): a project's throwaway database volume.
 */
function throwawayVolumeRm(cmd: ShellCommand): boolean {
  if ((cmd.name !== 'docker' && cmd.name !== 'podman') || cmd.argv[1] !== 'volume') return false;
  if (cmd.argv[2] !== 'rm' && cmd.argv[2] !== 'remove') return false;
  const names = cmd.argv.slice(3).filter((a) => a !== '-f' && a !== '--force');
  return names.length > 0 && names.every((n) => /^[\w.-]+$/.test(n) && throwaway(n));
}

/** True when `cmd` only resets local test data (see the header). */
export function localTestData(cmd: ShellCommand): boolean {
  switch (cmd.name) {
    case 'dropdb':
      return localDropdb(cmd);
    case 'redis-cli':
    case 'valkey-cli':
    case 'keydb-cli':
      return localRedisFlush(cmd);
    case 'mongosh':
    case 'mongo':
      return localMongoDrop(cmd);
    default:
      return projectComposeDown(cmd) || throwawayVolumeRm(cmd);
  }
}
