// The Poplar1 heavy-hitters walk over DAP-18 (npm run bench:dap; MESH_BENCH_POPLAR1=only for it
// alone): N reports of B bits uploaded to a Leader and a Helper on 127.0.0.1 (`mesh serve`
// processes, real level stores, real HPKE), then one collection per level with its aggregation
// parameter (draft-irtf-cfrg-vdaf-20 §8.1, DAP-18 §4.6). Beside it, in the same run, the floor:
// the same measurements walked with vdaf/ alone (both Aggregators' verification, no DAP, no HPKE,
// no store). Figures: reports/s of upload, walk time per level, the walk's wall time over the
// floor's CPU time.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DapClient, heavyHitters, newTaskFiles } from '../../dap/index.js';
import { Poplar1 } from '../../vdaf/index.js';
import { taskParams, tempDir } from '../../test/dap/support.js';
import {
  heavyHitters as vdafWalk,
  plainHeavyHitters,
  shardEncoded,
} from '../../test/vdaf/support/poplar1.js';
import { reserveAggregators } from './aggregators.js';

const N = Number(process.env.MESH_BENCH_POPLAR1_REPORTS ?? 2000);
const B = Number(process.env.MESH_BENCH_POPLAR1_BITS ?? 16);
const TP = 60;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function randomValue(bits: number): bigint {
  let v = 0n;
  for (const b of randomBytes(Math.ceil(bits / 8))) v = (v << 8n) | BigInt(b);
  return v & ((1n << BigInt(bits)) - 1n);
}

/** A few heavy strings over a uniform background; the threshold is 1% of the reports. */
function measurements(): bigint[] {
  const ms: bigint[] = [];
  for (const share of [0.05, 0.04, 0.03, 0.02]) {
    const h = randomValue(B);
    for (let k = 0; k < Math.round(share * N); k++) ms.push(h);
  }
  while (ms.length < N) ms.push(randomValue(B));
  return ms;
}

/**
 * Runs both walks and returns their figures; `exact` says both found the heavy hitters a plain
 * count finds.
 *
 * @throws {Error} when an upload is refused
 * @example console.log(await benchPoplar1Walk());
 */
export async function benchPoplar1Walk(): Promise<Record<string, unknown>> {
  const ms = measurements();
  const threshold = Math.ceil(N / 100);
  const want = plainHeavyHitters(ms, threshold);

  const dir = tempDir('bench-poplar1');
  const aggregators = await reserveAggregators(dir);
  const files = newTaskFiles(
    taskParams('', '', {
      leader: aggregators.endpoint.leader,
      helper: aggregators.endpoint.helper,
      min_batch_size: threshold,
      time_precision: TP,
      vdaf: { type: 'Poplar1', bits: B },
    }),
  );
  const tasks = { leader: [join(dir, 'leader.json')], helper: [join(dir, 'helper.json')] };
  for (const role of ['leader', 'helper'] as const)
    writeFileSync(join(dir, `${role}.json`), JSON.stringify(files[role]), { mode: 0o600 });
  try {
    await aggregators.start({
      tasks,
      leaderDap: { minJobSize: 1, maxJobSize: 500, maxJobAgeMs: 20, tickMs: 10 },
    });
    const client = new DapClient(files.client);
    const t = Math.floor(Date.now() / 1000);
    const u0 = performance.now();
    const up = await client.upload(
      ms.map((m) => ({ measurement: m.toString(2).padStart(B, '0'), timeSeconds: t })),
    );
    const uploadS = (performance.now() - u0) / 1000;
    if (up.rejected.length > 0) throw new Error(`${up.rejected.length} reports refused`);

    const interval = { start: Math.floor(t / TP) - 1, duration: 3 };
    const marks: number[] = [];
    const w0 = performance.now();
    const got = await heavyHitters(files.collector, interval, {
      threshold,
      timeoutMs: 600_000,
      onLevel: () => marks.push(performance.now()),
    });
    const walkS = (performance.now() - w0) / 1000;
    marks.push(performance.now());
    const perLevel = marks.slice(1).map((x, i) => Math.round(x - (marks[i] ?? x)));

    // The floor: the same measurements, both Aggregators' VDAF work in this process.
    const vdaf = new Poplar1({ bits: B });
    const reports = ms.map((m) => shardEncoded(vdaf, m));
    const f0 = cpuMs();
    const floor = vdafWalk(vdaf, new Uint8Array(randomBytes(32)), reports, threshold);
    const floorCpuS = (cpuMs() - f0) / 1000;

    const dapExact =
      got.hitters.length === want.length &&
      got.hitters.every((x, i) => BigInt(`0b${x.bits}`) === want[i]?.value);
    const floorExact =
      floor.hitters.length === want.length &&
      floor.hitters.every((x, i) => x.value === want[i]?.value && x.count === want[i].count);
    if (!dapExact || !floorExact) process.exitCode = 1;
    return {
      reports: N,
      bits: B,
      threshold,
      heavy_hitters: want.length,
      exact: { dap: dapExact, vdaf_only: floorExact },
      upload_reports_per_second: Math.round(N / uploadS),
      walk_levels: got.levels.length,
      walk_seconds: Number(walkS.toFixed(2)),
      walk_reports_per_second_per_level: Math.round((N * got.levels.length) / walkS),
      walk_ms_per_level: { median: median(perLevel), max: Math.max(...perLevel) },
      floor_vdaf_only_cpu_seconds: Number(floorCpuS.toFixed(2)),
      walk_ratio_to_floor: Number((walkS / floorCpuS).toFixed(2)),
    };
  } finally {
    await aggregators.stop();
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}
