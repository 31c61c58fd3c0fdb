// cgroup v2 plumbing: a cgroup of its own for a watched command, and cgroup.kill to end it at once.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SensorError } from './errors.js';

/** The cgroup2 mount point from /proc/self/mounts (unified hierarchy on hybrid systems). */
export function cgroup2Root(mounts = '/proc/self/mounts'): string | null {
  let text: string;
  try {
    text = readFileSync(mounts, 'utf8');
  } catch {
    return null;
  }
  for (const line of text.split('\n')) {
    const [, mountPoint, fsType] = line.split(' ');
    if (fsType === 'cgroup2' && mountPoint) return mountPoint.replace(/\\040/g, ' ');
  }
  return null;
}

/**
 * Creates <root>/mesh-sensor/<prefix>-<pid>-<random>: the cgroup a watched command runs in.
 *
 * @throws {SensorError} cgroup_unavailable (no cgroup2 hierarchy, or the directory cannot be made)
 * @example
 * const cgroup = createWatchCgroup('exec');
 * await sensor.watchCgroup(cgroup, 1);
 * await removeCgroup(cgroup);
 */
export function createWatchCgroup(prefix = 'exec'): string {
  const root = cgroup2Root();
  if (!root)
    throw new SensorError(
      'cgroup_unavailable',
      'no cgroup2 hierarchy is mounted',
      'mount one: mkdir -p /sys/fs/cgroup/unified && mount -t cgroup2 none /sys/fs/cgroup/unified',
    );
  const dir = join(
    root,
    'mesh-sensor',
    `${prefix}-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new SensorError(
      'cgroup_unavailable',
      `cannot create ${dir}: ${(e as Error).message}`,
      undefined,
      { cause: e },
    );
  }
  return dir;
}

export function cgroupPids(dir: string): number[] {
  try {
    return readFileSync(join(dir, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter((l) => /^\d+$/.test(l))
      .map(Number);
  } catch {
    return [];
  }
}

/** Kills every process of the cgroup in one kernel operation; falls back to SIGKILL per pid. */
export function killCgroup(dir: string): 'cgroup.kill' | 'signals' {
  const kill = join(dir, 'cgroup.kill');
  if (existsSync(kill)) {
    try {
      writeFileSync(kill, '1');
      return 'cgroup.kill';
    } catch {
      // An old kernel without cgroup.kill writes: fall through to signalling each pid.
    }
  }
  for (const pid of cgroupPids(dir)) killPid(pid);
  return 'signals';
}

export function killPid(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone: the goal is reached.
  }
}

/** Removes the cgroup once empty; waits briefly for killed members to be reaped. */
export async function removeCgroup(dir: string, waitMs = 2000): Promise<boolean> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      rmdirSync(dir);
      return true;
    } catch {
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
