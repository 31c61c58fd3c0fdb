// DAP-18 throughput by store (npm run bench:dap, MESH_BENCH_STORES=0 skips it): Prio3SumVec(32)
// reports end to end with one process per role on level, one on PostgreSQL, and two per role on
// PostgreSQL, behind a front and reached directly; aggregator CPU per report counts every mesh serve process and the
// PostgreSQL server's processes, in the same run. Each set-up first aggregates and collects a batch
// of its own (docs/dap.md "Throughput by store"), printed as the first batch's; then rounds of one
// warm batch per set-up, each in its own time bucket, give the medians.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { collect, DapClient, newTaskFiles } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { startPrivateCluster } from '../../test/dap/pg-cluster.js';
import { postUpload, tempDir } from '../../test/dap/support.js';
import { cpuSeconds, reserveAggregators, type Topology } from './aggregators.js';
import { profilerEnv } from './profiler.js';

const N = Number(process.env.MESH_BENCH_STORE_REPORTS ?? 1000);
/** Measured batches per set-up, after its first. */
const ROUNDS = Math.max(1, Number(process.env.MESH_BENCH_STORE_ROUNDS ?? 5));
/**
 * Unmeasured batches of N per process of a role, between a set-up's first batch and the rounds: V8
 * goes on optimising the hot path over the first thousand reports or so a process sees, and each
 * process of two per role sees half of a batch, so a set-up of two per role runs twice as many. The
 * rounds then measure fleets whose every process has seen as many reports as a lone one: a fleet
 * runs for long, and what a process start costs is in the first batch's figures.
 */
/** Upload requests in flight at once, as from several clients (1: one client sending in turn). */
const UPLOADERS = Math.max(1, Number(process.env.MESH_BENCH_STORE_UPLOADERS ?? 4));
const WARM_BATCHES = Math.max(0, Number(process.env.MESH_BENCH_STORE_WARM_BATCHES ?? 2));
const WARMUP = Number(process.env.MESH_BENCH_STORE_WARMUP ?? N);
/** The Leaders' smallest and largest job (MESH_BENCH_STORE_JOBS=MIN,MAX), the same in every set-up. */
const [MIN_JOB = 100, MAX_JOB = 250] = (process.env.MESH_BENCH_STORE_JOBS ?? '')
  .split(',')
  .filter((x) => x !== '')
  .map((x) => Math.max(1, Number(x)));
const LENGTH = 32;
const PROFILE = process.env.MESH_BENCH_PROFILE;
const TP = 3600;
/** After the measured batch: a pause for its last work to end, then the idle window. */
const IDLE_SETTLE_MS = 2000;
const IDLE_MS = 4000;

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
  /** Of the batch's elapsed time, the uploads' (the rest is aggregation and collection). */
  upload_seconds: number;
  aggregator_cpu_ms_per_report: number;
  /** Aggregation jobs the Leaders ran for the batch. */
  jobs: number;
  /**
   * CPU ms per report of each process: the Leaders', the Helpers', the database server's, and the
   * bench process's own (uploads, collection, and the fronts with two per role; not aggregator CPU).
   */
  split: string;
}

/** One set-up's processes, its task, and how to run a batch on it. */
interface SetUp {
  /** Uploads and collects `n` reports in the time bucket `back` buckets before the run's start. */
  batch(n: number, back: number): Promise<Figures>;
  /** CPU seconds of the set-up's processes (and the database's, on PostgreSQL) so far. */
  cpu(): number;
  stop(): Promise<void>;
  /** Processes per role. */
  perRole: 1 | 2;
}

