// DAP-18 throughput (npm run bench:dap): Prio3SumVec(length 128, max_measurement 1) reports uploaded
// and aggregated end to end with Leader and Helper as separate `mesh serve` processes, and the
// aggregators' CPU per report divided by the pure vdaf/ verification CPU per report.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collect, DapClient, newTaskFiles } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { Prio3SumVec } from '../../vdaf/index.js';
import { freePort } from '../../node/index.js';
import { MESH_BIN } from '../../test/support/env.js';

const N = Number(process.env.MESH_BENCH_REPORTS ?? 2000);
const LENGTH = 128;
const CHUNK = Number(process.env.MESH_BENCH_CHUNK ?? 100);
const TICKS = 100; // USER_HZ of /proc/<pid>/stat on Linux

function cpuSeconds(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / TICKS;
}

function serve(args: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    // MESH_BENCH_PROFILE=DIR writes a V8 CPU profile of each aggregator process into DIR on exit.
    const prof = process.env.MESH_BENCH_PROFILE;
    const flags = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [];
    const p = spawn(process.execPath, [...flags, MESH_BIN, 'serve', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    p.stdout.once('data', () => {
      resolve(p);
    });
    p.once('exit', (c) => {
      reject(new Error(`mesh serve exited ${c}`));
    });
  });
}

function vdafVerifyCpuPerReport(samples: number): number {
  const v = new Prio3SumVec({ shares: 2, length: LENGTH, maxMeasurement: 1, chunkLength: 11 });
  const ctx = new TextEncoder().encode('dap-18 bench');
  const key = new Uint8Array(randomBytes(v.VERIFY_KEY_SIZE));
  const inputs = Array.from({ length: samples }, () => {
    const nonce = new Uint8Array(randomBytes(16));
    const meas = Array.from({ length: LENGTH }, () => (Math.random() < 0.1 ? 1 : 0));
    const [ps, shares] = v.shard(ctx, meas, nonce, new Uint8Array(randomBytes(v.RAND_SIZE)));
    return { nonce, ps, shares };
  });
  const t0 = process.cpuUsage();
  for (const { nonce, ps, shares } of inputs) {
    const [s0, v0] = v.verifyInit(key, ctx, 0, null, nonce, ps, shares[0] as never);
    const [s1, v1] = v.verifyInit(key, ctx, 1, null, nonce, ps, shares[1] as never);
    const msg = v.verifierSharesToMessage(ctx, null, [v0, v1]);
    v.verifyNext(ctx, s0, msg);
    v.verifyNext(ctx, s1, msg);
  }
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1e6 / samples;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mesh-bench-dap-'));
  const [lp, hp] = [await freePort(), await freePort()];
  const files = newTaskFiles({
    task_info: Buffer.from('bench').toString('base64url'),
    leader: `http://127.0.0.1:${lp}/leader/`,
    helper: `http://127.0.0.1:${hp}/helper/`,
    time_precision: 3600,
    min_batch_size: N,
    batch_mode: 'time_interval',
    vdaf: { type: 'Prio3SumVec', length: LENGTH, max_measurement: 1, chunk_length: 11 },
  });
  for (const role of ['leader', 'helper'] as const)
    writeFileSync(join(dir, `${role}.json`), JSON.stringify(files[role]), { mode: 0o600 });
  const config = join(dir, 'config.json');
  writeFileSync(
    config,
    JSON.stringify({ dap: { minJobSize: 250, maxJobSize: 500, maxJobAgeMs: 100, tickMs: 5 } }),
  );
  const leader = await serve([
    '--role',
    'dap-leader',
    '--port',
    String(lp),
    '--data',
    join(dir, 'l'),
    '--config',
    config,
    '--task',
    join(dir, 'leader.json'),
  ]);
  const helper = await serve([
    '--role',
    'dap-helper',
    '--port',
    String(hp),
    '--data',
    join(dir, 'h'),
    '--task',
    join(dir, 'helper.json'),
  ]);
  try {
    const client = new DapClient(files.client);
    const t = Math.floor(Date.now() / 1000);
    process.stderr.write(`sharding ${N} reports (client side, not timed)…\n`);
    const expected = new Array<number>(LENGTH).fill(0);
    const reports: m.Report[] = [];
    for (let i = 0; i < N; i++) {
      const meas = Array.from({ length: LENGTH }, () => (Math.random() < 0.1 ? 1 : 0));
      meas.forEach((x, j) => (expected[j] = (expected[j] ?? 0) + x));
      reports.push(await client.prepare({ measurement: meas, timeSeconds: t }));
    }
    // The machine is shared, so the denominator is measured before and after the run and averaged.
    const vdafBefore = vdafVerifyCpuPerReport(Math.min(N, 500));
    const cpu0 =
      (leader.pid ? cpuSeconds(leader.pid) : 0) + (helper.pid ? cpuSeconds(helper.pid) : 0);
    const start = performance.now();
    const url = `${files.client.task.leader}tasks/${files.client.task_id}/reports`;
    for (let i = 0; i < N; i += CHUNK) {
      const body = m.encodeUploadRequest(reports.slice(i, i + CHUNK));
      // Uploads are idempotent (DAP-18 §4.4.2), so a request cut on a stale keep-alive socket is resent;
      // its already stored reports then come back as report_replayed.
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': m.MediaType.uploadReq },
            body,
          });
          const bytes = new Uint8Array(await res.arrayBuffer());
          const bad = bytes.length
            ? m.decodeUploadErrors(bytes).filter((e) => e.error !== 'report_replayed')
            : [];
          if (res.status !== 200 || bad.length > 0)
            throw new Error(`upload refused: ${res.status}`);
          break;
        } catch (e) {
          if (attempt >= 3 || String(e).includes('refused')) throw e;
        }
      }
    }
    const uploaded = performance.now();
    const c = await collect(
      files.collector,
      { interval: { start: Math.floor(t / 3600), duration: 1 } },
      { timeoutMs: 600_000 },
    );
    const elapsed = (performance.now() - start) / 1000;
    const cpu1 =
      (leader.pid ? cpuSeconds(leader.pid) : 0) + (helper.pid ? cpuSeconds(helper.pid) : 0);
    if (c.reportCount !== N || JSON.stringify(c.aggregate) !== JSON.stringify(expected))
      throw new Error('aggregate differs from the sum of the measurements');
    const aggCpu = (cpu1 - cpu0) / N;
    const vdafCpu = (vdafBefore + vdafVerifyCpuPerReport(Math.min(N, 500))) / 2;
    const out = {
      reports: N,
      upload_seconds: Number(((uploaded - start) / 1000).toFixed(2)),
      end_to_end_seconds: Number(elapsed.toFixed(2)),
      reports_per_second: Math.round(N / elapsed),
      aggregator_cpu_ms_per_report: Number((aggCpu * 1000).toFixed(3)),
      vdaf_verify_cpu_ms_per_report: Number((vdafCpu * 1000).toFixed(3)),
      cpu_ratio: Number((aggCpu / vdafCpu).toFixed(2)),
      targets: { reports_per_second: '>= 200', cpu_ratio: '<= 2' },
    };
    console.log(JSON.stringify(out, null, 2));
  } finally {
    leader.kill('SIGTERM');
    helper.kill('SIGTERM');
  }
}

await main();
