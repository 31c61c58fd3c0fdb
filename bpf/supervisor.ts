// Spawns the loader, restarts it when it dies, replays the watch state, and awaits command acks.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SensorError } from './errors.js';
import {
  MAX_LINE_BYTES,
  parseLoaderLine,
  type LoaderMessage,
  type SensorEvent,
  type SensorHealth,
} from './event.js';
import { LineSplitter } from './line-splitter.js';
import { loaderPath } from './paths.js';
import { sslTargets } from './ssl-targets.js';

export type EgressMode = 'enforce' | 'report';

export type SupervisorNotice =
  | { type: 'restart'; attempt: number; reason: string }
  | { type: 'rejected'; reason: string }
  | { type: 'stderr'; line: string }
  | Exclude<LoaderMessage, { type: 'event' } | { type: 'ack' } | { type: 'health' }>;

export interface SupervisorOptions {
  onEvent: (event: SensorEvent) => void;
  onNotice?: (notice: SupervisorNotice) => void;
  loader?: string;
  sslTargets?: string[];
  /** Ring buffer size: a power of two of at least one page. */
  ringbufBytes?: number;
  maxRestarts?: number;
  commandTimeoutMs?: number;
  startTimeoutMs?: number;
}

type Command = Record<string, string | number | string[]>;

interface Waiter {
  resolve: () => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Runs the sensor loader as a child process: restarts it when it dies (up to `maxRestarts`),
 * replays the watch state into the new one, and resolves each command on the loader's ack.
 *
 * @throws {SensorError} loader_missing, loader_failed (from start); loader_exited,
 * command_failed, command_timeout (from a command)
 * @example
 * const sensor = new SensorSupervisor({ onEvent: (e) => console.log(e.type, e.pid) });
 * await sensor.start();
 * const cgroup = createWatchCgroup();
 * await sensor.watchCgroup(cgroup, 1);
 * await sensor.stop();
 */
export class SensorSupervisor {
  features: Record<string, { ok: boolean; reason?: string }> = {};
  uprobes: { path: string; func: string; ok: boolean; reason?: string }[] = [];
  restarts = 0;
  rejectedLines = 0;
  private child: ChildProcess | null = null;
  private readonly waiters = new Map<string, Waiter>();
  private readonly replay = new Map<string, Command>();
  private nextId = 1;
  private stopping = false;
  private lastHealth: SensorHealth | null = null;
  private readyWaiter: { resolve: () => void; reject: (e: Error) => void } | null = null;

  constructor(private readonly opts: SupervisorOptions) {}

  /**
   * Spawns the loader and resolves once it reports ready.
   *
   * @throws {SensorError} loader_missing (not built), loader_failed (died or not ready in time)
   */
  async start(): Promise<void> {
    const path = this.opts.loader ?? loaderPath();
    if (!existsSync(path))
      throw new SensorError(
        'loader_missing',
        `sensor loader not built at ${path}`,
        'run `mesh sensor build` (needs root, clang, bpftool, libbpf-dev)',
      );
    this.stopping = false;
    await this.spawnLoader(path);
  }