async function setUp(
  perRole: 1 | 2,
  pg: { url: () => Promise<string>; dataDir: string } | undefined,
  t: number,
  topology: Topology = 'front',
): Promise<SetUp> {
  const dir = tempDir('bench-stores');
  const aggs = await reserveAggregators(dir, perRole, topology);
  const files = newTaskFiles({
    task_info: Buffer.from('bench-stores').toString('base64url'),
    leader: aggs.endpoint.leader,
    helper: aggs.endpoint.helper,
    time_precision: TP,
    min_batch_size: Math.min(N, WARMUP > 0 ? WARMUP : N),
    batch_mode: 'time_interval',
    vdaf: { type: 'Prio3SumVec', length: LENGTH, max_measurement: 1, chunk_length: 6 },
  });
  for (const r of ['leader', 'helper'] as const)
    writeFileSync(join(dir, `${r}.json`), JSON.stringify(files[r]), { mode: 0o600 });
  try {
    await aggs.start({
      tasks: { leader: [join(dir, 'leader.json')], helper: [join(dir, 'helper.json')] },
      leaderDap: { minJobSize: MIN_JOB, maxJobSize: MAX_JOB, maxJobAgeMs: 100, tickMs: 5 },
      ...(pg ? { stores: { leader: await pg.url(), helper: await pg.url() } } : {}),
      // MESH_BENCH_PROFILE=DIR: a V8 CPU profile of every mesh serve process (profiler.ts).
      ...(PROFILE ? { env: profilerEnv(PROFILE) } : {}),
    });
  } catch (e) {
    await aggs.stop();
    throw e;
  }
  const client = new DapClient(files.client);
  // The database's processes serve every set-up on it; the others are idle while one is measured.
  const db = () => (pg ? pgPids(pg.dataDir).reduce((sum, p) => sum + cpuSeconds(p), 0) : 0);
  const cpu = () => aggs.cpu() + db();
  const batch = async (n: number, back: number): Promise<Figures> => {
    const time = t - back * TP;
    const sum = new Array<number>(LENGTH).fill(0);
    const reports: m.Report[] = [];
    for (let i = 0; i < n; i++) {
      const meas = Array.from({ length: LENGTH }, () => (Math.random() < 0.1 ? 1 : 0));
      meas.forEach((x, j) => (sum[j] = (sum[j] ?? 0) + x));
      reports.push(await client.prepare({ measurement: meas, timeSeconds: time }));
    }
    const jobs0 = await aggs.leaderJobs();
    const cpu0 = cpu();
    const each0 = [...aggs.pids().map(cpuSeconds), db()];
    const bench0 = process.cpuUsage();
    const start = Date.now();
    const urls = aggs.uploadTo.map((u) => `${u}tasks/${files.client.task_id}/reports`);
    // a task's reports come from many clients at once: UPLOADERS requests of 50 are in flight,
    // each to the next Leader URL (one front, or each Leader's own: DNS round robin)
    let next = 0;
    const uploader = async (): Promise<void> => {
      for (let i = next; i < n; i = next) {
        next += 50;
        const url = urls[(i / 50) % urls.length] ?? '';
        const res = await uploadOnce(url, m.encodeUploadRequest(reports.slice(i, i + 50)));
        if (res.status !== 200 || res.errors.some((e) => e.error !== 'report_replayed'))
          throw new Error(`upload refused: ${String(res.status)}`);
      }
    };
    await Promise.all(Array.from({ length: UPLOADERS }, uploader));
    const uploaded = Date.now();
    const c = await collect(
      files.collector,
      { interval: { start: Math.floor(time / TP), duration: 1 } },
      { timeoutMs: 600_000 },
    );
    const elapsed = (Date.now() - start) / 1000;
    const cpuMs = (cpu() - cpu0) * 1000;
    const bench = process.cpuUsage(bench0);
    const each = [...aggs.pids().map(cpuSeconds), db()].map((c, i) =>
      (((c - (each0[i] ?? 0)) * 1000) / n).toFixed(2),
    );
    const benchMs = (bench.user + bench.system) / 1000 / n;
    if (c.reportCount !== n || JSON.stringify(c.aggregate) !== JSON.stringify(sum))
      throw new Error('aggregate differs from the sum of the measurements');
    return {
      reports_per_second: Math.round(n / elapsed),
      upload_seconds: Number(((uploaded - start) / 1000).toFixed(2)),
      aggregator_cpu_ms_per_report: Number((cpuMs / n).toFixed(3)),
      jobs: (await aggs.leaderJobs()) - jobs0,
      split: [
        `L ${each.slice(0, perRole).join(' ')}`,
        `H ${each.slice(perRole, 2 * perRole).join(' ')}`,
        `db ${each[2 * perRole] ?? ''}`,
        `bench ${benchMs.toFixed(2)}`,
      ].join(' '),
    };
  };
  return { batch, cpu, stop: () => aggs.stop(), perRole };
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

/** The set-ups' ratios: throughput against level, and what a second process per role costs. */
interface Ratios {
  pg1_to_level_throughput: number;
  pg2_to_pg1_cpu_per_report: number;
  pg2_to_pg1_throughput: number;
  pg2_direct_to_pg1_cpu_per_report: number;
  pg2_direct_to_pg1_throughput: number;
}

/** A set-up's figures the ratios are taken of. */
type Rated = Omit<Figures, 'split'>;

/** `xs`: the set-ups' figures in the order of NAMES. */
function ratios(xs: readonly Rated[]): Ratios {
  const [level1, pg1, pg2, pg2d] = xs;
  if (!level1 || !pg1 || !pg2 || !pg2d) throw new Error('a set-up has no figures');
  const r = (x: number, y: number) => Number((x / y).toFixed(2));
  const cpu = (x: Rated) => r(x.aggregator_cpu_ms_per_report, pg1.aggregator_cpu_ms_per_report);
  return {
    pg1_to_level_throughput: r(pg1.reports_per_second, level1.reports_per_second),
    pg2_to_pg1_cpu_per_report: cpu(pg2),
    pg2_to_pg1_throughput: r(pg2.reports_per_second, pg1.reports_per_second),
    pg2_direct_to_pg1_cpu_per_report: cpu(pg2d),
    pg2_direct_to_pg1_throughput: r(pg2d.reports_per_second, pg1.reports_per_second),
  };
}

/** Which of the ratios meet their targets (docs/dap.md "Throughput by store"). */
function met(r: Ratios): Record<keyof Ratios, boolean> {
  return {
    pg1_to_level_throughput: r.pg1_to_level_throughput >= 0.7,
    pg2_to_pg1_cpu_per_report: r.pg2_to_pg1_cpu_per_report <= 1.25,
    pg2_to_pg1_throughput: r.pg2_to_pg1_throughput >= 1,
    pg2_direct_to_pg1_cpu_per_report: r.pg2_direct_to_pg1_cpu_per_report <= 1.25,
    pg2_direct_to_pg1_throughput: r.pg2_direct_to_pg1_throughput >= 1,
  };
}

const median = (xs: number[]): number => {
  const v = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 === 1 ? (v[mid] ?? 0) : ((v[mid - 1] ?? 0) + (v[mid] ?? 0)) / 2;
};

/** Each figure's median over the batches. */
const medianOf = (fs: Figures[]): Omit<Figures, 'split'> => ({
  reports_per_second: Math.round(median(fs.map((f) => f.reports_per_second))),
  upload_seconds: Number(median(fs.map((f) => f.upload_seconds)).toFixed(2)),
  aggregator_cpu_ms_per_report: Number(
    median(fs.map((f) => f.aggregator_cpu_ms_per_report)).toFixed(3),
  ),
  jobs: median(fs.map((f) => f.jobs)),
});

const NAMES = [
  'level_1_per_role',
  'postgres_1_per_role',
  'postgres_2_per_role',
  'postgres_2_per_role_direct',
] as const;
const TARGETS: Record<keyof Ratios, string> = {
  pg1_to_level_throughput: '>= 0.7',
  pg2_to_pg1_cpu_per_report: '<= 1.25',
  pg2_to_pg1_throughput: '>= 1',
  pg2_direct_to_pg1_cpu_per_report: '<= 1.25',
  pg2_direct_to_pg1_throughput: '>= 1',
};

/**
 * The four set-ups in one run, with the ratios docs/dap.md "Throughput by store" sets as targets: a
 * shared database must keep most of level's throughput, and a second process per role (behind a
 * front, or reached directly) must add throughput without costing much more CPU per report than one.
 * The set-ups run side by side (the ones not measured stay idle); each warms up with a first batch,
 * then ROUNDS rounds measure one batch of each, in an order that turns with each round, so a change
 * of the machine's load falls on all alike; the figures are medians over the rounds, the ratios
 * medians of each round's (the targets are checked on these).
 */
export async function benchStores(): Promise<Record<string, unknown>> {
  const cluster = startPrivateCluster();
  const setUps: SetUp[] = [];
  try {
    const pg = { url: () => cluster.createDatabase(), dataDir: join(cluster.dir, 'data') };
    const t = Math.floor(Date.now() / 1000);
    setUps.push(
      await setUp(1, undefined, t),
      await setUp(1, pg, t),
      await setUp(2, pg, t),
      await setUp(2, pg, t, 'direct'),
    );
    const firsts: Figures[] = [];
    if (WARMUP > 0) for (const s of setUps) firsts.push(await s.batch(WARMUP, ROUNDS));
    for (let k = 0; k < 2 * WARM_BATCHES; k++)
      for (const s of setUps) if (k < WARM_BATCHES * s.perRole) await s.batch(N, ROUNDS + 1 + k);
    const rounds: Figures[][] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const round: Figures[] = [];
      for (let k = 0; k < setUps.length; k++) {
        const i = (r + k) % setUps.length;
        round[i] = await (setUps[i] as SetUp).batch(N, r);
      }
      rounds.push(round);
    }
    const of = (i: number): Figures[] => rounds.map((round) => round[i] as Figures);
    const perRound = rounds.map((round) => ratios(round));
    const ratio = (k: keyof Ratios): number => Number(median(perRound.map((x) => x[k])).toFixed(2));
    const medians = Object.fromEntries(
      Object.keys(TARGETS).map((k) => [k, ratio(k as keyof Ratios)]),
    ) as unknown as Ratios;
    // Then idle: what each set-up's processes spend with no work (the database counted once, whole).
    await new Promise((r) => setTimeout(r, IDLE_SETTLE_MS));
    const idle0 = setUps.map((s) => s.cpu());
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idle = setUps.map((s, i) =>
      Number((((s.cpu() - (idle0[i] ?? 0)) * 1000) / (IDLE_MS / 1000)).toFixed(1)),
    );
    const out: Record<string, unknown> = {
      reports: N,
      rounds: ROUNDS,
      warmup_reports: WARMUP,
      warm_batches_per_process: WARM_BATCHES,
      job_sizes: `${String(MIN_JOB)} to ${String(MAX_JOB)}`,
      uploaders: UPLOADERS,
      vdaf: `Prio3SumVec(length ${String(LENGTH)})`,
    };
    NAMES.forEach((name, i) => {
      out[name] = {
        ...medianOf(of(i)),
        idle_cpu_ms_per_second: idle[i],
        // Each round's batch: reports/s, CPU ms per report, jobs, and the CPU of each process.
        batches: of(i).map((f) =>
          [f.reports_per_second, f.aggregator_cpu_ms_per_report, f.jobs, f.split].join(' '),
        ),
        ...(firsts[i] ? { first_batch: firsts[i] } : {}),
      };
    });
    const m = NAMES.map((_, i) => medianOf(of(i)));
    return {
      ...out,
      ...medians,
      // The same ratios of the set-ups' median figures, beside the medians of each round's.
      ratios_of_medians: ratios(m),
      round_ratios: perRound.map((x) => Object.values(x).join(' ')),
      ...(firsts.length === NAMES.length ? { first_batch_ratios: ratios(firsts) } : {}),
      targets: TARGETS,
      targets_met: met(medians),
    };
  } finally {
    for (const s of setUps) await s.stop();
    cluster.stop();
  }
}
