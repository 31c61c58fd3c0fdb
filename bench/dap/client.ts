// The DAP-18 §4.4 client path as a user runs it (npm run bench:dap; docs/dap.md "Client path"):
// `mesh dap submit --measurements` of N Prio3SumVec(128) reports and `mesh dap collect`, each a whole
// process against a Leader and a Helper `mesh serve`, beside a floor process that only parses,
// shards and seals the same measurements (DapClient.prepare: shard plus two HPKE seals).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { newTaskFiles } from '../../dap/index.js';
import { MESH_BIN, ROOT } from '../../test/support/env.js';
import { childEnv, extraCaNote } from '../child-env.js';
import { reserveAggregators } from './aggregators.js';
import { profilerEnv } from './profiler.js';

const LENGTH = 128;
const TP = 3600;

/** Preloaded into a child: writes its own CPU seconds (every thread) to MESH_BENCH_CPU on exit. */
const CPU_PRELOAD = `
import { writeFileSync } from 'node:fs';
process.on('exit', () => {
  const u = process.cpuUsage();
  writeFileSync(process.env.MESH_BENCH_CPU, String((u.user + u.system) / 1e6));
});
`;
const preload = `--import=data:text/javascript;base64,${Buffer.from(CPU_PRELOAD).toString('base64')}`;

/** The floor: the same measurements parsed, sharded and sealed to both configs, nothing sent. */
const FLOOR = `
import { readFileSync } from 'node:fs';
const dap = await import(process.env.MESH_BENCH_DAP);
const client = new dap.DapClient(dap.readTaskFile(process.argv[1], 'client'));
const t = Math.floor(Date.now() / 1000);
let n = 0;
for (const line of readFileSync(process.argv[2], 'utf8').split('\\n')) {
  if (line.trim() === '') continue;
  await client.prepare({ measurement: JSON.parse(line), timeSeconds: t });
  n++;
}
process.stdout.write(String(n));
`;

interface Run {
  wallSeconds: number;
  cpuSeconds: number;
  stdout: string;
}

function run(args: string[], cpuFile: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, {
      env: childEnv({ NODE_OPTIONS: preload, MESH_BENCH_CPU: cpuFile }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallSeconds = (performance.now() - start) / 1000;
      if (code !== 0) {
        reject(new Error(`${args.join(' ')} exited ${String(code)}: ${stderr}`));
        return;
      }
      resolve({ wallSeconds, cpuSeconds: Number(readFileSync(cpuFile, 'utf8')), stdout });
    });
  });
}

export interface ClientBench {
  reports: number;
  submit_seconds: number;
  collect_seconds: number;
  reports_per_second: number;
  submit_cpu_ms_per_report: number;
  floor_cpu_ms_per_report: number;
  cpu_ratio_to_floor: number;
  /** The Leader's plus the Helper's CPU per report while the submit ran, and while the collect ran. */
  aggregator_cpu_ms_per_report: { submit: number; collect: number };
  targets: { reports_per_second: string; cpu_ratio_to_floor: string };
  start_up: string;
}

/**
 * Submits and collects `n` reports through the CLI and measures the floor in the same run.
 * @throws Error when a process fails or the collected aggregate differs from the measurements' sum.
 * @example console.log(await benchClient(2000));
 */
