// One holder at a time across processes for stores shared by short-lived processes (docs/architecture.md): an
// O_EXCL lock file holding the owner's pid, taken over when that process is gone, so a crash never
// wedges the store.
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { StateError } from '../errors.js';

/** How long an empty lock file counts as being written rather than left by a dead writer. */
const EMPTY_GRACE_MS = 5000;

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
  const age = Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  if (Number.isSafeInteger(owner) && owner > 0 ? alive(owner) : age < EMPTY_GRACE_MS) return false;
  rmSync(file, { force: true });
  return false;
}

/** Runs `fn` holding `file`; waits up to `waitMs` for the current holder (`holder` names it). */
export async function withPidLock<T>(
  file: string,
  holder: string,
  fn: () => Promise<T>,
  waitMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  while (!tryTake(file)) {
    if (Date.now() > deadline)
      throw new StateError('state_invalid', `${file} is held by ${holder}`, 'try again later');
    await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
  }
  try {
    return await fn();
  } finally {
    rmSync(file, { force: true });
  }
}
