// What leader and helper share: store, writer lock, HPKE keys, tasks with their secrets, options.
import type { Hpke } from '../hpke/index.js';
import type { HpkeConfig } from '../messages/index.js';
import type { FleetNotices } from '../leader/fleet-notices.js';
import type { KvStore } from '../storage/kv.js';
import type { Leases } from '../storage/leases.js';
import type { Task } from '../task/task.js';
import type { Clock } from './clock.js';
import type { CollectedIntervals } from './collected-intervals.js';
import type { DapEvents } from './events.js';
import type { HpkeKeyring } from './hpke-keys.js';
import type { AggregatorOptions } from './options.js';

export interface AggregatorTask {
  task: Task;
  verifyKey: Uint8Array;
  collectorConfig: HpkeConfig;
  collected: CollectedIntervals;
}

export interface LeaderTask extends AggregatorTask {
  aggregatorToken: string;
  collectorTokenDigest: string;
  /**
   * What the Leader knows of its waiting reports without reading them, so an idle driver tick costs
   * nothing; undefined means unknown (the next tick scans the store and sets it again).
   */
  waiting?: { count: number; oldestMs: number };
  /** Incremented by every upload commit, so a scan that raced one does not set `waiting`. */
  uploads: number;
  /** Incremented by every collection job creation, so the driver skips scans when none is open. */
  collectionsCreated: number;
  /**
   * Incremented before a job's reports are put back to waiting (the Helper refused the job or its
   * size), so a job made in the same driver pass does not take them again at once.
   */
  returned: number;
  /**
   * Half of the smallest job body the Helper refused as too large (413): jobs stay below it until
   * the process restarts, whatever peerMaxBodyBytes says.
   */
  refusedBodyBytes?: number;
}

export interface HelperTask extends AggregatorTask {
  aggregatorTokenDigest: string;
}

export interface AggregatorContext<T extends AggregatorTask> {
  store: KvStore;
  /** Serialises read-check-write sequences: `store.exclusive` (across processes on postgres). */
  mutex: { run<R>(f: () => Promise<R>): Promise<R> };
  /** Which process of a fleet works on a task now (every lease is held on level). */
  leases: Leases;
  keyring: HpkeKeyring;
  tasks: Map<string, T>;
  options: AggregatorOptions;
  clock: Clock;
  hpke: Hpke;
  /** Set by the Leader's driver: new work arrived (an upload, a collection job), so tick soon. */
  wakeDriver?: () => void;
  /** Set by the Leader's driver: wake-ups between the processes of a fleet (and within this one). */
  notices?: FleetNotices;
  /** Counters for `/metrics`; every callback is optional. */
  events?: DapEvents;
}
