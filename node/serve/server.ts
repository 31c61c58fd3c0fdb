// One hono app carrying every requested role, served over HTTP(S) until a signal stops it.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { refuseExposedFile } from '../../common/index.js';
import type { Logger } from '../log/logger.js';
import { UsageError } from '../errors.js';
import { findRole, ROLES, type RoleDefinition, type RoleInstance } from '../roles/index.js';
import { guardRequestBodies, readHttpLimits, serverOptionsOf } from './http-limits.js';
import { checkListenPolicy } from './listen-policy.js';
import { createServerMetrics } from './metrics.js';
import { roleHealth } from './health.js';
import { registerNodeMetrics } from './node-metrics.js';
import { recordOptOuts } from './opt-outs-record.js';

/** First path segments the roles serve under (docs/architecture.md "Mirror URLs" and DAP prefixes). */
const AREAS = [
  'metadata',
  'targets',
  'log',
  'witness',
  'gossip',
  'leader',
  'helper',
  'collector',
  'internal',
];

export interface ServeOptions {
  roles: string[];
  host: string;
  port: number;
  dataDir: string;
  repo?: string;
  keys?: string;
  /** --store URL: the DAP roles' shared PostgreSQL store (level inside dataDir without it). */
  store?: string;
  tasks: string[];
  interop: boolean;
  config: Record<string, unknown>;
  tlsCert?: string;
  tlsKey?: string;
  insecureHttp?: boolean;
  log: Logger;
  /** The node home the server runs for: its own counters (refused subscriptions) join /metrics. */
  stateRoot?: string;
  /** Where role names are looked up; the registry unless a caller (a test, an embedder) says otherwise. */
  resolveRole?: (name: string) => RoleDefinition | undefined;
}

export interface RunningServer {
  url: string;
  roles: string[];
  /** Every role's public keys, by name (e.g. `witness`: its verifier key). */
  publicKeys: Record<string, string>;
  close(): Promise<void>;
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      resolve();
    });
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

export async function startServer(opts: ServeOptions): Promise<RunningServer> {
  const { tls } = checkListenPolicy(opts);
  if (tls && opts.tlsKey !== undefined) refuseExposedFile(opts.tlsKey, 'TLS key');
  const defs = opts.roles.map((name) => {
    const def = (opts.resolveRole ?? findRole)(name);
    if (!def) {
      const known = ROLES.map((r) => r.name).join(', ') || '(none built yet)';
      throw new UsageError(`unknown role "${name}"`, `choose from: ${known}`);
    }
    return def;
  });
  const app = new Hono();
  const metrics = createServerMetrics(AREAS);
  app.use('*', metrics.middleware);
  if (opts.stateRoot !== undefined) registerNodeMetrics(metrics.registry, opts.stateRoot, opts.log);
  const instances: RoleInstance[] = [];
  let ready = false;
  app.get('/healthz', (c) => {
    const h = roleHealth(opts.roles, ready ? instances : undefined);
    return c.json(h, h.ok ? 200 : 503);
  });
  app.get('/metrics', async (c) =>
    c.text(await metrics.registry.metrics(), 200, { 'content-type': metrics.registry.contentType }),
  );
  // Roles mount on their own app once the port (and so their base URL) is known; until every role
  // has mounted, requests get 503 instead of racing hono's route table being built.
  const roles = new Hono();
  app.all('*', (c) =>
    ready ? roles.fetch(c.req.raw, c.env) : c.text('starting', 503, { 'retry-after': '1' }),
  );

  // every role, DAP included, gets the same bounds on how slowly a client may send
  const limits = readHttpLimits(opts.config);
  const bounds = serverOptionsOf(limits);
  const server = await new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const s = serve(
      {
        fetch: app.fetch,
        port: opts.port,
        hostname: opts.host,
        ...(tls && opts.tlsCert && opts.tlsKey
          ? {
              createServer: createHttpsServer,
              serverOptions: {
                ...bounds,
                cert: readFileSync(opts.tlsCert),
                key: readFileSync(opts.tlsKey),
              },
            }
          : { serverOptions: bounds }),
      },
      (info: AddressInfo) => {
        resolve({ server: s, port: info.port });
      },
    );
    s.once('error', reject);
    guardRequestBodies(s as Server, limits);
  });
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  const url = `${tls ? 'https' : 'http'}://${host}:${server.port}`;

  try {
    for (const def of defs) {
      const dataDir = join(opts.dataDir, def.name);
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const inst = await def.mount(roles, {
        dataDir,
        ...(opts.repo !== undefined ? { repo: opts.repo } : {}),
        ...(opts.keys !== undefined ? { keys: opts.keys } : {}),
        ...(opts.store !== undefined ? { store: opts.store } : {}),
        tasks: opts.tasks,
        interop: opts.interop,
        config: opts.config,
        baseUrl: url,
        log: opts.log.child({ role: def.name }),
        metrics: metrics.registry,
      });
      instances.push(inst);
      // what a role waives is kept beside its state, so `mesh doctor` warns about it
      if (inst.optOuts !== undefined) recordOptOuts(dataDir, def.name, inst.optOuts);
    }
  } catch (e) {
    await Promise.all(instances.map((i) => i.close()));
    await closeServer(server.server);
    throw e;
  }
  ready = true;
  return {
    url,
    roles: opts.roles,
    publicKeys: Object.assign({}, ...instances.map((i) => i.publicKeys ?? {})) as Record<
      string,
      string
    >,
    async close() {
      await Promise.all(instances.map((i) => i.close()));
      await closeServer(server.server);
    },
  };
}
