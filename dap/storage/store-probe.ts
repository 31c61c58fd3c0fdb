// Whether a role's store answers now, for `/healthz` (docs/dap.md "Metrics and health"): a ping
// every few seconds, each bounded by its own timeout, so a database that is down or hangs turns the
// role's health to failed (503) without any request waiting on it, and back once it answers.
import { withDeadline } from '../../common/index.js';
import type { KvStore } from './kv.js';

export interface StoreProbe {
  /** undefined while the store answers; why it does not otherwise (never the URL's password). */
  problem(): string | undefined;
  close(): void;
}

export interface ProbeTiming {
  everyMs: number;
  timeoutMs: number;
}

export const DEFAULT_PROBE: ProbeTiming = { everyMs: 2000, timeoutMs: 2000 };

/**
 * Starts pinging `store` (level answers at once; PostgreSQL runs `SELECT 1`, never retried).
 *
 * @example
 * const probe = probeStore(ctx.store);
 * const health = () => (probe.problem() ? { ready: false, state: 'failed' } : driver.health());
 */
export function probeStore(
  store: Pick<KvStore, 'kind' | 'ping'>,
  t: ProbeTiming = DEFAULT_PROBE,
): StoreProbe {
  let problem: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const once = async (): Promise<void> => {
    try {
      await withDeadline(store.ping(), t.timeoutMs);
      problem = undefined;
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      problem = `the ${store.kind} store does not answer: ${typeof code === 'string' ? code + ' ' : ''}${(e as Error).message}`;
    }
  };
  const tick = (): void => {
    if (closed) return;
    void once().finally(() => {
      if (!closed) timer = setTimeout(tick, t.everyMs);
    });
  };
  tick();
  return {
    problem: () => problem,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
