// DAP-18 throughput by store (npm run bench:dap, MESH_BENCH_STORES=0 skips it): Prio3SumVec(32)
// reports end to end with one process per role on level, one on PostgreSQL, and two per role on
// PostgreSQL behind a front; aggregator CPU per report counts every mesh serve process and the
// PostgreSQL server's processes, in the same run.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collect, DapClient, newTaskFiles } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { startFront } from '../../test/dap/front.js';
import { startPrivateCluster } from '../../test/dap/pg-cluster.js';
import { postUpload, tempDir } from '../../test/dap/support.js';
import { freePort } from '../../test/support/ports.js';
import { startServe, type ServeProcess } from '../../test/support/serve-process.js';

const N = Number(process.env.MESH_BENCH_STORE_REPORTS ?? 1000);
const LENGTH = 32;
const TP = 3600;
const TICKS = 100;

function cpuOf(pid: number): number {
  try {
    const f = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** The postmaster of the cluster in `dataDir` and its children (backends, writer, WAL). */
function pgPids(dataDir: string): number[] {
  const pm = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const out = [pm];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(f.slice(f.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pm) out.push(Number(d));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

interface Figures {
  reports_per_second: number;
  aggregator_cpu_ms_per_report: number;
}

async function run(
  perRole: 1 | 2,
  pg: { url: () => Promise<string>; dataDir: string } | undefined,
): Promise<Figures> {
  const dir = tempDir('bench-stores');
  const ports = {
    leader: [await freePort(), await freePort()],
    helper: [await freePort(), await freePort()],
  };
  const fronts =
    perRole === 2
      ? {
          leader: await startFront(() => ports.leader),
          helper: await startFront(() => ports.helper),
        }
      : undefined;
  const base = (r: 'leader' | 'helper') =>
    fronts?.[r].url ?? `http://127.0.0.1:${String(ports[r][0])}`;
  const files = newTaskFiles({
    task_info: Buffer.from('bench-stores').toString('base64url'),
    leader: `${base('leader')}/leader/`,
    helper: `${base('helper')}/helper/`,
    time_precision: TP,
    min_batch_size: N,
    batch_mode: 'time_interval',
    vdaf: { type: 'Prio3SumVec', length: LENGTH, max_measurement: 1, chunk_length: 6 },
  });
  for (const r of ['leader', 'helper'] as const)
    writeFileSync(join(dir, `${r}.json`), JSON.stringify(files[r]), { mode: 0o600 });
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ dap: { minJobSize: 100, maxJobSize: 250, maxJobAgeMs: 100, tickMs: 5 } }),
  );
  const stores = pg ? { leader: await pg.url(), helper: await pg.url() } : undefined;
  const procs: ServeProcess[] = [];
  try {
    for (const r of ['leader', 'helper'] as const)
      for (let i = 0; i < perRole; i++)
        procs.push(
          await startServe([
            ...[
              '--role',
              `dap-${r}`,
              '--port',
              String(ports[r][i]),
              '--data',
              join(dir, `${r}${String(i)}`),
            ],
            ...['--task', join(dir, `${r}.json`), '--config', join(dir, 'config.json')],
            ...(stores ? ['--store', stores[r]] : []),
          ]),
        );
    const client = new DapClient(files.client);
    const t = Math.floor(Date.now() / 1000);
    const sum = new Array<number>(LENGTH).fill(0);
    const reports: m.Report[] = [];
    for (let i = 0; i < N; i++) {
      const meas = Array.from({ length: LENGTH }, () => (Math.random() < 0.1 ? 1 : 0));
      meas.forEach((x, j) => (sum[j] = (sum[j] ?? 0) + x));
      reports.push(await client.prepare({ measurement: meas, timeSeconds: t }));
    }
    const pids = () => [...procs.map((p) => p.child.pid ?? 0), ...(pg ? pgPids(pg.dataDir) : [])];
    const cpu = () => pids().reduce((s, p) => s + cpuOf(p), 0);
    const cpu0 = cpu();
    const start = Date.now();
    const url = `${files.client.task.leader}tasks/${files.client.task_id}/reports`;
    for (let i = 0; i < N; i += 50) {
      const res = await uploadOnce(url, m.encodeUploadRequest(reports.slice(i, i + 50)));
      if (res.status !== 200 || res.errors.some((e) => e.error !== 'report_replayed'))
        throw new Error(`upload refused: ${String(res.status)}`);
    }
    const c = await collect(
      files.collector,
      { interval: { start: Math.floor(t / TP), duration: 1 } },
      { timeoutMs: 600_000 },
    );
    const elapsed = (Date.now() - start) / 1000;
    if (c.reportCount !== N || JSON.stringify(c.aggregate) !== JSON.stringify(sum))
      throw new Error('aggregate differs from the sum of the measurements');
    return {
      reports_per_second: Math.round(N / elapsed),
      aggregator_cpu_ms_per_report: Number((((cpu() - cpu0) / N) * 1000).toFixed(3)),
    };
  } finally {
    for (const p of procs) await p.stop();
    await fronts?.leader.close();
    await fronts?.helper.close();
  }
}

/**
 * One upload request, sent again when the connection was reset (a keep-alive connection the server
 * closed as idle while the reports were being prepared); a resent report answers report_replayed.
 */
async function uploadOnce(
  url: string,
  body: Uint8Array,
): Promise<Awaited<ReturnType<typeof postUpload>>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await postUpload(url, body);
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/** The three set-ups in one run, with the targets as ratios. */
export async function benchStores(): Promise<Record<string, unknown>> {
  const cluster = startPrivateCluster();
  try {
    const pg = { url: () => cluster.createDatabase(), dataDir: join(cluster.dir, 'data') };
    const level1 = await run(1, undefined);
    const pg1 = await run(1, pg);
    const pg2 = await run(2, pg);
    return {
      reports: N,
      vdaf: `Prio3SumVec(length ${String(LENGTH)})`,
      level_1_per_role: level1,
      postgres_1_per_role: pg1,
      postgres_2_per_role: pg2,
      pg1_to_level_throughput: Number(
        (pg1.reports_per_second / level1.reports_per_second).toFixed(2),
      ),
      pg2_to_pg1_cpu_per_report: Number(
        (pg2.aggregator_cpu_ms_per_report / pg1.aggregator_cpu_ms_per_report).toFixed(2),
      ),
      pg2_to_pg1_throughput: Number((pg2.reports_per_second / pg1.reports_per_second).toFixed(2)),
      targets: {
        pg1_to_level_throughput: '>= 0.7',
        pg2_to_pg1_cpu_per_report: '<= 1.25',
        pg2_to_pg1_throughput: '>= 1',
      },
    };
  } finally {
    cluster.stop();
  }
}
