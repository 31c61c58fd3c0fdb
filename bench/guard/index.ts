// `npm run bench:guard`: decision latency over the benign corpus (shell parsing in, receipts out),
// durable receipts per second with group commit beside a bare synced append loop, stress cases,
// then the flow figures of bench/guard/flow.ts when present. Sizes: BENCH_GUARD_PASSES (default 5),
// BENCH_GUARD_RECEIPTS (default 20000), BENCH_GUARD_STRESS_RUNS (default 20).
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import {
  createGuard,
  ed25519Signer,
  ReceiptStore,
  ReceiptWriter,
  verifyReceipts,
  type Evaluation,
} from '../../guard/index.js';
import { loadPack, percentile, readCorpus, stressCases } from '../../packs/index.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PASSES = Number(process.env.BENCH_GUARD_PASSES ?? 5);
const RECEIPTS = Number(process.env.BENCH_GUARD_RECEIPTS ?? 20_000);
const STRESS_RUNS = Number(process.env.BENCH_GUARD_STRESS_RUNS ?? 20);
const PYTHON_ANCHOR_P50_US = 241;
const f = (n: number, d = 1): string => n.toFixed(d);

async function latency(): Promise<void> {
  const policy = loadPack('builtin:coding-agent').policy;
  const events = readCorpus(join(ROOT, 'test-vectors/guard/benign.jsonl')).map((e) => e.event);
  const guard = createGuard({ policies: [policy] });
  for (const e of events) await guard.evaluate(e);
  const us: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let p = 0; p < PASSES; p++)
    for (const e of events) us.push((await guard.evaluate(e)).elapsedNs / 1000);
  const cpu = process.cpuUsage(cpu0);
  us.sort((a, b) => a - b);
  const p50 = percentile(us, 50);
  const p99 = percentile(us, 99);
  console.log(
    `decision latency, builtin:coding-agent over ${events.length} benign events x ${PASSES} (shell parsing in, receipts out)`,
  );
  console.log(
    `  p50 ${f(p50)} us (target <= 200; Python seed anchor ${PYTHON_ANCHOR_P50_US} us, ratio ${f(p50 / PYTHON_ANCHOR_P50_US, 2)})`,
  );
  console.log(
    `  p99 ${f(p99)} us (target <= 1000)   mean CPU ${f((cpu.user + cpu.system) / us.length)} us/decision`,
  );
}

function evaluation(i: number): Evaluation {
  return {
    decision: {
      verdict: 'allow',
      rule: null,
      reason: `bench ${i}`,
      attributed_to: null,
      shadow: false,
    },
    hits: [],
    elapsedNs: 0,
  };
}

async function receipts(base: string): Promise<void> {
  const path = join(base, 'receipts.db');
  const store = new ReceiptStore(path, ed25519Signer(randomBytes(32)));
  const writer = new ReceiptWriter(store, { maxBatch: 512 });
  const event = { phase: 'call', tool: 'Bash', args: { command: 'npm test' }, session: 's1' };
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const window = 2048;
  for (let i = 0; i < RECEIPTS; i += window) {
    const batch: Promise<unknown>[] = [];
    for (let j = i; j < Math.min(RECEIPTS, i + window); j++)
      batch.push(writer.append(evaluation(j), event));
    await Promise.all(batch);
  }
  const secs = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  store.close();
  const check = verifyReceipts(path);
  const rate = RECEIPTS / secs;
  // floor: the same number of commits as a bare append+fsync loop on a plain file
  const commits = Math.ceil(RECEIPTS / 512);
  const fd = openSync(join(base, 'bare.log'), 'a');
  const line = Buffer.alloc(300 * 512, 0x61);
  const b0 = performance.now();
  for (let i = 0; i < commits; i++) {
    writeSync(fd, line);
    fsyncSync(fd);
  }
  const bareSecs = (performance.now() - b0) / 1000;
  closeSync(fd);
  console.log(
    `durable receipts (SQLite WAL, synchronous=FULL, group commit <= 512, one signed head per batch)`,
  );
  console.log(
    `  ${f(rate, 0)} receipts/s over ${RECEIPTS} (target >= 5000); chain verified: ${String(check.ok)}`,
  );
  console.log(
    `  ${f(RECEIPTS / ((cpu.user + cpu.system) / 1e6), 0)} receipts per CPU-second (not moved by load on a shared machine)`,
  );
  console.log(
    `  bare append+fsync loop, same ${commits} commits of 150 KB: ${f(RECEIPTS / bareSecs, 0)} receipts/s equivalent (ratio ${f(rate / (RECEIPTS / bareSecs), 2)})`,
  );
}

async function stress(): Promise<void> {
  const policy = loadPack('builtin:coding-agent').policy;
  console.log(`stress cases (${STRESS_RUNS} runs each; target p95 < 50 ms)`);
  for (const c of stressCases()) {
    const guard = createGuard({ policies: [policy] });
    const ms: number[] = [];
    let verdict = '';
    for (let i = 0; i < STRESS_RUNS; i++) {
      const t0 = performance.now();
      verdict = (await guard.decide(c.event)).verdict;
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    console.log(
      `  ${c.name.padEnd(24)} ${verdict.padEnd(9)} p50 ${f(percentile(ms, 50), 2)} ms  p95 ${f(percentile(ms, 95), 2)} ms`,
    );
  }
}

/** Sections run in order; bench/guard/flow.ts (issue 8) adds its own when present. */
const base = mkdtempSync(join(tmpdir(), 'bench-guard-'));
try {
  console.log(
    `load average ${(await import('node:os'))
      .loadavg()
      .map((x) => f(x, 2))
      .join(' ')} on ${(await import('node:os')).cpus().length} cores`,
  );
  await latency();
  await receipts(base);
  await stress();
  const flow = join(ROOT, 'bench/guard/flow.ts');
  if (existsSync(flow)) {
    const mod = (await import(pathToFileURL(flow).href)) as {
      runFlowBench?: () => unknown;
      printFlowBench?: (r: unknown) => void;
    };
    if (mod.runFlowBench !== undefined && mod.printFlowBench !== undefined)
      mod.printFlowBench(mod.runFlowBench());
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
