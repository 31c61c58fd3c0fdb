// Ends a watched command: cgroup.kill for the whole cgroup, and SIGKILL for every tracked pid, so a
// child that called setsid() or left the process group dies too.
import { killCgroup, killPid, type SensorEvent } from '../../bpf/index.js';

export class Containment {
  private readonly pids = new Set<number>();
  killed = false;

  constructor(private readonly cgroup: string | null) {}

  track(pid: number): void {
    this.pids.add(pid);
  }

  /** Follows fork and exit events so the pid set stays the watched process tree. */
  observe(ev: SensorEvent): void {
    if (ev.type === 'fork' && ev.ret > 0) this.pids.add(ev.ret);
    else if (ev.type === 'exec' || ev.type === 'send' || ev.type === 'connect')
      this.pids.add(ev.pid);
    else if (ev.type === 'exit') this.pids.delete(ev.pid);
  }

  kill(): { method: string; pids: number } {
    this.killed = true;
    const method = this.cgroup ? killCgroup(this.cgroup) : 'signals';
    for (const pid of this.pids) killPid(pid);
    return { method, pids: this.pids.size };
  }
}
