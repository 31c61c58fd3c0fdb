// Hosted databases' CLIs that carry SQL to the service (docs/guard.md "Shell analysis"): Cloudflare
// D1 (`wrangler d1 execute DB --remote --command SQL`), Turso (`turso db shell DB SQL`),
// PlanetScale (`pscale shell DB BRANCH` fed SQL), Heroku (`heroku pg:psql -c`), Spanner
// (`gcloud spanner databases execute-sql --sql`), the AWS Data APIs and Athena, Azure's flexible
// servers (`az postgres|mysql flexible-server execute --querytext`), and usql. Their SQL goes
// through the same reading as a database client's (guard/shell/intent-sql.ts).
import type { ShellCommand } from './model.js';
import { basename, runnerTarget } from './wrappers.js';

/** The client's words from its last subcommand on, its flags whose value is SQL, and which positionals are. */
export interface HostedClient {
  argv: string[];
  flags: string[];
  positional: 'none' | 'after-db';
}

const LOCAL_URL = /^(?:https?|libsql|wss?):\/\/(?:localhost|127(?:\.\d+){3}|\[::1\])(?::\d+)?/;

/** Package runners a hosted CLI is often run through (`npx wrangler d1 execute`). */
const RUNNERS = new Set(['npx', 'bunx', 'pnpx', 'pnpm', 'yarn', 'bun']);

/**
 * The SQL-carrying shape of `cmd` when it is one of the hosted CLIs; null when it runs against a
 * local copy (`wrangler d1 execute` without `--remote` works on the local one, `turso db shell`
 * of a local server's URL); undefined when it is none of them. The program name is tested first.
 */
export function hostedSqlClient(cmd: ShellCommand): HostedClient | null | undefined {
  const run = RUNNERS.has(cmd.name) ? runnerTarget(cmd.argv) : null;
  const argv = run ?? cmd.argv;
  const [, a = '', b = '', c = ''] = argv;
  const client = (
    words: number,
    flags: string[],
    positional: HostedClient['positional'] = 'none',
  ): HostedClient => ({ argv: argv.slice(words), flags, positional });
  switch (run === null ? cmd.name : basename(run[0] ?? '')) {
    case 'wrangler':
      if (a !== 'd1' || b !== 'execute') return undefined;
      return argv.includes('--remote') ? client(2, ['--command']) : null;
    case 'turso':
      if (a !== 'db' || b !== 'shell') return undefined;
      return LOCAL_URL.test(c) ? null : client(2, [], 'after-db');
    case 'pscale':
      return a === 'shell' ? client(1, []) : undefined;
    case 'heroku':
      return a === 'pg:psql' ? client(1, ['-c', '--command']) : undefined;
    case 'gcloud':
      return a === 'spanner' && b === 'databases' && c === 'execute-sql'
        ? client(3, ['--sql'])
        : undefined;
    case 'aws':
      if ((a === 'rds-data' || a === 'redshift-data') && b === 'execute-statement')
        return client(2, ['--sql']);
      return a === 'athena' && b === 'start-query-execution'
        ? client(2, ['--query-string'])
        : undefined;
    case 'az':
      return (a === 'postgres' || a === 'mysql') && b === 'flexible-server' && c === 'execute'
        ? client(3, ['--querytext', '-q'])
        : undefined;
    case 'usql':
      return client(0, ['-c', '--command']);
    default:
      return undefined;
  }
}
