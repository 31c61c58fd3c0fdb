// One `mesh publish --apply` of consensus proposals at a time per repository (DESIGN.md: stores
// shared by short-lived processes are safe for concurrent writers): an O_EXCL lock file holding the
// owner's pid, taken over when that process is gone (a crash must not wedge the repository).
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
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
  // An empty file is a lock being written right now, unless it has been empty for a while (its
  // writer died between creating and filling it).
  const fresh = Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 5000;
  if (Number.isSafeInteger(owner) && owner > 0 ? alive(owner) : fresh) return false;
  rmSync(file, { force: true });
  return false;
}

export async function withApplyLock<T>(
  dir: string,
  fn: () => Promise<T>,
  waitMs = 120_000,
): Promise<T> {
  const file = join(dir, 'apply.lock');
  const deadline = Date.now() + waitMs;
  while (!tryTake(file)) {
    if (Date.now() > deadline)
      throw new StateError('state_invalid', `${file} is held by another apply`, 'try again later');
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
  }
  try {
    return await fn();
  } finally {
    rmSync(file, { force: true });
  }
}
