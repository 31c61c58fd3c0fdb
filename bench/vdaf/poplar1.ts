// npm run bench:vdaf, Poplar1 part: sharding and verification per report at 64 and 256 bits, and
// a full heavy-hitters walk over 10,000 reports in one process (both Aggregators and the
// Collector, over the multi-round ping-pong messages).
import { randomBytes } from 'node:crypto';
import { Poplar1, type Poplar1AggParam } from '../../vdaf/index.js';
import {
  heavyHitters,
  plainHeavyHitters,
  shardEncoded,
  verifyPingPong,
  type EncodedReport,
} from '../../test/vdaf/support/poplar1.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const MIN_MS = Number(process.env.BENCH_MIN_MS ?? 500);
const WALK_REPORTS = Number(process.env.BENCH_WALK_REPORTS ?? 10000);
const WALK_BITS = Number(process.env.BENCH_WALK_BITS ?? 32);

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Median over rounds of the mean CPU time per call; each round runs for at least MIN_MS. */
function time(op: () => unknown): number {
  const runs: number[] = [];
  op();
  for (let r = 0; r < ROUNDS; r++) {
    let n = 0;
    const start = cpuMs();
    let now = start;
    while (now - start < MIN_MS) {
      op();
      n++;
      now = cpuMs();
    }
    runs.push((now - start) / n);
  }
  runs.sort((a, b) => a - b);
  return runs[Math.floor(runs.length / 2)] as number;
}

function randomValue(bits: number): bigint {
  return (
    BigInt(`0x${randomBytes(Math.ceil(bits / 8)).toString('hex')}`) >> BigInt((8 - (bits % 8)) % 8)
  );
}

/** `count` distinct prefixes at `level`, spread over the level, sorted. */
function spread(level: number, count: number): bigint[] {
  const span = 1n << BigInt(level + 1);
  const n = BigInt(count) < span ? BigInt(count) : span;
  return Array.from({ length: Number(n) }, (_, i) => (BigInt(i) * span) / n);
}

const fmt = (ms: number): string => `${ms.toFixed(3)} ms`.padStart(11);

export function benchPoplar1(): void {
  console.log('Poplar1 (CPU time per report, both Aggregators for verify, encoded messages)');
  for (const bits of [64, 256]) {
    const vdaf = new Poplar1({ bits });
    const key = new Uint8Array(randomBytes(32));
    const shard = time(() => shardEncoded(vdaf, randomValue(bits)));
    console.log(`  bits ${bits}: shard ${fmt(shard)}`);
    const r: EncodedReport = shardEncoded(vdaf, randomValue(bits));
    const cases: [string, Poplar1AggParam][] = [
      ['level 0, 2 prefixes', { level: 0, prefixes: [0n, 1n] }],
      [
        `level ${bits / 2 - 1}, 32 prefixes`,
        { level: bits / 2 - 1, prefixes: spread(bits / 2 - 1, 32) },
      ],
      [
        `level ${bits - 1} (leaf), 32 prefixes`,
        { level: bits - 1, prefixes: spread(bits - 1, 32) },
      ],
    ];
    for (const [name, ap] of cases) {
      const cold = time(() => verifyPingPong(vdaf, key, ap, r));
      // The walk's cost: the same level with the previous level's nodes cached.
      const up: Poplar1AggParam = {
        level: ap.level - 1,
        prefixes: [...new Set(ap.prefixes.map((p) => p >> 1n))],
      };
      let warm = NaN;
      if (ap.level > 0) {
        const caches = [vdaf.newReportCache(), vdaf.newReportCache()] as const;
        warm = time(() => {
          verifyPingPong(vdaf, key, up, r, caches);
          return verifyPingPong(vdaf, key, ap, r, caches);
        });
        const upOnly = time(() => verifyPingPong(vdaf, key, up, r, caches));
        warm -= upOnly;
      }
      console.log(
        `  bits ${bits}: verify ${name.padEnd(28)} from the root ${fmt(cold)}` +
          (Number.isNaN(warm) ? '' : `  one level on from the cache ~${fmt(warm)}`),
      );
    }
  }

  // The walk: a few heavy strings over a uniform background; threshold 1% of the clients.
  const vdaf = new Poplar1({ bits: WALK_BITS });
  const key = new Uint8Array(randomBytes(32));
  const heavy = Array.from({ length: 8 }, () => randomValue(WALK_BITS));
  const shares = [0.05, 0.04, 0.03, 0.02, 0.015, 0.012, 0.011, 0.005];
  const ms: bigint[] = [];
  heavy.forEach((h, i) => {
    for (let k = 0; k < Math.round((shares[i] as number) * WALK_REPORTS); k++) ms.push(h);
  });
  while (ms.length < WALK_REPORTS) ms.push(randomValue(WALK_BITS));
  const threshold = Math.ceil(WALK_REPORTS / 100);
  let t = cpuMs();
  const reports = ms.map((m) => shardEncoded(vdaf, m));
  const shardCpu = cpuMs() - t;
  t = cpuMs();
  const w = performance.now();
  const { hitters, params } = heavyHitters(vdaf, key, reports, threshold);
  const walkCpu = cpuMs() - t;
  const walkWall = performance.now() - w;
  const want = plainHeavyHitters(ms, threshold);
  const exact =
    hitters.length === want.length &&
    hitters.every((h, i) => h.value === want[i]?.value && h.count === want[i].count);
  const candidates = params.reduce((n, p) => n + p.prefixes.length, 0);
  console.log(
    `  walk: ${WALK_REPORTS} reports, ${WALK_BITS} bits, threshold ${threshold} (1%): ` +
      `${hitters.length} heavy hitters (${exact ? 'exact' : 'WRONG'}), ${params.length} levels, ` +
      `${candidates} candidate prefixes in all`,
  );
  console.log(
    `  walk: shard ${(shardCpu / 1000).toFixed(2)} s CPU; verify+aggregate+unshard, all levels: ` +
      `${(walkCpu / 1000).toFixed(2)} s CPU (${(walkWall / 1000).toFixed(2)} s wall), ` +
      `${((walkCpu * 1000) / WALK_REPORTS / params.length).toFixed(1)} us per report per level`,
  );
  if (!exact) process.exitCode = 1;
}
