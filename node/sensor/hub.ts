// One loader for many watched commands: events are routed to each command by its cgroup id.
import { statSync } from 'node:fs';
import {
  SensorSupervisor,
  type SensorEvent,
  type SupervisorNotice,
  type SupervisorOptions,
} from '../../bpf/index.js';

export type EventHandler = (ev: SensorEvent) => void;

export class SensorHub {
  readonly supervisor: SensorSupervisor;
  private readonly routes = new Map<
    number,
    { event: EventHandler; notice?: (n: SupervisorNotice) => void }
  >();
  private nextWatch = 1;

  constructor(opts: Omit<SupervisorOptions, 'onEvent' | 'onNotice'> = {}) {
    this.supervisor = new SensorSupervisor({
      ...opts,
      onEvent: (ev) => this.routes.get(ev.cgroup)?.event(ev),
      onNotice: (n) => {
        for (const r of this.routes.values()) r.notice?.(n);
      },
    });
  }

  start(): Promise<void> {
    return this.supervisor.start();
  }

  stop(): Promise<void> {
    return this.supervisor.stop();
  }

  /** Watches the cgroup at `path` and sends its events to `event` until the returned release. */
  async watch(
    path: string,
    event: EventHandler,
    notice?: (n: SupervisorNotice) => void,
  ): Promise<() => Promise<void>> {
    // The cgroup v2 id the kernel reports is the directory's inode number.
    const id = statSync(path).ino;
    this.routes.set(id, notice ? { event, notice } : { event });
    await this.supervisor.watchCgroup(path, this.nextWatch++);
    return async () => {
      await this.supervisor.unwatchCgroup(path).catch(() => undefined);
      this.routes.delete(id);
    };
  }
}
