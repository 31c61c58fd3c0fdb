// One refresh of a subscription at a time across processes (node/state/pid-lock.ts).
import { join } from 'node:path';
import { withPidLock } from '../state/pid-lock.js';

/** Runs `fn` holding the subscription's lock; waits up to `waitMs` for another refresh to end. */
export function withSubscriptionLock<T>(
  dir: string,
  fn: () => Promise<T>,
  waitMs = 120_000,
): Promise<T> {
  return withPidLock(join(dir, 'refresh.lock'), 'another refresh', fn, waitMs);
}
