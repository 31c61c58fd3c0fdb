// `npm run bench:log`: the log's throughput and latency figures (docs/log.md), each beside its floor
// or anchor. Sizes: BENCH_LOG_APPENDS (default 30000), BENCH_LOG_TREE (default 1000000),
// BENCH_LOG_CLIENTS (concurrent appenders, default 1024), BENCH_LOG_OPEN (the sizes a log is
// opened at, default 1000,100000,1000000: one log grown once to each, in this run).
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Level } from 'level';
import {
  AppendableLog,
  MemoryTree,
  ed25519Signer,
  leafHash,
  tilePath,
  tileWidth,
  tilesApp,
  verifyInclusion,
  writeTiles,
} from '../../log/index.js';

const APPENDS = Number(process.env.BENCH_LOG_APPENDS ?? 30_000);
const TREE = Number(process.env.BENCH_LOG_TREE ?? 1_000_000);
const CLIENTS = Number(process.env.BENCH_LOG_CLIENTS ?? 1024);
const TESSERA_ANCHOR = 10_000;

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}
const f = (n: number, d = 2): string => n.toFixed(d);

async function sequencer(
  base: string,
): Promise<{ rate: number; p50: number; p99: number; batches: number }> {
  const origin = 'bench.example/log';
  const log = await AppendableLog.open({
    dir: join(base, 'log'),
    origin,
    signer: ed25519Signer(origin, randomBytes(32)),
  });
  let batches = 0;
  log.onCheckpoint(() => batches++);
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < APPENDS) {
        next++;
        const s = performance.now();
        await log.append(randomBytes(128));
        latencies.push(performance.now() - s);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  await log.close();
  return { rate: APPENDS / secs, p50: pct(latencies, 50), p99: pct(latencies, 99), batches };
}

function floor(base: string): number {
  const path = join(base, 'floor.bin');
  const fd = openSync(path, 'a');
  const rec = randomBytes(130);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < 3000) {
    writeSync(fd, rec);
    fsyncSync(fd);
    n++;
  }
  const secs = (performance.now() - t0) / 1000;
  closeSync(fd);
  return n / secs;
}

function proofs(): { build: number; gen: number[]; ver: number[]; cons: number[] } {
  const t0 = performance.now();
  const tree = new MemoryTree();
  const e = new Uint8Array(8);
  const dv = new DataView(e.buffer);
  for (let i = 0; i < TREE; i++) {
    dv.setFloat64(0, i);
    tree.append(leafHash(e));
  }
  const build = (performance.now() - t0) / 1000;
  const root = tree.root();
  const gen: number[] = [];
  const ver: number[] = [];
  const cons: number[] = [];
  for (let k = 0; k < 20_000; k++) {
    const i = Math.floor(Math.random() * TREE);
    let s = performance.now();
    const p = tree.inclusionProof(i, TREE);
    gen.push(performance.now() - s);
    const leaf = tree.node(0, i);
    s = performance.now();
    verifyInclusion(i, TREE, leaf, p, root);
    ver.push(performance.now() - s);
    s = performance.now();
    tree.consistencyProof(1 + Math.floor(Math.random() * (TREE - 1)), TREE);
    cons.push(performance.now() - s);
  }
  return { build, gen, ver, cons };
}

async function tiles(base: string): Promise<{ rate: number; mbps: number }> {
  const origin = 'bench.example/tiles';
  const log = await AppendableLog.open({
    dir: join(base, 'tiles-db'),
    origin,
    signer: ed25519Signer(origin, randomBytes(32)),
  });
  const size = 65_536 + 300;
  const pending = [];
  for (let i = 0; i < size; i++) pending.push(log.append(randomBytes(64)));
  await Promise.all(pending);
  await writeTiles(join(base, 'tiles'), log, 0, size, log.checkpoint());
  await log.close();
  const app = new Hono();
  app.route('/log', tilesApp(join(base, 'tiles')));
  const { url, close } = await new Promise<{ url: string; close: () => void }>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({ url: `http://127.0.0.1:${info.port}/log`, close: () => s.close() });
    });
  });
  const paths = Array.from({ length: 257 }, (_, n) =>
    tilePath({ kind: 'hash', level: 0, index: n, width: tileWidth(size, 0, n) }),
  );
  let count = 0;
  let bytes = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (performance.now() - t0 < 3000) {
        const r = await fetch(`${url}/${paths[Math.floor(Math.random() * paths.length)] ?? ''}`);
        bytes += (await r.arrayBuffer()).byteLength;
        count++;
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  close();
  return { rate: count / secs, mbps: bytes / secs / 1e6 };
}

const OPEN_SIZES = (process.env.BENCH_LOG_OPEN ?? '1000,100000,1000000').split(',').map(Number);

