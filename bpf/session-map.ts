// Maps a process to a guard session by (pid, start time): a recycled pid never inherits a session.
import { readFileSync } from 'node:fs';

const CLK_TCK = 100;
const NS_PER_TICK = 1_000_000_000 / CLK_TCK;

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), or null if gone. */
export function procStartTicks(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The comm field may hold spaces and parentheses: fields resume after the last ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const v = Number(rest[19]);
  return Number.isSafeInteger(v) ? v : null;
}

export class SessionMap {
  private readonly byPid = new Map<number, { ticks: number; session: string }>();

  register(pid: number, session: string): boolean {
    const ticks = procStartTicks(pid);
    if (ticks === null) return false;
    this.byPid.set(pid, { ticks, session });
    return true;
  }

  /** Links a forked child to its parent's session, given the child's start in ns since boot. */
  inherit(parentPid: number, childPid: number, childStartNs: number): void {
    const parent = this.byPid.get(parentPid);
    if (parent)
      this.byPid.set(childPid, {
        ticks: Math.floor(childStartNs / NS_PER_TICK),
        session: parent.session,
      });
  }

  /** The session of the process the kernel reported: pid and start time must both agree. */
  lookup(pid: number, startNs: number): string | undefined {
    const e = this.byPid.get(pid);
    return e && e.ticks === Math.floor(startNs / NS_PER_TICK) ? e.session : undefined;
  }

  forget(pid: number): void {
    this.byPid.delete(pid);
  }
}
