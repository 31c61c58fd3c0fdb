// The benches' Leader and Helper (npm run bench:dap): `mesh serve` processes, one or more per role
// (several behind a front that spreads requests, as a fleet's load balancer does, or reached at
// their own URLs: each Leader calls a Helper of its own), their ports and URLs known before the task
// files are written, their CPU read from /proc/PID/stat, stopped together.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFront, type Front } from '../../test/dap/front.js';
import { pairArgs, startPair } from '../../test/dap/aggregator-pair.js';
import { metric } from '../../test/dap/fleet-setup.js';
import { freePort } from '../../test/support/ports.js';
import type { ServeProcess } from '../../test/support/serve-process.js';

const TICKS = 100; // USER_HZ of /proc/<pid>/stat on Linux
type Role = 'leader' | 'helper';
/**
 * How a fleet's processes are reached: `front`, one front per role sends each request to the next
 * process; `direct`, the clients spread their uploads over the Leaders' own URLs and Leader i calls
 * Helper i (its `dap.helperUrls`), no hop in between (docs/dap.md "Running a fleet").
 */
export type Topology = 'front' | 'direct';

/** User plus system CPU seconds of every thread of the process; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const f = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / TICKS;
  } catch {
    return 0;
  }
}

export interface AggregatorsStart {
  /** Task files per role, each given to every process of the role. */
  tasks: { leader: string[]; helper: string[] };
  /** The Leader's `dap` config section (job sizing, ticks). */
  leaderDap: Record<string, unknown>;
  /** `--store` URLs (PostgreSQL, shared by the processes of a role); level inside DIR without them. */
  stores?: { leader?: string; helper?: string };
  /** Added to every process's environment. */
  env?: NodeJS.ProcessEnv;
}

export interface Aggregators {
  /** Each role's DAP endpoint (`.../leader/`, `.../helper/`), for the task files. */
  endpoint: Record<Role, string>;
  /** Where uploads go: the front, or each Leader process's own endpoint (`direct`). */
  uploadTo: string[];
  start(o: AggregatorsStart): Promise<void>;
  /** Every process's pid (Leaders first). */
  pids(): number[];
  /** CPU seconds of every process so far. */
  cpu(): number;
  /** Aggregation jobs the Leaders ended so far (their /metrics). */
  leaderJobs(): Promise<number>;
  stop(): Promise<void>;
}

/** Ports (and fronts, for more than one process per role) for `perRole` processes of each role in DIR. */
export async function reserveAggregators(
  dir: string,
  perRole = 1,
  topology: Topology = 'front',
): Promise<Aggregators> {
  const ports: Record<Role, number[]> = { leader: [], helper: [] };
  for (let i = 0; i < perRole; i++) {
    ports.leader.push(await freePort());
    ports.helper.push(await freePort());
  }
  const fronts: Partial<Record<Role, Front>> = {};
  if (perRole > 1 && topology === 'front') {
    fronts.leader = await startFront(() => ports.leader);
    fronts.helper = await startFront(() => ports.helper);
  }
  const base = (r: Role): string =>
    fronts[r]?.url ?? `http://127.0.0.1:${String(ports[r][0] ?? 0)}`;
  const own = (r: Role, i: number): string => `http://127.0.0.1:${String(ports[r][i] ?? 0)}/${r}/`;
  const leaders: ServeProcess[] = [];
  const helpers: ServeProcess[] = [];
  const pids = (): number[] => [...leaders, ...helpers].map((p) => p.child.pid ?? 0);
  return {
    endpoint: { leader: `${base('leader')}/leader/`, helper: `${base('helper')}/helper/` },
    uploadTo: fronts.leader
      ? [`${fronts.leader.url}/leader/`]
      : ports.leader.map((_, i) => own('leader', i)),
    async start(o) {
      for (let i = 0; i < perRole; i++) {
        const at = join(dir, `p${String(i)}`);
        mkdirSync(at, { recursive: true });
        const p = { leader: ports.leader[i] ?? 0, helper: ports.helper[i] ?? 0 };
        const args = pairArgs({
          dir: at,
          ports: p,
          tasks: o.tasks,
          leaderDap:
            topology === 'direct' && i > 0
              ? { ...o.leaderDap, helperUrls: { [own('helper', 0)]: own('helper', i) } }
              : o.leaderDap,
          ...(o.stores ? { stores: o.stores } : {}),
        });
        const pair = await startPair(args, o.env);
        leaders.push(pair.leader);
        helpers.push(pair.helper);
      }
    },
    pids,
    cpu: () => pids().reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    async leaderJobs() {
      let n = 0;
      for (const l of leaders) n += await metric(l.url, 'mesh_dap_aggregation_jobs_total');
      return n;
    },
    async stop() {
      await Promise.all([...leaders, ...helpers].map((p) => p.stop()));
      await fronts.leader?.close();
      await fronts.helper?.close();
    },
  };
}
