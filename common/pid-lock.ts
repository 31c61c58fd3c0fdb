// One holder at a time across processes (docs/architecture.md "Rules every room follows": stores
// shared by short-lived processes are safe for concurrent writers): an O_EXCL lock file holding
// the owner's pid, taken over when that process is gone, so a crash never wedges what it guards.
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';

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

/** The pid written in `file`, or undefined when there is none (yet). */
export function pidLockHolder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes `file` if it is free. A lock left by a dead process (or, with `reclaimOwn`, by this one)
 * is removed and false returned, so the caller's next attempt takes it.
 *
 * @example
 * while (!tryTakePidLock(file)) await sleep(50);
 */
export function tryTakePidLock(file: string, opts: { reclaimOwn?: boolean } = {}): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const owner = pidLockHolder(file);
  // An empty file is a lock being written right now, unless it has been empty for a while (its
  // writer died between creating and filling it).
  const age = Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  const held =
    owner !== undefined
      ? alive(owner) && !(opts.reclaimOwn === true && owner === process.pid)
      : age < EMPTY_GRACE_MS;
  if (held) return false;
  rmSync(file, { force: true });
  return false;
}

/** Gives `file` up. */
export function releasePidLock(file: string): void {
  rmSync(file, { force: true });
}
