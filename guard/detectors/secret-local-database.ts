// `PGPASSWORD=dev psql -h localhost -U app app_dev -c 'SELECT 1'`, `dotnet ef database update
// --connection "Server=localhost,1433;...;Password=Dev_Passw0rd!"`: a password given to a database
// client whose server is named on the command line as this machine (loopback, a socket path) or a
// compose service (a one-label name no public resolver answers) stays on that machine or network.
// Only generic password assignments pass; a vendor-format key, a server left to a default or the
// environment (PGHOST), or any other command stays a credential leaving
// (docs/guard.md "Credentials and their issuers").
import type { ShellCommand } from '../shell/model.js';
import type { ShellView } from './detector.js';
import type { SecretMatch } from './secrets.js';
import { LOCAL_HOST } from '../shell/local-test-data.js';
import { REPLY_READERS } from '../egress/issuers.js';
import { genericCredentialsOnly } from './secret-local-request.js';

/** A compose service or the machine itself: one label, no dot a public resolver could answer. */
const SERVICE = /^[a-z][a-z0-9_-]{0,62}$/i;
/** Options naming the server, by client. */
const HOST_OPTS: Readonly<Record<string, readonly string[]>> = {
  psql: ['-h', '--host'],
  pg_dump: ['-h', '--host'],
  pg_restore: ['-h', '--host'],
  pg_isready: ['-h', '--host'],
  mysql: ['-h', '--host', '-S', '--socket'],
  mariadb: ['-h', '--host', '-S', '--socket'],
  mysqldump: ['-h', '--host', '-S', '--socket'],
  sqlcmd: ['-S', '--server'],
  'redis-cli': ['-h'],
  mongosh: ['--host'],
  dotnet: [],
};
/** Variables the clients take only a password, user, port or database from. */
const PLAIN_ENV =
  /^(?:PGPASSWORD|PGUSER|PGPORT|PGDATABASE|MYSQL_PWD|SQLCMDPASSWORD|REDISCLI_AUTH)$/;
/** `scheme://[user[:pass]@]host`, anywhere in a word. */
const URL_HOST = /[a-z][a-z0-9+.-]*:\/\/(?:[^\s/@]*@)?(\[[0-9a-f:.]+\]|[^\s/:?#,;]+)/gi;
/** A connection string's server key (`Server=`, `Data Source=`, `Host=`) and its host. */
const CONN_HOST =
  /(?:^|[;"'\s])(?:server|data source|host|addr|address|network address)\s*=\s*(?:tcp:)?([^;,:"'\s]+)/gi;

function localName(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  return LOCAL_HOST.test(h) || h === '.' || /^\(localdb\)/i.test(h) || SERVICE.test(h);
}

/** True when every server `c`'s words name is local and at least one is named. */
function serverNamedLocal(c: ShellCommand): boolean {
  const opts = HOST_OPTS[c.name];
  if (opts === undefined) return false;
  if (c.name === 'dotnet' && c.argv[1] !== 'ef') return false;
  if (c.env?.some((e) => !PLAIN_ENV.test(e.name) || e.substituted) === true) return false;
  let named = 0;
  for (let i = 1; i < c.argv.length; i++) {
    const a = c.argv[i] ?? '';
    for (const m of a.matchAll(URL_HOST)) {
      if (!localName(m[1] ?? '')) return false;
      named++;
    }
    if (a.includes('=')) {
      for (const m of a.matchAll(CONN_HOST)) {
        if (!localName(m[1] ?? '')) return false;
        named++;
      }
    }
    const opt = opts.find((o) => a === o || (o.length === 2 && a.startsWith(o) && a.length > 2));
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const long = eq > 0 && opts.includes(a.slice(0, eq)) ? a.slice(eq + 1) : undefined;
    if (opt === undefined && long === undefined) continue;
    const v = long ?? (a === opt ? (c.argv[++i] ?? '') : a.slice(2));
    // `-S localhost,1433`, `-h 127.0.0.1:5432`: the host before the port
    if (!localName(v.replace(/^tcp:/i, '').replace(/[,:]\d{1,5}$/, ''))) return false;
    named++;
  }
  return named > 0;
}

/**
 * True when every credential found is a generic password assignment and every command is a
 * database client whose servers are all named local, or a reply reader after one.
 * Attacker-controlled: the agent wrote the command.
 */
export function localDatabaseCredentials(
  command: string,
  found: readonly SecretMatch[],
  view: ShellView,
): boolean {
  if (!genericCredentialsOnly(command, found, view)) return false;
  const cmds = view.analysis.commands;
  if (cmds.length === 0) return false;
  for (const c of cmds) {
    if (c.dynamic === true || c.tainted === true || c.via !== undefined) return false;
    if (REPLY_READERS.has(c.name) && c.stage > 0) continue;
    if (!serverNamedLocal(c)) return false;
  }
  return view.intents.every(
    (h) =>
      (h.intent !== 'network' && h.intent !== 'upload') ||
      (h.hosts ?? []).every((x) => localName(x)),
  );
}
