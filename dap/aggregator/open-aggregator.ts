// Opening an aggregator's durable state: its store (level or PostgreSQL), HPKE keys and per-task
// collected batches.
import { mkdirSync } from 'node:fs';
import { fromB64url } from '../encoding.js';
import type { Hpke } from '../hpke/index.js';
import { hpkeDefault } from '../hpke/index.js';
import { decodeHpkeConfig } from '../messages/index.js';
import { leasesOf } from '../storage/leases.js';
import { openStore } from '../storage/open-store.js';
import type { HelperTaskFile, LeaderTaskFile } from '../task/task-file.js';
import { taskOf } from '../task/task.js';
import { systemClock, type Clock } from './clock.js';
import { CollectedIntervals } from './collected-intervals.js';
import type { AggregatorContext, AggregatorTask, HelperTask, LeaderTask } from './context.js';
import { HpkeKeyring } from './hpke-keys.js';
import { aggregatorOptions, type AggregatorOptions } from './options.js';

export interface OpenOptions {
  dataDir: string;
  /** A postgres:// URL shared by a fleet; level inside dataDir when absent. */
  store?: string;
  options?: Partial<AggregatorOptions>;
  clock?: Clock;
  hpke?: Hpke;
}

async function openContext<T extends AggregatorTask>(
  o: OpenOptions,
  role: 'leader' | 'helper',
): Promise<AggregatorContext<T>> {
  mkdirSync(o.dataDir, { recursive: true, mode: 0o700 });
  // The events are set once the context exists; the store counts its retries through this.
  const holder: { ctx?: AggregatorContext<T> } = {};
  const store = await openStore({
    dataDir: o.dataDir,
    ...(o.store === undefined ? {} : { store: o.store }),
    onRetry: () => holder.ctx?.events?.transactionRetried?.(),
  });
  const hpke = o.hpke ?? hpkeDefault;
  const ctx: AggregatorContext<T> = {
    store,
    mutex: { run: (f) => store.exclusive(f) },
    leases: leasesOf(store),
    keyring: await HpkeKeyring.open(store, hpke, { decryptExpired: role === 'leader' }),
    tasks: new Map(),
    options: aggregatorOptions(o.options),
    clock: o.clock ?? systemClock,
    hpke,
  };
  holder.ctx = ctx;
  return ctx;
}

async function base<T extends AggregatorTask>(
  ctx: AggregatorContext<T>,
  f: LeaderTaskFile | HelperTaskFile,
) {
  const task = taskOf(f);
  return {
    task,
    verifyKey: fromB64url(f.vdaf_verify_key),
    collectorConfig: decodeHpkeConfig(fromB64url(f.collector_hpke_config)),
    collected: await CollectedIntervals.load(ctx.store, task),
  };
}

export async function openLeaderContext(
  o: OpenOptions,
  files: LeaderTaskFile[],
): Promise<AggregatorContext<LeaderTask>> {
  const ctx = await openContext<LeaderTask>(o, 'leader');
  for (const f of files) await addLeaderTask(ctx, f);
  return ctx;
}

/** The task's in-memory state, not yet served (so a caller can persist it first). */
export async function leaderTaskOf(
  ctx: AggregatorContext<LeaderTask>,
  f: LeaderTaskFile,
): Promise<LeaderTask> {
  return {
    ...(await base(ctx, f)),
    aggregatorToken: f.aggregator_auth_token,
    collectorTokenDigest: f.collector_auth_token_sha256,
    uploads: 0,
    collectionsCreated: 0,
    returned: 0,
  };
}

export async function addLeaderTask(
  ctx: AggregatorContext<LeaderTask>,
  f: LeaderTaskFile,
): Promise<LeaderTask> {
  const lt = await leaderTaskOf(ctx, f);
  ctx.tasks.set(lt.task.idB64, lt);
  return lt;
}

export async function openHelperContext(
  o: OpenOptions,
  files: HelperTaskFile[],
): Promise<AggregatorContext<HelperTask>> {
  const ctx = await openContext<HelperTask>(o, 'helper');
  for (const f of files) await addHelperTask(ctx, f);
  return ctx;
}

export async function helperTaskOf(
  ctx: AggregatorContext<HelperTask>,
  f: HelperTaskFile,
): Promise<HelperTask> {
  return { ...(await base(ctx, f)), aggregatorTokenDigest: f.aggregator_auth_token_sha256 };
}

export async function addHelperTask(
  ctx: AggregatorContext<HelperTask>,
  f: HelperTaskFile,
): Promise<HelperTask> {
  const ht = await helperTaskOf(ctx, f);
  ctx.tasks.set(ht.task.idB64, ht);
  return ht;
}