export async function benchClient(n: number): Promise<ClientBench> {
  const dir = mkdtempSync(join(tmpdir(), 'mesh-bench-client-'));
  const aggregators = await reserveAggregators(dir);
  const files = newTaskFiles({
    task_info: Buffer.from('bench client').toString('base64url'),
    leader: aggregators.endpoint.leader,
    helper: aggregators.endpoint.helper,
    time_precision: TP,
    min_batch_size: n,
    batch_mode: 'time_interval',
    vdaf: { type: 'Prio3SumVec', length: LENGTH, max_measurement: 1, chunk_length: 11 },
  });
  for (const role of ['client', 'leader', 'helper', 'collector'] as const)
    writeFileSync(join(dir, `${role}.json`), JSON.stringify(files[role]), { mode: 0o600 });
  const sum = new Array<number>(LENGTH).fill(0);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = Array.from({ length: LENGTH }, () => (Math.random() < 0.1 ? 1 : 0));
    m.forEach((x, j) => (sum[j] = (sum[j] ?? 0) + x));
    lines.push(JSON.stringify(m));
  }
  const measurements = join(dir, 'm.jsonl');
  writeFileSync(measurements, lines.join('\n') + '\n');
  // MESH_BENCH_CLIENT_PROFILE=DIR: a V8 CPU profile of every process (node --cpu-prof for submit and
  // collect, bench/dap/profiler.ts for the Leader and Helper), to see where the wall time goes.
  const prof = process.env.MESH_BENCH_CLIENT_PROFILE;
  const cpuProf = prof ? ['--cpu-prof', '--cpu-prof-dir', prof] : [];
  try {
    await aggregators.start({
      tasks: { leader: [join(dir, 'leader.json')], helper: [join(dir, 'helper.json')] },
      leaderDap: { minJobSize: 250, maxJobSize: 500, maxJobAgeMs: 100, tickMs: 5 },
      ...(prof ? { env: profilerEnv(prof) } : {}),
    });
    const cpu = join(dir, 'cpu');
    const dapIndex = pathToFileURL(join(ROOT, 'dist', 'dap', 'index.js')).href;
    process.env.MESH_BENCH_DAP = dapIndex;
    const floor = await run(
      ['--input-type=module', '-e', FLOOR, join(dir, 'client.json'), measurements],
      cpu,
    );
    if (Number(floor.stdout) !== n) throw new Error(`floor prepared ${floor.stdout} reports`);
    const t = Math.floor(Date.now() / 1000);
    const aggCpu = [aggregators.cpu()];
    const submit = await run(
      [...cpuProf, MESH_BIN, 'dap', 'submit', '--task', join(dir, 'client.json')].concat([
        '--measurements',
        measurements,
        '--time',
        String(t),
        '--json',
      ]),
      cpu,
    );
    const accepted = (JSON.parse(submit.stdout) as { accepted: number }).accepted;
    if (accepted !== n) throw new Error(`submit: ${accepted} of ${n} accepted`);
    const start = Math.floor(t / TP) * TP;
    aggCpu.push(aggregators.cpu());
    const collect = await run(
      [...cpuProf, MESH_BIN, 'dap', 'collect', '--task', join(dir, 'collector.json')].concat([
        '--interval',
        `${start},${TP}`,
        '--json',
      ]),
      cpu,
    );
    aggCpu.push(aggregators.cpu());
    const c = JSON.parse(collect.stdout) as { aggregate: number[]; report_count: number };
    if (c.report_count !== n || JSON.stringify(c.aggregate) !== JSON.stringify(sum))
      throw new Error('the collected aggregate differs from the sum of the measurements');
    const submitCpu = submit.cpuSeconds / n;
    const floorCpu = floor.cpuSeconds / n;
    return {
      reports: n,
      submit_seconds: Number(submit.wallSeconds.toFixed(2)),
      collect_seconds: Number(collect.wallSeconds.toFixed(2)),
      reports_per_second: Math.round(n / (submit.wallSeconds + collect.wallSeconds)),
      submit_cpu_ms_per_report: Number((submitCpu * 1000).toFixed(3)),
      floor_cpu_ms_per_report: Number((floorCpu * 1000).toFixed(3)),
      cpu_ratio_to_floor: Number((submitCpu / floorCpu).toFixed(2)),
      aggregator_cpu_ms_per_report: {
        submit: Number(((((aggCpu[1] ?? 0) - (aggCpu[0] ?? 0)) * 1000) / n).toFixed(3)),
        collect: Number(((((aggCpu[2] ?? 0) - (aggCpu[1] ?? 0)) * 1000) / n).toFixed(3)),
      },
      targets: { reports_per_second: '>= 400', cpu_ratio_to_floor: '<= 1.5' },
      start_up: extraCaNote(),
    };
  } finally {
    await aggregators.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(
    JSON.stringify(await benchClient(Number(process.env.MESH_BENCH_REPORTS ?? 2000)), null, 2),
  );
