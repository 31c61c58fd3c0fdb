// The project's `.env` loaded into the environment (`export $(grep -v '^#' .env | xargs)`,
// `dotenv -e .env -- cmd`) for requests that send each credential to its own issuer: the values
// reach the environment and the issuer's API, never the agent's output (docs/guard.md
// "Credentials and their issuers").
import { issuerHost, issuersNamedIn, REPLY_READERS, REQUEST_PROGRAMS } from '../egress/issuers.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import { networkIntents } from './intent-network.js';

/** A project env file by a relative name: `.env`, `./.env`, `.env.local`. */
const ENV_FILE = /^(?:\.\/)?\.env(?:\.[\w-]+)?$/;
/** Stages that only filter the file's lines on their way into `export`. */
const FILTERS = new Set(['grep', 'sed', 'cat']);

/** A stage of `$(grep -v '^#' .env | xargs)` whose output `export` takes, and only that. */
function exportedLoad(cmd: ShellCommand, all: ShellAnalysis): boolean {
  if (!cmd.substitution || cmd.pipeline < 0 || !FILTERS.has(cmd.name)) return false;
  const file = cmd.argv.slice(1).find((a) => ENV_FILE.test(a));
  if (file === undefined) return false;
  const stages = all.commands.filter((c) => c.pipeline === cmd.pipeline);
  const last = stages.find((c) => c.stage === c.stages - 1);
  // xargs without a command echoes its input: the lines become `export`'s words
  if (last?.name !== '' || !last.wrappers.includes('xargs')) return false;
  if (!stages.every((c) => c.substitution && (c === last || FILTERS.has(c.name)))) return false;
  return all.commands.some(
    (c) =>
      c.name === 'export' &&
      !c.substitution &&
      c.argv.length === 2 &&
      /^\$\([^()]*\)$/.test(c.argv[1] ?? '') &&
      (c.argv[1] ?? '').includes(file),
  );
}

/** `dotenv -e .env [-e .env.local] -- PROGRAM ...`: the program run, or null. */
function dotenvRun(cmd: ShellCommand): ShellCommand | null {
  if (cmd.name !== 'dotenv') return null;
  const sep = cmd.argv.indexOf('--');
  const opts = cmd.argv.slice(1, sep < 0 ? 1 : sep);
  if (sep < 0 || opts.length % 2 !== 0) return null;
  for (let i = 0; i < opts.length; i += 2)
    if (opts[i] !== '-e' || !ENV_FILE.test(opts[i + 1] ?? '')) return null;
  const argv = cmd.argv.slice(sep + 1);
  return argv.length === 0 ? null : { ...cmd, argv, name: argv[0] ?? '' };
}

/** A request to the hosts of the issuers whose variables it names, each to its own, printing no headers. */
function issuerRequest(c: ShellCommand, all: ShellAnalysis): boolean {
  if (!REQUEST_PROGRAMS.has(c.name)) return false;
  if (c.argv.some((a) => /^-[a-zA-Z]*v|^--(?:verbose|trace|print)/.test(a))) return false;
  const issuers = issuersNamedIn(c.argv.join(' '));
  const hosts = networkIntents(c, all).flatMap((h) => h.hosts ?? []);
  return (
    issuers.length > 0 &&
    hosts.length > 0 &&
    hosts.every((h) => issuers.some((i) => issuerHost(i, h))) &&
    // one issuer's variable sent with another's request reaches a host it was not issued for
    issuers.every((i) => hosts.some((h) => issuerHost(i, h)))
  );
}

/** A reply or trace written to a file may hold a credential; `2>/dev/null` is fine. */
const writesFile = (c: ShellCommand): boolean =>
  c.redirects.some(
    (r) =>
      /^(?:>|>>|>\||&>|&>>)$/.test(r.op) && r.target !== '/dev/null' && !/^\d+$/.test(r.target),
  );

/**
 * True when `cmd` loads the project's env file into the environment, and every other command of
 * the script is the load itself, `set`, a request carrying an issuer's variable to that issuer's
 * hosts, or a reader of its reply. This value is attacker-controlled (an agent wrote the script).
 */
export function envLoadForIssuers(cmd: ShellCommand, all: ShellAnalysis): boolean {
  const run = dotenvRun(cmd);
  const load = run !== null || exportedLoad(cmd, all);
  if (!load) return false;
  let requests = 0;
  for (const c of all.commands) {
    if (writesFile(c)) return false;
    if (c === cmd && run !== null) {
      if (!issuerRequest(run, all)) return false;
      requests++;
    } else if (c.substitution && c.pipeline === cmd.pipeline && cmd.pipeline >= 0) continue;
    else if (c.name === 'export' || c.name === 'set') continue;
    else if (issuerRequest(c, all)) requests++;
    else if (!(REPLY_READERS.has(c.name) && c.stage > 0)) return false;
  }
  return requests > 0;
}
