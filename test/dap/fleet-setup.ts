// The set-up of the fleet suites (docs/dap.md "Running a fleet"): two Leader and two Helper `mesh
// serve` processes over one PostgreSQL database per role, each role behind a front that sends every
// request to a live process, as an operator's load balancer does (or, with `leaderDap`, each Leader
// calling the Helper its own config names).
import { writeFileSync } from 'node:fs';
import { newTaskFiles, type TaskFiles } from '../../dap/index.js';
import { freePort } from '../support/ports.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { startFront, type Front } from './front.js';
import { taskParams, writeTaskFiles } from './support.js';

export type FleetRole = 'leader' | 'helper';

export interface Fleet {
  files: TaskFiles;
  /** The live process `i` of each role (the last one started). */
  procs: Record<FleetRole, ServeProcess[]>;
  /** SIGKILLs process `i` of role `r`; the front stops sending to it. */
  kill(r: FleetRole, i: number): Promise<void>;
  /** Starts process `i` of role `r` again, on its port; the front sends to it again. */
  start(r: FleetRole, i: number): Promise<ServeProcess>;
  /** Sends each request of role `r` to process `i` only (undefined: to every live one again). */
  only(r: FleetRole, i: number | undefined): void;
  /** SIGKILLs every process this fleet started and closes its fronts. */
  close(): Promise<void>;
}

export interface FleetOptions {
  dir: string;
  stores: Record<FleetRole, string>;
  peerTimeoutMs: number;
  /** What the Leaders call the Helper at, given the Helper front (a test's proxy in between). */
  helperUrl?: (front: Front) => Promise<string>;
  /** Keys of the `dap` config section over the suites' own. */
  dap?: Record<string, number>;
  /**
   * More `dap` keys for Leader `i`, given the Helper endpoint the task names and the Helper
   * processes' ports (such as `helperUrls`: each Leader calls a Helper process of its own).
   */
  leaderDap?: (
    i: number,
    taskHelper: string,
    helperPorts: number[],
  ) => Promise<Record<string, unknown>>;
}

/** Starts the fleet for a Prio3Sum(7) task with min_batch_size 1, small jobs and (by default) 1.5 s leases. */
export async function startFleet(o: FleetOptions): Promise<Fleet> {
  const ports: Record<FleetRole, number[]> = {
    leader: [await freePort(), await freePort()],
    helper: [await freePort(), await freePort()],
  };
  const up: Record<FleetRole, boolean[]> = { leader: [true, true], helper: [true, true] };
  const pin: Record<FleetRole, number | undefined> = { leader: undefined, helper: undefined };
  const fronts: Front[] = [];
  const running: ServeProcess[] = [];
  for (const r of ['leader', 'helper'] as const)
    fronts.push(
      await startFront(() =>
        ports[r].map((p, i) => (up[r][i] && (pin[r] ?? i) === i ? p : undefined)),
      ),
    );
  const [lf, hf] = fronts as [Front, Front];
  const files = newTaskFiles(
    taskParams(lf.url, o.helperUrl ? await o.helperUrl(hf) : hf.url, {
      min_batch_size: 1,
      vdaf: { type: 'Prio3Sum', max_measurement: 7 },
    }),
  );
  const paths = writeTaskFiles(o.dir, files);
  const dap = { minJobSize: 3, maxJobAgeMs: 30, tickMs: 10, leaseMs: 1500, ...o.dap };
  const configs: Record<FleetRole, string[]> = { leader: [], helper: [] };
  for (const r of ['leader', 'helper'] as const)
    for (const i of [0, 1]) {
      const extra =
        r === 'leader' && o.leaderDap
          ? await o.leaderDap(i, files.leader.task.helper, ports.helper)
          : {};
      const config = `${o.dir}/config-${r}${String(i)}.json`;
      writeFileSync(
        config,
        JSON.stringify({ dap: { ...dap, peerTimeoutMs: o.peerTimeoutMs, ...extra } }),
      );
      configs[r].push(config);
    }
  const procs: Record<FleetRole, ServeProcess[]> = { leader: [], helper: [] };
  const start = async (r: FleetRole, i: number): Promise<ServeProcess> => {
    const p = await startServe([
      ...[
        '--role',
        `dap-${r}`,
        '--port',
        String(ports[r][i]),
        '--data',
        `${o.dir}/${r}${String(i)}`,
      ],
      ...['--store', o.stores[r], '--task', paths[r], '--config', configs[r][i] ?? ''],
    ]);
    procs[r][i] = p;
    running.push(p);
    up[r][i] = true;
    return p;
  };
  const fleet: Fleet = {
    files,
    procs,
    start,
    only(r, i) {
      pin[r] = i;
    },
    async kill(r, i) {
      up[r][i] = false;
      await procs[r][i]?.kill();
    },
    async close() {
      for (const p of running) await p.kill();
      for (const f of fronts) await f.close();
    },
  };
  try {
    for (const r of ['leader', 'helper'] as const) for (const i of [0, 1]) await start(r, i);
  } catch (e) {
    await fleet.close();
    throw e;
  }
  return fleet;
}

/** The sum of counter `name` over the series of a process's /metrics whose labels contain `labels`. */
export async function metric(url: string, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((l) => (l.startsWith(`${name} `) || l.startsWith(`${name}{`)) && l.includes(labels))
    .reduce((s, l) => s + Number(l.split(' ').pop()), 0);
}