/** Wall time of AppendableLog.open at each size, from the tree file and (rebuild) from the entries. */
async function opens(
  base: string,
): Promise<{ size: number; open: number; rss: number; rebuild?: number; grow: number }[]> {
  const dir = join(base, 'open-log');
  const opts = {
    dir,
    origin: 'bench.example/open',
    signer: ed25519Signer('bench.example/open', randomBytes(32)),
  };
  const out = [];
  let size = 0;
  for (const target of OPEN_SIZES) {
    const t0 = performance.now();
    const log = await AppendableLog.open(opts);
    while (size < target) {
      const n = Math.min(50_000, target - size);
      await Promise.all(
        Array.from({ length: n }, (_, k) => log.append(randomBytes(48 + ((size + k) % 32)))),
      );
      size += n;
    }
    await log.close();
    const grow = (performance.now() - t0) / 1000;
    // A log this size has long been compacted by level; a just-written one is still compacting in
    // the background, which is the cost of the writes, not of an open.
    const db = new Level(dir);
    await db.open();
    await (db as unknown as { compactRange(a: string, b: string): Promise<void> }).compactRange(
      '',
      '\xff',
    );
    await db.close();
    const times: number[] = [];
    let rss = 0;
    for (let r = 0; r < 5; r++) {
      const before = process.memoryUsage().rss;
      const t1 = performance.now();
      const l = await AppendableLog.open(opts);
      times.push(performance.now() - t1);
      rss = Math.max(rss, process.memoryUsage().rss - before);
      if (l.size !== size) throw new Error(`opened at ${l.size}, not ${size}`);
      await l.close();
    }
    let rebuild: number | undefined;
    if (size <= 100_000 || process.env.BENCH_LOG_REBUILD === 'all') {
      rmSync(join(dir, 'mesh-tree.hashes'));
      const t2 = performance.now();
      await (await AppendableLog.open(opts)).close();
      rebuild = performance.now() - t2;
    }
    out.push({ size, open: pct(times, 50), rss, rebuild, grow });
  }
  return out;
}

const base = mkdtempSync(join(tmpdir(), 'mesh-bench-log-'));
try {
  console.log(
    `log bench: ${APPENDS} appends by ${CLIENTS} concurrent clients, tree of ${TREE} (machine shared, figures noisy)`,
  );
  const seq = await sequencer(base);
  const fl = floor(base);
  console.log(
    `sequencer   ${f(seq.rate, 0)} appends/s, every batch synced (${seq.batches} batches, ${f(APPENDS / seq.batches, 1)}/batch)`,
  );
  console.log(
    `floor       ${f(fl, 0)} synced appends/s (bare write+fsync loop, same disk)  ratio log/floor = ${f(seq.rate / fl)}`,
  );
  console.log(
    `anchor      Tessera POSIX ~${TESSERA_ANCHOR} writes/s on 7 cores  ratio log/anchor = ${f(seq.rate / TESSERA_ANCHOR)}  (target >= 5000/s)`,
  );
  console.log(
    `append->signed checkpoint  p50 ${f(seq.p50)} ms  p99 ${f(seq.p99)} ms  (target p99 < 1000 ms)`,
  );
  const p = proofs();
  console.log(`tree of ${TREE}: built in ${f(p.build)} s`);
  console.log(
    `inclusion proof generation  p50 ${f(pct(p.gen, 50) * 1000, 1)} us  p99 ${f(pct(p.gen, 99) * 1000, 1)} us  (target p99 < 1 ms)`,
  );
  console.log(
    `inclusion proof verification p50 ${f(pct(p.ver, 50) * 1000, 1)} us  p99 ${f(pct(p.ver, 99) * 1000, 1)} us`,
  );
  console.log(
    `consistency proof generation p50 ${f(pct(p.cons, 50) * 1000, 1)} us  p99 ${f(pct(p.cons, 99) * 1000, 1)} us`,
  );
  for (const o of await opens(base)) {
    console.log(
      `open at ${o.size} entries  ${f(o.open, 1)} ms (median of 5, from the tree file; RSS +${f(o.rss / 1e6, 1)} MB)` +
        (o.rebuild === undefined ? '' : `  rebuild from entries ${f(o.rebuild, 0)} ms`) +
        `  (target < 100 ms at 1M; fixture grown in ${f(o.grow, 1)} s)`,
    );
  }
  const t = await tiles(base);
  console.log(
    `tile serving  ${f(t.rate, 0)} tiles/s (${f(t.mbps, 1)} MB/s) over loopback HTTP, 32 concurrent clients`,
  );
} finally {
  rmSync(base, { recursive: true, force: true });
}
