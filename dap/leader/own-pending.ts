// DAP-18 §4.5.1.1 which waiting reports a Leader fleet's process puts in its jobs (docs/dap.md
// "Running a fleet"): each process makes jobs of the reports it accepted itself, kept in memory, so
// no process reads the waiting reports on every tick and the jobs spread over the fleet as uploads
// do; reports no live process keeps (its process died, or its memory was full) are swept, once they
// waited longer than any live process lets its own wait, by the process holding the task's sweep.
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import { K } from '../aggregator/keys.js';
import { decodePendingReport, type PendingReport } from './pending-report.js';

export type Waiting = [key: string, pending: PendingReport][];

/** A process keeps at most this many jobs' worth of its own reports in memory; the rest is swept. */
const OWN_JOBS = 8;
/** The sweep reads at most this many jobs' worth of waiting reports per pass. */
const SWEEP_JOBS = 4;

const ownOf = (lt: LeaderTask): Waiting => (lt.own ??= []);

/** After a commit that stored `entries` as waiting: this process will put them in its own jobs. */
export function keepOwn(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
  entries: Waiting,
): void {
  const own = ownOf(lt);
  const room = OWN_JOBS * ctx.options.maxJobSize - own.length;
  own.push(...entries.slice(0, Math.max(0, room)));
}

/** How many of its own reports this process holds for jobs. */
export const ownCount = (lt: LeaderTask): number => lt.own?.length ?? 0;

/**
 * This process's own reports for its next job, oldest first, once a job of them is due (minJobSize
 * of them, or the oldest waited maxJobAgeMs); null when none is due. Reports the job does not take
 * go back with `giveBack`.
 */
export function takeOwn(ctx: AggregatorContext<LeaderTask>, lt: LeaderTask): Waiting | null {
  const own = ownOf(lt);
  const o = ctx.options;
  const first = own[0];
  if (!first) return null;
  if (own.length < o.minJobSize && Date.now() - first[1].receivedMs < o.maxJobAgeMs) return null;
  return own.splice(0, o.maxJobSize);
}

export function giveBack(lt: LeaderTask, rest: Waiting): void {
  ownOf(lt).unshift(...rest);
}

/**
 * Waiting reports that no live process of the fleet keeps: older than a lease time past the job age
 * (a live process makes its job of them sooner) and not this process's own; null when there are none.
 */
export async function sweepOrphans(
  ctx: AggregatorContext<LeaderTask>,
  lt: LeaderTask,
): Promise<Waiting | null> {
  const o = ctx.options;
  const mine = new Set(ownOf(lt).map(([k]) => k));
  const before = Date.now() - o.maxJobAgeMs - o.leaseMs;
  const out: Waiting = [];
  const scan = ctx.store.scan(K.pendingPrefix(lt.task.idB64), { limit: SWEEP_JOBS * o.maxJobSize });
  for await (const [k, v] of scan) {
    if (mine.has(k)) continue;
    const p = decodePendingReport(v);
    if (p.receivedMs < before) out.push([k, p]);
    if (out.length >= o.maxJobSize) break;
  }
  return out.length > 0 ? out : null;
}
