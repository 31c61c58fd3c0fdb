// `mesh sensor exec`: runs a command in a cgroup of its own under the sensor, checks every egress
// excerpt with guard's taint matcher, kills the tree on a hit, and reports all of it as NDJSON.
import { spawn } from 'node:child_process';
import type { ReceiptSink } from '../../guard/index.js';
import {
  createWatchCgroup,
  killCgroup,
  removeCgroup,
  SessionMap,
  type SensorEvent,
  type SensorHealth,
  type SupervisorNotice,
} from '../../bpf/index.js';
import { UsageError } from '../errors.js';
import { SensorHub } from './hub.js';
import { Containment } from './containment.js';
import { Correlator } from './correlator.js';
import type { TaintMatcher } from './matcher.js';
import type { SensorVerdict } from './verdict.js';

export interface SensorExecOptions {
  command: string[];
  matcher: TaintMatcher;
  /** Resolved addresses of --allow-host; with `arm` they are enforced, else outside ones reported. */
  allowAddrs: string[];
  arm: boolean;
  emit: (record: Record<string, unknown>) => void;
  receipts?: ReceiptSink;
  session?: string;
  /** Where the command's stdout and stderr go: our stderr (CLI) or a pipe (tests). */
  stdio?: 'stderr' | 'pipe' | 'ignore';
  onChildOutput?: (chunk: string) => void;
  /** Called once the command runs inside the watched cgroup. */
  onStarted?: (pid: number) => void;
  /** A running hub shared by many commands; without one, a loader is started and stopped here. */
  hub?: SensorHub;
  loader?: string;
  ringbufBytes?: number;
  timeoutMs?: number;
}

export interface SensorExecResult {
  exitCode: number | null;
  signal: string | null;
  killed: boolean;
  verdicts: SensorVerdict[];
  events: SensorEvent[];
  health: SensorHealth | null;
  cgroup: string;
}

/** An event as printed: metadata and length, never the payload (it may be the secret). */
export function eventRecord(ev: SensorEvent): Record<string, unknown> {
  const { data, ...meta } = ev;
  const out: Record<string, unknown> = { ...meta, type: 'event', kind: ev.type, len: data.length };
  if (ev.type === 'open' || ev.type === 'exec') out.path = Buffer.from(data).toString('utf8');
  return out;
}

function noticeRecord(n: SupervisorNotice): Record<string, unknown> {
  return { ...n, type: 'sensor', notice: n.type };
}

export async function runSensorExec(opts: SensorExecOptions): Promise<SensorExecResult> {
  const verdicts: SensorVerdict[] = [];
  const events: SensorEvent[] = [];
  const cgroup = createWatchCgroup();
  const containment = new Containment(cgroup);
  const sessions = new SessionMap();
  const session = opts.session ?? 'sensor';
  const correlator = new Correlator({
    matcher: opts.matcher,
    containment,
    sessions,
    defaultSession: session,
    ...(opts.receipts ? { receipts: opts.receipts } : {}),
    onVerdict: (v) => {
      verdicts.push(v);
      opts.emit({ ...v });
    },
  });
  const hub =
    opts.hub ??
    new SensorHub({
      ...(opts.loader ? { loader: opts.loader } : {}),
      ...(opts.ringbufBytes ? { ringbufBytes: opts.ringbufBytes } : {}),
    });
  const onEvent = (ev: SensorEvent): void => {
    correlator.handle(ev);
    events.push(ev);
    opts.emit(eventRecord(ev));
  };
  const onNotice = (n: SupervisorNotice): void => {
    opts.emit(noticeRecord(n));
  };
  let release: (() => Promise<void>) | null = null;
  const { supervisor } = hub;
  try {
    if (!opts.hub) await hub.start();
    release = await hub.watch(cgroup, onEvent, onNotice);
    if (opts.arm || opts.allowAddrs.length > 0)
      await supervisor.allow(cgroup, opts.arm ? 'enforce' : 'report', opts.allowAddrs);
    const result = await runInCgroup(cgroup, opts, containment, (pid) =>
      sessions.register(pid, session),
    );
    const health: SensorHealth | null = await supervisor.health().catch(() => null);
    await correlator.settle();
    // Whatever the command left running in its cgroup ends with it.
    killCgroup(cgroup);
    opts.emit({
      type: 'result',
      exit_code: result.code,
      signal: result.signal,
      killed: containment.killed,
      health,
    });
    return {
      exitCode: result.code,
      signal: result.signal,
      killed: containment.killed,
      verdicts,
      events,
      health,
      cgroup,
    };
  } finally {
    killCgroup(cgroup);
    if (opts.arm || opts.allowAddrs.length > 0)
      await supervisor.disarm(cgroup).catch(() => undefined);
    await release?.();
    if (!opts.hub) await hub.stop();
    await removeCgroup(cgroup);
  }
}

function runInCgroup(
  cgroup: string,
  opts: SensorExecOptions,
  containment: Containment,
  onSpawn: (pid: number) => void,
): Promise<{ code: number | null; signal: string | null }> {
  const [cmd, ...args] = opts.command;
  if (cmd === undefined)
    return Promise.reject(
      new UsageError(
        'mesh sensor exec needs a command',
        'name it after --: mesh sensor exec -- CMD ARGS',
      ),
    );
  const out = opts.stdio ?? 'stderr';
  // The shell joins the cgroup, then becomes the command: every descendant is born inside it.
  const child = spawn(
    '/bin/sh',
    ['-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup, cmd, ...args],
    {
      stdio: ['ignore', out === 'stderr' ? 2 : out, out === 'stderr' ? 2 : out],
    },
  );
  if (child.pid !== undefined) {
    containment.track(child.pid);
    onSpawn(child.pid);
    opts.onStarted?.(child.pid);
  }
  const collect = (d: Buffer): void => opts.onChildOutput?.(d.toString('utf8'));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return new Promise((resolve, reject) => {
    const timer =
      opts.timeoutMs === undefined
        ? undefined
        : setTimeout(() => killCgroup(cgroup), opts.timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}
