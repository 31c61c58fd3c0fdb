// Opening an aggregator's durable state: the level store, HPKE keys and per-task collected batches.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fromB64url } from '../encoding.js';
import type { Hpke } from '../hpke/index.js';
import { hpkeDefault } from '../hpke/index.js';
import { decodeHpkeConfig } from '../messages/index.js';
import { openLevelKv } from '../storage/level-kv.js';
import { Mutex } from '../storage/mutex.js';
import type { HelperTaskFile, LeaderTaskFile } from '../task/task-file.js';
import { taskOf } from '../task/task.js';
import { systemClock, type Clock } from './clock.js';
import { CollectedIntervals } from './collected-intervals.js';
import type { AggregatorContext, AggregatorTask, HelperTask, LeaderTask } from './context.js';
import { HpkeKeyring } from './hpke-keys.js';
import { aggregatorOptions, type AggregatorOptions } from './options.js';

export interface OpenOptions {
  dataDir: string;
  options?: Partial<AggregatorOptions>;
  clock?: Clock;
  hpke?: Hpke;
}

async function openContext<T extends AggregatorTask>(
  o: OpenOptions,
  role: 'leader' | 'helper',
): Promise<AggregatorContext<T>> {
  mkdirSync(o.dataDir, { recursive: true, mode: 0o700 });
  const store = await openLevelKv(join(o.dataDir, 'store'));
  const hpke = o.hpke ?? hpkeDefault;
  return {
    store,
    mutex: new Mutex(),
    keyring: await HpkeKeyring.open(store, hpke, { decryptExpired: role === 'leader' }),
    tasks: new Map(),
    options: aggregatorOptions(o.options),
    clock: o.clock ?? systemClock,
    hpke,
  };
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
