// `mesh serve --role ROLE[,ROLE]`: one process, one port, any set of server roles (docs/architecture.md).
import { readFileSync } from 'node:fs';
import { type Command, Option } from 'commander';
import { ConfigError, UsageError } from '../../errors.js';
import { startServer } from '../../serve/server.js';
import { contextFor } from '../context.js';
import { collect } from '../repeatable-option.js';

interface ServeFlags {
  role: string;
  port: string;
  host: string;
  data?: string;
  config?: string;
  repo?: string;
  keys?: string;
  store?: string;
  task: string[];
  interop?: boolean;
  tlsCert?: string;
  tlsKey?: string;
  insecureHttp?: boolean;
}

function parsePort(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`--port ${v} is not a port number`);
  return n;
}

function readConfigFile(path: string | undefined): Record<string, unknown> {
  if (path === undefined) return {};
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigError(
      'config_invalid',
      `${path}: ${(e as Error).message}`,
      'give a JSON config file',
      { cause: e },
    );
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new ConfigError('config_invalid', `${path}: expected a JSON object`);
  }
  return doc as Record<string, unknown>;
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description(
      'run server roles: mirror, witness, timestamp, dap-leader, dap-helper, collector, issuer, console',
    )
    .requiredOption('--role <roles>', 'comma-separated roles to serve in this process')
    .option('--port <port>', 'TCP port (0 picks a free one)', '7070')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--data <dir>', 'state directory for the roles (default: <state>/serve)')
    .option('--config <file>', 'JSON config; each role reads its own section')
    .option('--repo <dir>', 'repository directory (mirror, timestamp)')
    .option('--keys <dir>', 'online key files: timestamp.key and snapshot.key (timestamp)')
    .addOption(
      new Option('--task <file>', 'DAP task file (repeatable)').default([]).argParser(collect),
    )
    .option(
      '--store <url>',
      'DAP roles and collector: postgres://USER@HOST/DB shared by a fleet (default: level inside --data)',
    )
    .option('--interop', 'mount the DAP interop test API (/internal/test/*)')
    .option('--tls-cert <file>', 'TLS certificate (PEM)')
    .option('--tls-key <file>', 'TLS private key (PEM)')
    .option('--insecure-http', 'allow plain HTTP on a non-loopback address')
    .action(async (flags: ServeFlags, cmd: Command) => {
      const ctx = contextFor(cmd, {});
      const roles = flags.role
        .split(',')
        .map((r) => r.trim())
        .filter((r) => r !== '');
      if (roles.length === 0) throw new UsageError('--role needs at least one role');
      const server = await startServer({
        roles,
        host: flags.host,
        port: parsePort(flags.port),
        dataDir: flags.data ?? ctx.state().path('serve'),
        ...(flags.repo !== undefined ? { repo: flags.repo } : {}),
        ...(flags.keys !== undefined ? { keys: flags.keys } : {}),
        ...(flags.store !== undefined ? { store: flags.store } : {}),
        tasks: flags.task,
        interop: flags.interop === true,
        config: readConfigFile(flags.config),
        ...(flags.tlsCert !== undefined ? { tlsCert: flags.tlsCert } : {}),
        ...(flags.tlsKey !== undefined ? { tlsKey: flags.tlsKey } : {}),
        ...(flags.insecureHttp === true ? { insecureHttp: true } : {}),
        log: ctx.log,
        stateRoot: ctx.stateRoot,
      });
      // One line on stdout when ready, so supervisors and tests know where to connect.
      process.stdout.write(
        JSON.stringify({
          listening: server.url,
          roles: server.roles,
          ...(Object.keys(server.publicKeys).length > 0 ? { public_keys: server.publicKeys } : {}),
        }) + '\n',
      );
      // Public keys are what operators hand to others to pin; they are no secret.
      for (const [name, key] of Object.entries(server.publicKeys))
        process.stderr.write(`mesh serve: ${name} public key ${key}\n`);
      await new Promise<void>((resolve) => {
        const stop = (): void => {
          void server.close().then(resolve);
        };
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
      });
    });
}
