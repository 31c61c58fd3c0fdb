// `npm run bench:cli`: start-up of whole `mesh` processes against `node -e 0` in the same run
// (docs/architecture.md "Start-up"): `mesh --help`, every command path's `--help` (target <= 1.5x),
// and one command that runs from its bundle beside the same command from the plain build.
// Rounds: BENCH_CLI_ROUNDS (default 11). Each round runs every case once in a fresh random order,
// each paired with a `node -e 0` run just before or just after it (a coin decides), so the floor is
// sampled as often as all cases together and a shared machine's load, which drifts over seconds,
// falls on both runs of a pair alike. A case's figure is the median over the rounds of its paired
// ratio (its wall time over its own floor run's); the summary gives the median, the 90th percentile
// and the worst of those figures over the help paths, and prints the load average before and after.
// BENCH_CLI_PATHS=all times every path (default: the root, every command and second-level command).
// It also prints each case's mean CPU time (user + system), which a loaded machine disturbs less.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from '../../test/support/env.js';

const ROUNDS = Number(process.env.BENCH_CLI_ROUNDS ?? 11);
const MESH = join(ROOT, 'bin', 'mesh.js');
const PLAIN = join(ROOT, 'dist', 'node', 'main.js');
const TARGET = 1.5;

/** CPU ms (user + system) of the exited children, from /proc/self/stat (10 ms ticks). */
function childCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** CPU ms of every process of a case, summed over the rounds: steadier than wall time under load. */
const cpu = new Map<string, number>();

function time(args: readonly string[], name?: string): number {
  const t0 = performance.now();
  const c0 = childCpuMs();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = performance.now() - t0;
  if (name !== undefined) cpu.set(name, (cpu.get(name) ?? 0) + childCpuMs() - c0);
  if (r.status !== 0 && r.status !== 2)
    throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.toString().slice(0, 300)}`);
  return ms;
}

/** Fisher-Yates: a fresh order each round, so no case always follows the same neighbour. */
function shuffled<T>(xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const help = JSON.parse(readFileSync(join(ROOT, 'dist', 'cli', 'help.json'), 'utf8')) as {
  texts: Record<string, string>;
};
const paths = Object.keys(help.texts).filter(
  (p) => process.env.BENCH_CLI_PATHS === 'all' || p.split(' ').length <= 2,
);
const state = mkdtempSync(join(tmpdir(), 'bench-cli-'));
const cases: [string, string[]][] = [
  ['node -e 0', ['-e', '0']],
  ...paths.map((p): [string, string[]] => [
    `mesh ${p}${p === '' ? '' : ' '}--help`,
    [MESH, ...(p === '' ? [] : p.split(' ')), '--help'],
  ]),
  ['mesh doctor (bundle)', [MESH, '--state', state, 'doctor', '--json']],
  ['mesh doctor (plain build)', [PLAIN, '--state', state, 'doctor', '--json']],
];
const samples = new Map<string, number[]>(cases.map(([n]) => [n, []]));
/** Per case, each round's wall time over that of the floor run paired with it. */
const ratios = new Map<string, number[]>(cases.map(([n]) => [n, []]));
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const loadBefore = load();
for (const [, args] of cases) time(args); // warm the page cache
const floor = cases[0];
const measured = cases.slice(1);
for (let r = 0; r < ROUNDS; r++) {
  for (const [name, args] of shuffled(measured)) {
    if (floor === undefined) break;
    const floorFirst = Math.random() < 0.5;
    const f0 = floorFirst ? time(floor[1], floor[0]) : NaN;
    const ms = time(args, name);
    const f = floorFirst ? f0 : time(floor[1], floor[0]);
    samples.get(floor[0])?.push(f);
    samples.get(name)?.push(ms);
    ratios.get(name)?.push(ms / f);
  }
}
rmSync(state, { recursive: true, force: true });
const base = median(samples.get('node -e 0') ?? []);
console.log(
  `cli bench: ${ROUNDS} rounds (random order, each case paired with a node -e 0 run), whole processes, ${paths.length} help paths; load average before ${loadBefore}, after ${load()}`,
);
console.log(`  ${'case'.padEnd(42)} median wall   paired ratio (median)`);
console.log(`  ${'node -e 0'.padEnd(42)} ${base.toFixed(1).padStart(6)} ms`);
const helpRatios: [string, number][] = [];
for (const [name] of measured) {
  const m = median(samples.get(name) ?? []);
  const ratio = median(ratios.get(name) ?? []);
  if (name.endsWith('--help')) helpRatios.push([name, ratio]);
  console.log(`  ${name.padEnd(42)} ${m.toFixed(1).padStart(6)} ms  ${ratio.toFixed(2)}x`);
}
helpRatios.sort((a, b) => a[1] - b[1]);
const at = (q: number): [string, number] =>
  helpRatios[Math.min(helpRatios.length - 1, Math.floor(q * helpRatios.length))] ?? ['', NaN];
const [worstName, worst] = helpRatios.at(-1) ?? ['', NaN];
console.log(
  `  --help over ${helpRatios.length} paths, paired ratio: median ${at(0.5)[1].toFixed(2)}x, 90th percentile ${at(0.9)[1].toFixed(2)}x, worst ${worst.toFixed(2)}x (${worstName}); target <= ${TARGET}`,
);
// The floor ran once per case, each case once per round: per-run CPU is each sum over its count.
const floorCpu = (cpu.get('node -e 0') ?? NaN) / (ROUNDS * measured.length);
let worstCpu = 0;
let worstCpuName = '';
for (const [name] of measured) {
  const ratio = (cpu.get(name) ?? NaN) / ROUNDS / floorCpu;
  if (name.endsWith('--help') && ratio > worstCpu) {
    worstCpu = ratio;
    worstCpuName = name;
  }
}
console.log(
  `  CPU (user + system, mean): node -e 0 ${floorCpu.toFixed(1)} ms; worst --help: ${worstCpuName} ${worstCpu.toFixed(2)}x (target <= ${TARGET})`,
);
