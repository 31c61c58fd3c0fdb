// DAP-18 throughput (npm run bench:dap): Prio3SumVec(length 128, max_measurement 1) reports uploaded
// and aggregated end to end with Leader and Helper as separate `mesh serve` processes, and the
// aggregators' CPU per report divided by the pure vdaf/ verification CPU per report.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collect, DapClient, newTaskFiles } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { Prio3SumVec } from '../../vdaf/index.js';
import { postUpload } from '../../test/dap/support.js';
import { reserveAggregators } from './aggregators.js';
import { benchStores } from './stores.js';
import { benchIssuer, tokenVerifyCpuPerReport } from './tokens.js';
import { benchClient } from './client.js';
import { benchPoplar1Walk } from './poplar1-walk.js';
import { profilerEnv } from './profiler.js';

const N = Number(process.env.MESH_BENCH_REPORTS ?? 2000);
/**
 * Reports aggregated and collected before the measured window, in the previous time bucket. V8
 * optimizes a function once it has run long enough in its own body, so verifyInit and the FLP
 * query, whose time is mostly spent in callees, got their first TurboFan compile (tens of ms of
 * compiler-thread CPU each, about 130 compiles in the Leader and 90 in the Helper) inside the
 * window after 500 warm-up reports, and still after 2000; after 4000 they no longer do.
 */
const WARMUP = Number(process.env.MESH_BENCH_WARMUP ?? 4000);
const LENGTH = 128;
const CHUNK = Number(process.env.MESH_BENCH_CHUNK ?? 100);
const TP = 3600;

/**
 * The denominator: verifyInit for both aggregators, verifierSharesToMessage, verifyNext for both, on
 * distinct freshly sharded reports. A first pass of as many other reports warms the JIT untimed, as
 * the warm-up batch does for the servers.
 */
function vdafVerifyCpuPerReport(samples: number): number {
  const v = new Prio3SumVec({ shares: 2, length: LENGTH, maxMeasurement: 1, chunkLength: 11 });
  const ctx = new TextEncoder().encode('dap-18 bench');
  const key = new Uint8Array(randomBytes(v.VERIFY_KEY_SIZE));
  const shard = () =>
    Array.from({ length: samples }, () => {
      const nonce = new Uint8Array(randomBytes(16));
      const meas = Array.from({ length: LENGTH }, () => (Math.random() < 0.1 ? 1 : 0));
      const [ps, shares] = v.shard(ctx, meas, nonce, new Uint8Array(randomBytes(v.RAND_SIZE)));
      return { nonce, ps, shares };
    });
  const run = (inputs: ReturnType<typeof shard>): number => {
    const t0 = process.cpuUsage();
    for (const { nonce, ps, shares } of inputs) {
      const [s0, v0] = v.verifyInit(key, ctx, 0, null, nonce, ps, shares[0] as never);
      const [s1, v1] = v.verifyInit(key, ctx, 1, null, nonce, ps, shares[1] as never);
      const msg = v.verifierSharesToMessage(ctx, null, [v0, v1]);
      v.verifyNext(ctx, s0, msg);
      v.verifyNext(ctx, s1, msg);
    }
    const d = process.cpuUsage(t0);
    return (d.user + d.system) / 1e6 / inputs.length;
  };
  run(shard());
  return run(shard());
}

/** Uploads in requests of CHUNK reports. */
async function upload(url: string, reports: m.Report[]): Promise<void> {
  for (let i = 0; i < reports.length; i += CHUNK) {
    const body = m.encodeUploadRequest(reports.slice(i, i + CHUNK));
    // Uploads are idempotent (DAP-18 §4.4.2), so a request cut on a stale keep-alive socket is resent;
    // its already stored reports then come back as report_replayed.
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await postUpload(url, body);
        const bad = res.errors.filter((e) => e.error !== 'report_replayed');
        if (res.status !== 200 || bad.length > 0) throw new Error(`upload refused: ${res.status}`);
        break;
      } catch (e) {
        if (attempt >= 3 || String(e).includes('refused')) throw e;
      }
    }
  }
}

