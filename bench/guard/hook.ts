// `npx tsx bench/guard/hook.ts`, and the last section of `npm run bench:guard`: wall time of one Claude Code hook
// call as Claude Code makes it (a whole `bin/mesh.js guard hook claude-code` process, input on
// stdin), cold in its own process and warm through the hook daemon, beside `node -e 0` in the same
// run, interleaved. Needs a build (npm run build). Rounds: BENCH_HOOK_ROUNDS (default 30). The
// machine's load average is printed with the figures: they mean little without it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { percentile } from '../../packs/index.js';
import { ROOT } from '../../test/support/env.js';

const ROUNDS = Number(process.env.BENCH_HOOK_ROUNDS ?? 30);
const MESH = join(ROOT, 'bin', 'mesh.js');

const input = (tool: string, args: Record<string, unknown>): string =>
  JSON.stringify({
    session_id: 'bench',
    transcript_path: '/tmp/t.jsonl',
    cwd: '/repo',
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: args,
    tool_use_id: `toolu_${Math.random().toString(36).slice(2)}`,
  });

function time(args: readonly string[], stdin = ''): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { input: stdin, stdio: ['pipe', 'pipe', 'pipe'] });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 2)
    throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.toString().slice(0, 300)}`);
  return ms;
}

/** Runs the hook bench and prints its figures (a temporary state folder, removed after). */
export function runHookBench(rounds = ROUNDS): void {
  const state = mkdtempSync(join(tmpdir(), 'bench-hook-'));
  const HOOK = [
    MESH,
    '--state',
    state,
    'guard',
    'hook',
    'claude-code',
    '--pack',
    'builtin:coding-agent',
  ];
  const daemon = (verb: string): void => {
    const r = spawnSync(process.execPath, [MESH, '--state', state, 'guard', 'hook-daemon', verb], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (r.status !== 0) throw new Error(`hook-daemon ${verb}: ${r.stderr.toString()}`);
  };

  interface Case {
    name: string;
    run: () => number;
  }
  const read = (): string => input('Read', { file_path: '/repo/README.md' });
  const bash = (): string => input('Bash', { command: 'ls -la src' });
  const cold: Case[] = [
    { name: 'node -e 0', run: () => time(['-e', '0']) },
    { name: 'hook process, Read', run: () => time(HOOK, read()) },
    { name: 'hook process, Bash', run: () => time(HOOK, bash()) },
  ];
  const warm: Case[] = [
    { name: 'hook via daemon, Read', run: () => time(HOOK, read()) },
    { name: 'hook via daemon, Bash', run: () => time(HOOK, bash()) },
  ];

  const samples = new Map<string, number[]>();
  const add = (c: Case): void => {
    samples.set(c.name, [...(samples.get(c.name) ?? []), c.run()]);
  };
  try {
    const load = loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
    for (const c of cold) c.run(); // page cache, code cache, stores created
    // Interleaved rounds: each round runs every case once, processes first, then the daemon's.
    daemon('start');
    for (const c of warm) c.run();
    daemon('stop');
    for (let r = 0; r < rounds; r++) {
      for (const c of cold) add(c);
      daemon('start');
      for (const c of warm) add(c);
      daemon('stop');
    }
    const base = percentile(
      [...(samples.get('node -e 0') ?? [])].sort((a, b) => a - b),
      50,
    );
    console.log(
      `hook bench: ${rounds} rounds, wall time of whole hook processes; load average ${load} (before) ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} (after) on ${cpus().length} cores`,
    );
    for (const [name, ms] of samples) {
      const sorted = [...ms].sort((a, b) => a - b);
      const p50 = percentile(sorted, 50);
      console.log(
        `  ${name.padEnd(24)} p50 ${p50.toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms  ${(p50 / base).toFixed(2)}x node -e 0`,
      );
    }
  } finally {
    try {
      daemon('stop');
    } catch {
      // Already stopped.
    }
    rmSync(state, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  runHookBench();
