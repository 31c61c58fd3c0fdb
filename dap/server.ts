// DAP-18 aggregator servers as `mesh serve` roles: state opened from --data, tasks from --task
// files, the hono app mounted under the role's prefix, and the Leader's background driver.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { TaskError } from './errors.js';
import { DEFAULT_AGGREGATOR_OPTIONS, type AggregatorOptions } from './aggregator/options.js';
import type { Clock } from './aggregator/clock.js';
import type { DapEvents } from './aggregator/events.js';
import {
  openHelperContext,
  openLeaderContext,
  type OpenOptions,
} from './aggregator/open-aggregator.js';
import type { AggregatorContext, AggregatorTask } from './aggregator/context.js';
import { helperApp } from './http/helper-app.js';
import { leaderApp } from './http/leader-app.js';
import { startGc } from './aggregator/gc.js';
import { keyAdminHandler } from './aggregator/key-admin.js';
import type { HpkeKeyring } from './aggregator/hpke-keys.js';
import { startAdminServer, type AdminServer } from './admin/server.js';
import { mountInterop, type InteropRole } from './interop/mount.js';
import { startLeaderDriver } from './leader/driver.js';
import { helperUrlsFrom } from './leader/helper-url.js';
import { committedEvents } from './storage/commit-events.js';
import type { KvStore } from './storage/kv.js';
import { probeStore, type StoreProbe } from './storage/store-probe.js';
import { readTaskFile } from './task/task-file.js';

export interface AggregatorServerOptions {
  dataDir: string;
  /** `--store`: a postgres:// URL shared by every process of the role; level in dataDir if absent. */
  store?: string;
  taskFiles: string[];
  /** Path prefix, e.g. "/leader" (docs/architecture.md: one process may serve both roles). */
  prefix: string;
  options?: Partial<AggregatorOptions>;
  /** Mount the DAP interop test API under /internal/test/ as well. */
  interop?: boolean;
  /**
   * Where the interop collector keeps its tasks and handles; one folder per process, the same for
   * every role it serves (default: `interop` inside dataDir).
   */
  interopDataDir?: string;
  clock?: Clock;
  onError?: (e: unknown) => void;
  /** Counters for `/metrics` (uploads, aggregation jobs, collections). */
  events?: DapEvents;
}

/** An aggregator's state for `/healthz` (docs/dap.md "Metrics and health"). */
export interface AggregatorHealth {
  ready: boolean;
  state: 'starting' | 'ready' | 'failed' | 'closed';
  detail?: string;
}

export interface AggregatorServer {
  close(): Promise<void>;
  health(): AggregatorHealth;
}

/**
 * Mounts a DAP-18 Leader for `taskFiles` on `app` under `prefix`: opens its store in `dataDir`,
 * starts the aggregation driver, garbage collection and the HPKE key admin socket.
 *
 * @throws {TaskFileModeError} task_file_exposed (a task file other users may read)
 * @throws {TaskError} task_invalid, task_schema_newer
 * @throws {DapError} storage_failed (the store cannot be opened, e.g. held by another server)
 * @example
 * const app = new Hono();
 * const leader = await mountLeader(app, {
 *   dataDir: '/var/lib/mesh/leader',
 *   taskFiles: ['tasks/leader.json'],
 *   prefix: '/leader',
 * });
 * serve({ fetch: app.fetch, port: 8080 }); // @hono/node-server
 * // on shutdown: await leader.close();
 */
export async function mountLeader(
  app: Hono,
  o: AggregatorServerOptions,
): Promise<AggregatorServer> {
  const files = o.taskFiles.map((f) => readTaskFile(f, 'leader'));
  const ctx = await openLeaderContext(openOptions(o), files);
  return mountRole(app, o, ctx, { role: 'leader', ctx }, leaderApp, startLeaderDriver);
}

/**
 * Mounts a DAP-18 Helper for `taskFiles` on `app` under `prefix`, its store in `dataDir`; the
 * Helper only answers the Leader, so it has no background driver.
 *
 * @throws {TaskFileModeError} task_file_exposed
 * @throws {TaskError} task_invalid, task_schema_newer
 * @throws {DapError} storage_failed
 * @example
 * const helper = await mountHelper(app, {
 *   dataDir: '/var/lib/mesh/helper',
 *   taskFiles: ['tasks/helper.json'],
 *   prefix: '/helper',
 * });
 */
export async function mountHelper(
  app: Hono,
  o: AggregatorServerOptions,
): Promise<AggregatorServer> {
  const files = o.taskFiles.map((f) => readTaskFile(f, 'helper'));
  const ctx = await openHelperContext(openOptions(o), files);
  // The Helper has no background work: it serves while its store answers.
  return mountRole(app, o, ctx, { role: 'helper', ctx }, helperApp, () => ({
    health: () => ({ ready: true, state: 'ready' }),
    close: () => Promise.resolve(),
  }));
}

const openOptions = (o: AggregatorServerOptions): OpenOptions => ({
  dataDir: o.dataDir,
  ...(o.store === undefined ? {} : { store: o.store }),
  ...(o.options ? { options: o.options } : {}),
  ...(o.clock ? { clock: o.clock } : {}),
});

