// Throwaway PostgreSQL for the DAP suites: $MESH_TEST_PG (a server .ci/run started), else a private
// cluster in a temporary folder on a Unix socket. Under CI=true a missing server fails the suite.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { pgOptions } from '../../dap/storage/pg-url.js';
import { IN_CI } from '../support/env.js';

/** Where initdb and pg_ctl are: PATH, else Debian's /usr/lib/postgresql/N/bin. */
function binDir(): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const onPath = which.stdout.trim();
  if (which.status === 0 && onPath) return join(onPath, '..');
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions)
    if (existsSync(join(base, v, 'bin', 'initdb'))) return join(base, v, 'bin');
  return undefined;
}

const BIN = binDir();
const ENV_URL = process.env.MESH_TEST_PG;

/** Why the PostgreSQL suites cannot run here, or undefined when they can. */
export const PG_MISSING: string | undefined =
  ENV_URL || BIN ? undefined : 'no PostgreSQL: set MESH_TEST_PG or install postgresql (initdb)';
if (PG_MISSING && IN_CI)
  throw new Error(`CI=true needs PostgreSQL for the DAP suites: ${PG_MISSING}`);

export interface PgCluster {
  /** The cluster's folder (a private cluster only; '' for $MESH_TEST_PG). */
  dir: string;
  /** A URL for a new, empty database of this cluster. */
  createDatabase(name?: string): Promise<string>;
  /** Stops and starts the server (fast shutdown: open connections are cut). */
  restart(): void;
  /** Stops the server (fast shutdown) and keeps its data, until `up` (a private cluster only). */
  down(): void;
  up(): void;
  stop(): void;
}

const asPostgres = (argv: string[]): [string, string[]] =>
  userInfo().uid === 0
    ? ['runuser', ['-u', 'postgres', '--', ...argv]]
    : [argv[0] ?? '', argv.slice(1)];

function run(argv: string[]): void {
  const [cmd, args] = asPostgres(argv);
  // The server must not hold a pipe of ours open (it logs to its own file).
  execFileSync(cmd, args, { stdio: 'ignore' });
}

let counter = 0;
const dbName = (): string =>
  `mesh_t${String(process.pid)}_${String(Date.now() % 1e8)}_${String(counter++)}`;

function clusterOf(baseUrl: string, ctl?: { dir: string; opts: string }): PgCluster {
  return {
    dir: ctl?.dir ?? '',
    async createDatabase(name = dbName()) {
      const o = pgOptions(baseUrl);
      const sql = postgres(o.url, o.options);
      try {
        await sql.unsafe(`CREATE DATABASE ${name}`);
      } finally {
        await sql.end({ timeout: 1 });
      }
      const u = new URL(baseUrl);
      u.pathname = `/${name}`;
      return u.toString();
    },
    restart() {
      if (!ctl) throw new Error('restart needs a private cluster');
      const d = ctl.dir;
      run([
        join(BIN ?? '', 'pg_ctl'),
        '-D',
        join(d, 'data'),
        '-w',
        '-m',
        'fast',
        '-l',
        join(d, 'log'),
        'restart',
      ]);
    },
    down() {
      if (!ctl) throw new Error('down needs a private cluster');
      run([join(BIN ?? '', 'pg_ctl'), '-D', join(ctl.dir, 'data'), '-w', '-m', 'fast', 'stop']);
    },
    up() {
      if (!ctl) throw new Error('up needs a private cluster');
      const d = ctl.dir;
      const l = join(d, 'log');
      run([
        join(BIN ?? '', 'pg_ctl'),
        '-D',
        join(d, 'data'),
        '-w',
        '-l',
        l,
        '-o',
        ctl.opts,
        'start',
      ]);
    },
    stop() {
      if (!ctl) return;
      try {
        run([
          join(BIN ?? '', 'pg_ctl'),
          '-D',
          join(ctl.dir, 'data'),
          '-w',
          '-m',
          'immediate',
          'stop',
        ]);
      } finally {
        rmSync(ctl.dir, { recursive: true, force: true });
      }
    },
  };
}

/** A cluster of its own (restartable), started in a temporary folder; stop() removes it. */
export function startPrivateCluster(): PgCluster {
  if (!BIN) throw new Error(PG_MISSING ?? 'initdb not found');
  const dir = mkdtempSync(join(tmpdir(), 'mesh-pg-'));
  if (userInfo().uid === 0) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const data = join(dir, 'data');
  run([
    join(BIN, 'initdb'),
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const opts = `-c listen_addresses='' -k ${dir} -c fsync=off -c max_connections=200`;
  run([join(BIN, 'pg_ctl'), '-D', data, '-w', '-l', join(dir, 'log'), '-o', opts, 'start']);
  return clusterOf(`postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`, {
    dir,
    opts,
  });
}

/** The shared server of this run ($MESH_TEST_PG), else a private one. */
export function usePg(): PgCluster {
  return ENV_URL ? clusterOf(ENV_URL) : startPrivateCluster();
}

/** The rows of `table` in the database at `url` (a test's own look at what a role stored). */
export async function countRows(url: string, table: string): Promise<number> {
  const o = pgOptions(url);
  const sql = postgres(o.url, { ...o.options, max: 1 });
  try {
    const [row] = await sql<{ n: string }[]>`SELECT count(*) AS n FROM ${sql(table)}`;
    return Number(row?.n);
  } finally {
    await sql.end({ timeout: 1 });
  }
}

/** The work leases stored in the database at `url` whose name starts with `prefix`. */
export async function leasesIn(
  url: string,
  prefix: string,
): Promise<{ name: string; holder: string; live: boolean }[]> {
  const o = pgOptions(url);
  const sql = postgres(o.url, { ...o.options, max: 1 });
  try {
    return await sql<{ name: string; holder: string; live: boolean }[]>`
      SELECT name, holder, expires_at > now() AS live FROM dap_leases
      WHERE starts_with(name, ${prefix}) ORDER BY name`;
  } finally {
    await sql.end({ timeout: 1 });
  }
}
