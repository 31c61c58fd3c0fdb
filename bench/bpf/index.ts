// `npm run bench:bpf`: write() cost with no sensor, unwatched and watched; events/s without drops;
// time from the leaking syscall to the process's death. Root and a built loader are required.
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildLoader,
  createWatchCgroup,
  killCgroup,
  loaderPath,
  removeCgroup,
} from '../../bpf/index.js';
import { createFlowTracker } from '../../guard/index.js';
import { runSensorExec, SensorHub } from '../../node/index.js';
import type { SensorEvent } from '../../bpf/index.js';
import { existsSync } from 'node:fs';

const HERE = dirname(fileURLToPath(import.meta.url));
const WRITES = 200_000;
const ROUNDS = 3;
const SECRET = 'sk-live-9fQ2xL7pZ3mK8vR1tY6wB4nC';
const python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {
  encoding: 'utf8',
}).trim();

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? NaN;
}

/** Runs the writer, optionally inside `cgroup`; resolves with its ns per write(). */
function writer(n: number, size: number, cgroup?: string, pace = 0): Promise<number> {
  const args = [join(HERE, 'writer.py'), String(n), String(size), String(pace)];
  const child = cgroup
    ? spawn('/bin/sh', ['-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup, python, ...args])
    : spawn(python, args);
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('close', (code) => {
      if (code === 0) resolve(Number(out.trim()));
      else reject(new Error(`writer exited ${code ?? 'by signal'}`));
    });
  });
}

async function main(): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error('bench:bpf needs root');
  if (!existsSync(loaderPath())) await buildLoader();
  console.log(
    `bench:bpf  (${WRITES} write() calls of 64 B per round, median of ${ROUNDS} interleaved rounds; machine shared, figures noisy)`,
  );
  const none: number[] = [];
  const unwatched: number[] = [];
  const watched: number[] = [];
  let delivered = 0;
  let first = 0;
  let last = 0;
  const count = (ev: SensorEvent): void => {
    if (ev.type !== 'send') return;
    delivered++;
    last = Date.now();
    if (first === 0) first = last;
  };
  const cg = createWatchCgroup('bench');
  let hub = new SensorHub();
  for (let i = 0; i < ROUNDS; i++) {
    none.push(await writer(WRITES, 64));
    hub = new SensorHub();
    await hub.start();
    unwatched.push(await writer(WRITES, 64));
    const release = await hub.watch(cg, count);
    watched.push(await writer(WRITES, 64, cg));
    await release();
    if (i < ROUNDS - 1) await hub.stop();
  }
  const base = median(none);
  console.log(`write() no sensor        ${base.toFixed(0)} ns/call (floor)`);
  console.log(
    `write() unwatched        ${median(unwatched).toFixed(0)} ns/call  x${(median(unwatched) / base).toFixed(2)} vs no sensor`,
  );
  console.log(
    `write() watched          ${median(watched).toFixed(0)} ns/call  x${(median(watched) / base).toFixed(2)} vs no sensor`,
  );
  const release = await hub.watch(cg, count);

  // Events per second delivered to the supervisor, at full speed and paced until nothing drops.
  for (const pace of [0, 1000, 200, 50]) {
    const before = await hub.supervisor.health();
    delivered = 0;
    first = 0;
    await writer(50_000, 256, cg, pace);
    await new Promise((r) => setTimeout(r, 300));
    const after = await hub.supervisor.health();
    const drops = after.drops - before.drops;
    const secs = Math.max(1e-3, (last - first) / 1000);
    console.log(
      `events/s ${pace === 0 ? 'full speed ' : `pace ${String(pace).padEnd(4)} `}    ${Math.round(delivered / secs)} delivered, ${drops} dropped (256 B records)`,
    );
    if (drops === 0) break;
  }
  await release();
  killCgroup(cg);
  await removeCgroup(cg);

  // Leaking syscall (kernel timestamp of the send) to the process's exit (kernel timestamp).
  const tcp = createServer((s) => s.resume());
  const tcpPort = await new Promise<number>((r) =>
    tcp.listen(0, '127.0.0.1', () => {
      const a = tcp.address();
      r(typeof a === 'object' && a ? a.port : 0);
    }),
  );
  const latencies: number[] = [];
  for (let i = 0; i < 10; i++) {
    const m = createFlowTracker();
    m.registerSecret(SECRET, 'bench');
    const r = await runSensorExec({
      command: [
        python,
        join(HERE, '../../test/bpf/fixtures/leak.py'),
        'tcp',
        String(tcpPort),
        SECRET,
        '5',
      ],
      matcher: m,
      allowAddrs: [],
      arm: false,
      emit: () => undefined,
      stdio: 'ignore',
      hub,
    });
    const send = r.events.find((e) => e.type === 'send');
    const exit = r.events.find((e) => e.type === 'exit' && e.pid === send?.pid);
    if (r.killed && send && exit) latencies.push((exit.ts - send.ts) / 1e6);
  }
  console.log(
    `leak -> death            median ${median(latencies).toFixed(2)} ms, p90 ${pct(latencies, 0.9).toFixed(2)} ms (${latencies.length}/10 killed; kernel timestamps)`,
  );
  tcp.close();
  await hub.stop();
}

await main();
