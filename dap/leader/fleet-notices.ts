// What a Leader fleet's processes tell each other (docs/dap.md "Running a fleet"): reports waiting,
// a job ended, a collection job created or finished, leases given up. Each is a hint sent with the
// commit that made it true; a process that misses one finds the work at its next slow look at the
// store, so nothing here is ever the source of truth, and a message that does not decode is ignored.
import type { KvStore } from '../storage/kv.js';

export type Notice =
  /** `count` reports were stored waiting at `receivedMs` (an upload, or a job's put back). */
  | { kind: 'upload'; task: string; count: number; receivedMs: number }
  /** One of the task's aggregation jobs ended (committed, failed or put back). */
  | { kind: 'job'; task: string }
  /** A collection job of the task was created or finished. */
  | { kind: 'collection'; task: string }
  /** A process gave its leases up (it is stopping): its work is free at once. */
  | { kind: 'released' }
  /** Listening (re)started: notices may have been missed, so everything is looked at again. */
  | { kind: 'resync' };

/** A task ID in its URL-safe base64 form (DAP-18 §4.2: 32 bytes, 43 characters). */
const TASK = /^[A-Za-z0-9_-]{1,64}$/;
const COUNT = /^\d{1,9}$/;

export function encodeNotice(n: Exclude<Notice, { kind: 'resync' }>): string {
  switch (n.kind) {
    case 'upload':
      return `upload ${n.task} ${String(n.count)} ${String(n.receivedMs)}`;
    case 'released':
      return 'released';
    default:
      return `${n.kind} ${n.task}`;
  }
}

/** The notice `message` carries; undefined for anything else (another version's, or garbage). */
export function decodeNotice(message: string): Notice | undefined {
  const [kind, task, count, at, ...rest] = message.split(' ');
  if (rest.length > 0) return undefined;
  if (kind === 'released' && task === undefined) return { kind };
  if (task === undefined || !TASK.test(task)) return undefined;
  if (kind === 'upload' && count && at && COUNT.test(count) && /^\d{1,15}$/.test(at))
    return { kind, task, count: Number(count), receivedMs: Number(at) };
  if ((kind === 'job' || kind === 'collection') && count === undefined) return { kind, task };
  return undefined;
}

export interface FleetNotices {
  /** Sends `n` to the other processes (with the current transaction's commit) and to this one's. */
  announce(n: Exclude<Notice, { kind: 'resync' }>): void;
  /** `f` gets every notice, with `remote` false for this process's own; returns the unsubscribe. */
  subscribe(f: (n: Notice, remote: boolean) => void): () => void;
  close(): Promise<void>;
}

/**
 * The notices of `store`'s processes: over the store's own channel when it has one (PostgreSQL),
 * else within this process only (level: one process).
 */
export function fleetNotices(store: KvStore): FleetNotices {
  const subs = new Set<(n: Notice, remote: boolean) => void>();
  const deliver = (n: Notice, remote: boolean): void => {
    for (const f of [...subs]) f(n, remote);
  };
  const stop = store.listen?.((message) => {
    const n = message === undefined ? { kind: 'resync' as const } : decodeNotice(message);
    if (n) deliver(n, true);
  });
  return {
    announce(n) {
      store.announce?.(encodeNotice(n));
      store.afterCommit(() => {
        deliver(n, false);
      });
    },
    subscribe(f) {
      subs.add(f);
      return () => subs.delete(f);
    },
    close: async () => {
      subs.clear();
      await stop?.();
    },
  };
}