/** Background work of a role, started after its routes: the Leader's driver. */
interface RoleWork {
  health(): AggregatorHealth;
  close(): Promise<void>;
}

/**
 * What both roles run around their opened context: the routes, the interop API, the background
 * work, garbage collection, the key admin socket, the store probe and the HPKE key refresh, and
 * one close that stops them in the reverse order.
 */
async function mountRole<T extends AggregatorTask>(
  app: Hono,
  o: AggregatorServerOptions,
  ctx: AggregatorContext<T>,
  interopRole: InteropRole,
  routes: (ctx: AggregatorContext<T>, onError: (e: unknown) => void) => Hono,
  work: (ctx: AggregatorContext<T>, onError: (e: unknown) => void) => RoleWork,
): Promise<AggregatorServer> {
  if (o.events) ctx.events = committedEvents(ctx.store, o.events);
  const onError = o.onError ?? (() => undefined);
  app.route(o.prefix, routes(ctx, onError));
  const interop = o.interop
    ? await mountInterop(app, interopRole, o.prefix, interopDir(o), onError)
    : undefined;
  const driver = work(ctx, onError);
  const gc = startGc(ctx, onError);
  const admin = await startKeyAdmin(o.dataDir, ctx.keyring, onError);
  const probe = probeStore(ctx.store);
  const stopKeys = ctx.keyring.startRefresh(KEY_REFRESH_MS, onError);
  let closed = false;
  return {
    health: () =>
      closed ? { ready: false, state: 'closed' } : storeHealth(probe, driver.health()),
    async close() {
      closed = true;
      probe.close();
      stopKeys();
      await admin?.close();
      await interop?.release();
      await gc.close();
      await driver.close();
      await closeStore(ctx.store, ctx.mutex);
    },
  };
}

/** How often a fleet's process re-reads the HPKE keys other processes may have rotated. */
const KEY_REFRESH_MS = 2000;

/** A store that does not answer fails the role's health whatever its work says. */
const storeHealth = (probe: StoreProbe, h: AggregatorHealth): AggregatorHealth => {
  const problem = probe.problem();
  return problem === undefined ? h : { ready: false, state: 'failed', detail: problem };
};

/** level closes after the last write; postgres drains its pool (closing inside a transaction would wait on itself). */
async function closeStore(store: KvStore, mutex: { run<R>(f: () => Promise<R>): Promise<R> }) {
  if (store.kind === 'level') await mutex.run(() => store.close());
  else await store.close();
}

const interopDir = (o: AggregatorServerOptions): string =>
  o.interopDataDir ?? join(o.dataDir, 'interop');

/**
 * The admin socket for live HPKE key rotation. Started after the store is open (its lock is held),
 * so a socket left by a killed server is this server's to replace. Without it (e.g. a --data path
 * too long for a unix socket) the server still serves; `mesh dap keys` then needs it stopped.
 */
async function startKeyAdmin(
  dataDir: string,
  ring: HpkeKeyring,
  onError: (e: unknown) => void,
): Promise<AdminServer | undefined> {
  try {
    return await startAdminServer(dataDir, keyAdminHandler(ring), onError);
  } catch (e) {
    onError(e);
    return undefined;
  }
}

/** Which of these task files belong to `role` (a shared --task list may mix roles). */
export function taskFilesFor(paths: readonly string[], role: 'leader' | 'helper'): string[] {
  return paths.filter((p) => {
    try {
      const v = JSON.parse(readFileSync(p, 'utf8')) as { role?: unknown };
      return v.role === role;
    } catch {
      return true;
    }
  });
}

/**
 * The store of a DAP role: `--store`, else the config's `dap.store`; undefined means level.
 *
 * @throws {TaskError} task_invalid (dap.store is not a string)
 */
export function storeFrom(flag: string | undefined, section: unknown): string | undefined {
  if (flag !== undefined) return flag;
  const v = (section as { store?: unknown } | undefined)?.store;
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new TaskError('task_invalid', 'dap.store must be a URL string');
  return v;
}

/** AggregatorOptions from a config section; unknown keys and non-integer values are refused. */
export function aggregatorOptionsFrom(section: unknown): Partial<AggregatorOptions> {
  if (section === undefined) return {};
  if (typeof section !== 'object' || section === null)
    throw new TaskError('task_invalid', 'the dap config section must be an object');
  const out: Record<string, number> = {};
  let helperUrls: ReadonlyMap<string, string> | undefined;
  for (const [k, v] of Object.entries(section)) {
    if (k === 'store') continue; // the store URL, read by storeFrom
    if (k === 'helperUrls') {
      helperUrls = helperUrlsFrom(v);
      continue;
    }
    if (!(k in DEFAULT_AGGREGATOR_OPTIONS) || k === 'limits' || k === 'peerLimits')
      throw new TaskError('task_invalid', `unknown dap option ${k}`);
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0)
      throw new TaskError('task_invalid', `dap option ${k} must be a non-negative integer`);
    out[k] = v;
  }
  return helperUrls === undefined ? out : { ...out, helperUrls };
}