async function main(): Promise<void> {
  // MESH_BENCH_STORES=only: the store figures alone (docs/dap.md "Storage backends").
  if (process.env.MESH_BENCH_STORES === 'only') {
    console.log(JSON.stringify(await benchStores(), null, 2));
    return;
  }
  // MESH_BENCH_POPLAR1=only: the heavy-hitters walk over DAP alone (docs/campaigns.md).
  if (process.env.MESH_BENCH_POPLAR1 === 'only') {
    console.log(JSON.stringify({ poplar1_walk: await benchPoplar1Walk() }, null, 2));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'mesh-bench-dap-'));
  const aggs = await reserveAggregators(dir);
  const params = {
    task_info: Buffer.from('bench').toString('base64url'),
    leader: aggs.endpoint.leader,
    helper: aggs.endpoint.helper,
    time_precision: TP,
    min_batch_size: Math.min(N, WARMUP > 0 ? WARMUP : N),
    batch_mode: 'time_interval' as const,
    vdaf: { type: 'Prio3SumVec' as const, length: LENGTH, max_measurement: 1, chunk_length: 11 },
  };
  const files = newTaskFiles(params);
  // The same task once more, requiring a token per report: throughput with tokens against without.
  const issuer = benchIssuer(TP);
  const tokenFiles = newTaskFiles({ ...params, min_batch_size: N }, { issuer: issuer.policy });
  for (const role of ['leader', 'helper'] as const) {
    writeFileSync(join(dir, `${role}.json`), JSON.stringify(files[role]), { mode: 0o600 });
    writeFileSync(join(dir, `t-${role}.json`), JSON.stringify(tokenFiles[role]), { mode: 0o600 });
  }
  // MESH_BENCH_PROFILE=DIR: a V8 CPU profile of each Aggregator in DIR (bench/dap/profiler.ts).
  const prof = process.env.MESH_BENCH_PROFILE;
  const profile = prof ? profilerEnv(prof) : {};
  try {
    await aggs.start({
      tasks: {
        leader: [join(dir, 'leader.json'), join(dir, 't-leader.json')],
        helper: [join(dir, 'helper.json'), join(dir, 't-helper.json')],
      },
      leaderDap: { minJobSize: 250, maxJobSize: 500, maxJobAgeMs: 100, tickMs: 5 },
      env: profile,
    });
    const client = new DapClient(files.client);
    const t = Math.floor(Date.now() / 1000);
    process.stderr.write(`sharding ${WARMUP} + ${N} reports (client side, not timed)…\n`);
    const shard = async (n: number, timeSeconds: number, sum: number[]): Promise<m.Report[]> => {
      const out: m.Report[] = [];
      for (let i = 0; i < n; i++) {
        const meas = Array.from({ length: LENGTH }, () => (Math.random() < 0.1 ? 1 : 0));
        meas.forEach((x, j) => (sum[j] = (sum[j] ?? 0) + x));
        out.push(await client.prepare({ measurement: meas, timeSeconds }));
      }
      return out;
    };
    const check = async (
      start: number,
      n: number,
      sum: number[],
      collector = files.collector,
    ): Promise<void> => {
      const c = await collect(
        collector,
        { interval: { start, duration: 1 } },
        { timeoutMs: 600_000 },
      );
      if (c.reportCount !== n || JSON.stringify(c.aggregate) !== JSON.stringify(sum))
        throw new Error('aggregate differs from the sum of the measurements');
    };
    const url = `${files.client.task.leader}tasks/${files.client.task_id}/reports`;
    const bucket = Math.floor(t / TP);
    const warmSum = new Array<number>(LENGTH).fill(0);
    const warm = await shard(WARMUP, t - TP, warmSum);
    const expected = new Array<number>(LENGTH).fill(0);
    const reports = await shard(N, t, expected);
    // The same reports' twins for the token task (sharded and tokened here, untimed).
    const tokenClient = new DapClient(tokenFiles.client);
    issuer.attach(tokenClient);
    // A pooled keep-alive socket may have gone stale while the other reports were sharded.
    for (let attempt = 0; ; attempt++) {
      try {
        await tokenClient.hpkeConfig('leader');
        await tokenClient.hpkeConfig('helper');
        break;
      } catch (e) {
        if (attempt >= 3) throw e;
      }
    }
    const tokenSum = new Array<number>(LENGTH).fill(0);
    const tokenReports: m.Report[] = [];
    for (let i = 0; i < N; i++) {
      const meas = Array.from({ length: LENGTH }, () => (Math.random() < 0.1 ? 1 : 0));
      meas.forEach((x, j) => (tokenSum[j] = (tokenSum[j] ?? 0) + x));
      tokenReports.push(await tokenClient.prepare({ measurement: meas, timeSeconds: t }));
    }
    // The servers' JIT is warmed by a batch of its own (one time bucket earlier), not measured.
    if (WARMUP > 0) {
      await upload(url, warm);
      await check(bucket - 1, WARMUP, warmSum);
    }
    // The machine is shared, so the denominator is measured before and after the run and averaged.
    const vdafBefore = vdafVerifyCpuPerReport(Math.min(N, 500));
    const cpu = () => aggs.cpu();
    const cpu0 = cpu();
    const start = performance.now();
    await upload(url, reports);
    const uploaded = performance.now();
    await check(bucket, N, expected);
    const elapsed = (performance.now() - start) / 1000;
    const aggCpu = (cpu() - cpu0) / N;
    const vdafCpu = (vdafBefore + vdafVerifyCpuPerReport(Math.min(N, 500))) / 2;
    const tokenCpu = tokenVerifyCpuPerReport(files, issuer, Math.min(N, 500));
    const tokenUrl = `${tokenFiles.client.task.leader}tasks/${tokenFiles.client.task_id}/reports`;
    const tcpu0 = cpu();
    const tstart = performance.now();
    await upload(tokenUrl, tokenReports);
    await check(bucket, N, tokenSum, tokenFiles.collector);
    const telapsed = (performance.now() - tstart) / 1000;
    const tokenAggCpu = (cpu() - tcpu0) / N;
    const out = {
      reports: N,
      warmup_reports: WARMUP,
      upload_seconds: Number(((uploaded - start) / 1000).toFixed(2)),
      end_to_end_seconds: Number(elapsed.toFixed(2)),
      reports_per_second: Math.round(N / elapsed),
      aggregator_cpu_ms_per_report: Number((aggCpu * 1000).toFixed(3)),
      vdaf_verify_cpu_ms_per_report: Number((vdafCpu * 1000).toFixed(3)),
      cpu_ratio: Number((aggCpu / vdafCpu).toFixed(2)),
      token_verify_cpu_ms_per_report: Number((tokenCpu * 1000).toFixed(3)),
      token_to_vdaf_cpu_ratio: Number((tokenCpu / vdafCpu).toFixed(3)),
      with_tokens: {
        end_to_end_seconds: Number(telapsed.toFixed(2)),
        reports_per_second: Math.round(N / telapsed),
        aggregator_cpu_ms_per_report: Number((tokenAggCpu * 1000).toFixed(3)),
        throughput_ratio_to_without: Number((elapsed / telapsed).toFixed(2)),
      },
      targets: { reports_per_second: '>= 200', cpu_ratio: '<= 2' },
    };
    console.log(JSON.stringify(out, null, 2));
  } finally {
    await aggs.stop();
  }
  // Level against PostgreSQL, one and two processes per role (docs/dap.md "Storage backends").
  if (process.env.MESH_BENCH_STORES !== '0')
    console.log(JSON.stringify(await benchStores(), null, 2));
  // `mesh dap submit` plus `mesh dap collect` as processes, beside the floor (docs/dap.md "Client path").
  if (process.env.MESH_BENCH_CLIENT !== '0')
    console.log(JSON.stringify({ client_path: await benchClient(N) }, null, 2));
  if (process.env.MESH_BENCH_POPLAR1 !== '0')
    console.log(JSON.stringify({ poplar1_walk: await benchPoplar1Walk() }, null, 2));
}

await main();