  private spawnLoader(path: string): Promise<void> {
    const args: string[] = [];
    if (this.opts.ringbufBytes !== undefined)
      args.push('--ringbuf-bytes', String(this.opts.ringbufBytes));
    for (const t of this.opts.sslTargets ?? sslTargets()) args.push('--ssl', t);
    const child = spawn(path, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    const out = new LineSplitter(MAX_LINE_BYTES);
    const err = new LineSplitter(4096);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      for (const line of out.push(d)) this.onLine(line);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      for (const line of err.push(d)) this.opts.onNotice?.({ type: 'stderr', line });
    });
    child.stdin.on('error', () => undefined);
    child.on('exit', (code, signal) => {
      this.onExit(
        path,
        child,
        `loader exited (code ${code ?? 'none'}, signal ${signal ?? 'none'})`,
      );
    });
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new SensorError('loader_failed', 'loader did not become ready'));
        child.kill('SIGKILL');
      }, this.opts.startTimeoutMs ?? 20_000);
      this.readyWaiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
    });
  }

  private onExit(path: string, child: ChildProcess, reason: string): void {
    if (this.child !== child) return;
    this.child = null;
    for (const [id, w] of this.waiters) {
      clearTimeout(w.timer);
      w.reject(new SensorError('loader_exited', reason));
      this.waiters.delete(id);
    }
    const ready = this.readyWaiter;
    this.readyWaiter = null;
    if (this.stopping) return;
    if (ready) {
      ready.reject(new SensorError('loader_failed', reason));
      return;
    }
    if (this.restarts >= (this.opts.maxRestarts ?? 5)) {
      this.opts.onNotice?.({ type: 'rejected', reason: `${reason}; restart budget spent` });
      return;
    }
    this.restarts++;
    this.opts.onNotice?.({ type: 'restart', attempt: this.restarts, reason });
    const delay = Math.min(2000, 50 * 2 ** this.restarts);
    setTimeout(() => {
      this.spawnLoader(path)
        .then(() => this.replayState())
        .catch((e: unknown) => this.opts.onNotice?.({ type: 'rejected', reason: String(e) }));
    }, delay);
  }

  private async replayState(): Promise<void> {
    for (const cmd of this.replay.values()) await this.send(cmd);
  }

  private onLine(line: string): void {
    let msg: LoaderMessage;
    try {
      msg = parseLoaderLine(line);
    } catch (e) {
      this.rejectedLines++;
      this.opts.onNotice?.({ type: 'rejected', reason: (e as Error).message });
      return;
    }
    switch (msg.type) {
      case 'event':
        this.opts.onEvent(msg.event);
        return;
      case 'ack': {
        const w = this.waiters.get(msg.id);
        if (!w) return;
        this.waiters.delete(msg.id);
        clearTimeout(w.timer);
        if (msg.ok) w.resolve();
        else w.reject(new SensorError('command_failed', msg.error ?? 'command failed'));
        return;
      }
      case 'health':
        this.lastHealth = msg.health;
        return;
      case 'features':
        this.features = msg.features;
        break;
      case 'uprobe':
        this.uprobes.push({
          path: msg.path,
          func: msg.func,
          ok: msg.ok,
          ...(msg.reason ? { reason: msg.reason } : {}),
        });
        break;
      case 'ready':
        this.readyWaiter?.resolve();
        this.readyWaiter = null;
        break;
      case 'fatal':
        break;
    }
    this.opts.onNotice?.(msg);
  }

  /** Sends one command and waits for the loader's ack. */
  send(cmd: Command): Promise<void> {
    const child = this.child;
    if (!child?.stdin)
      return Promise.reject(new SensorError('loader_exited', 'loader is not running'));
    const id = String(this.nextId++);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        reject(new SensorError('command_timeout', `loader did not answer ${String(cmd.cmd)}`));
      }, this.opts.commandTimeoutMs ?? 10_000);
      this.waiters.set(id, { resolve, reject, timer });
      child.stdin?.write(JSON.stringify({ ...cmd, id }) + '\n');
    });
  }

  watchCgroup(path: string, watch: number): Promise<void> {
    const cmd = { cmd: 'watch', cgroup: path, watch };
    this.replay.set(`cg:${path}`, cmd);
    return this.send(cmd);
  }

  watchPid(pid: number, watch: number): Promise<void> {
    const cmd = { cmd: 'watch', pid, watch };
    this.replay.set(`pid:${pid}`, cmd);
    return this.send(cmd);
  }

  unwatchPid(pid: number): Promise<void> {
    this.replay.delete(`pid:${pid}`);
    return this.send({ cmd: 'unwatch', pid });
  }

  unwatchCgroup(path: string): Promise<void> {
    this.replay.delete(`cg:${path}`);
    return this.send({ cmd: 'unwatch', cgroup: path });
  }

  limits(cap: number): Promise<void> {
    const cmd = { cmd: 'limits', cap };
    this.replay.set('limits', cmd);
    return this.send(cmd);
  }

  /** Arms (enforce) or only reports (report) a cgroup's destination allowlist. */
  allow(cgroup: string, mode: EgressMode, addrs: string[]): Promise<void> {
    const cmd = { cmd: 'allow', cgroup, mode, addrs };
    this.replay.set(`allow:${cgroup}`, cmd);
    return this.send(cmd);
  }

  /** Detaches a cgroup's allowlist programs and forgets its allowlist. */
  disarm(cgroup: string): Promise<void> {
    this.replay.delete(`allow:${cgroup}`);
    return this.send({ cmd: 'allow', cgroup, mode: 'off', addrs: [] });
  }

  async health(): Promise<SensorHealth> {
    await this.send({ cmd: 'health' });
    if (!this.lastHealth) throw new SensorError('command_failed', 'no health record');
    return this.lastHealth;
  }

  /** The loader's pid, for tests that kill it to prove the restart. */
  get loaderPid(): number | undefined {
    return this.child?.pid;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    // The loader closes stdout once drained, before it detaches its programs in the background.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      child.stdout?.once('end', done);
      child.once('exit', done);
      child.stdin?.end();
    });
  }
}
