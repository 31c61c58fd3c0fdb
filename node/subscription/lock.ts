// One refresh of a subscription at a time across processes (DESIGN.md: stores shared by many
// short-lived processes are safe for concurrent writers): an O_EXCL lock file holding the owner's
// pid; a lock whose owner is gone is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { StateError } from '../errors.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryTake(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  let owner: number;
  try {
    owner = Number(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  if (Number.isSafeInteger(owner) && owner > 0 && alive(owner)) return false;
  rmSync(file, { force: true });
  return false;
}

/** Runs `fn` holding the subscription's lock; waits up to `waitMs` for another refresh to end. */
export async function withSubscriptionLock<T>(
  dir: string,
  fn: () => Promise<T>,
  waitMs = 120_000,
): Promise<T> {
  const file = join(dir, 'refresh.lock');
  const deadline = Date.now() + waitMs;
  while (!tryTake(file)) {
    if (Date.now() > deadline)
      throw new StateError(
        'state_invalid',
        `${file} is held by another refresh`,
        'try again later',
      );
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
  }
  try {
    return await fn();
  } finally {
    rmSync(file, { force: true });
  }
}
