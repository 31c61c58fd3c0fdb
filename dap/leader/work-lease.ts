// One unit of a Leader fleet's work under its lease (docs/dap.md "Running a fleet"): the lease is
// claimed before the work starts, renewed while it runs (a Helper call may outlast one lease time),
// and left to its holder's next step (dropped once the job is gone, extended over a retry's wait).
import type { AggregatorContext, LeaderTask } from '../aggregator/context.js';
import type { LeaseResult } from '../storage/leases.js';

/** Renewals per lease time while the work runs. */
const RENEWALS = 3;

/** Which process creates the task's aggregation jobs (one at a time, leader/driver.ts). */
export const creatorLease = (taskId: string): string => `leader-creator/${taskId}`;
export const jobLease = (taskId: string, jobId: string): string => `leader-job/${taskId}/${jobId}`;
export const collectionLease = (taskId: string, id: string): string =>
  `leader-collection/${taskId}/${id}`;

/**
 * Runs `f` while this process holds lease `name`; `busy` (nothing run) while another live process
 * holds it. A takeover (the holder let it expire) is counted for `/metrics`.
 *
 * @throws what `f` or the store throws
 */
export async function underLease<T>(
  ctx: AggregatorContext<LeaderTask>,
  name: string,
  held: Set<string>,
  f: (got: Exclude<LeaseResult, 'busy'>) => Promise<T>,
): Promise<{ ran: false } | { ran: true; value: T }> {
  const ms = ctx.options.leaseMs;
  const got = await ctx.leases.claim(name, ms);
  if (got === 'busy') {
    held.delete(name);
    return { ran: false };
  }
  if (got === 'taken_over') ctx.events?.leaseTakeover?.();
  held.add(name);
  const beat = setInterval(
    () => {
      void ctx.leases.claim(name, ms).catch(() => undefined);
    },
    Math.max(1, Math.floor(ms / RENEWALS)),
  );
  try {
    return { ran: true, value: await f(got) };
  } finally {
    clearInterval(beat);
  }
}
