// One `mesh consensus apply` at a time per repository
// (node/state/pid-lock.ts).
import { join } from 'node:path';
import { withPidLock } from '../state/pid-lock.js';

export function withApplyLock<T>(dir: string, fn: () => Promise<T>, waitMs = 120_000): Promise<T> {
  return withPidLock(join(dir, 'apply.lock'), 'another apply', fn, waitMs);
}
