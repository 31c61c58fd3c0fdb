// docs/guard.md "Hook start-up": `mesh guard hook claude-code` through the hook daemon answers exactly as
// the hook in its own process does, falls back when no daemon answers, and fails closed (exit 2)
// when a daemon answers garbage, stays silent or dies mid-request. Real processes throughout.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../../guard/index.js';
import { MESH_BIN } from '../../node/demo/children.js';
import { hookSocketPath } from '../../node/hook-daemon/socket-path.js';
import { hookEnv, pre, runHook, TEST_PACK, type HookEnv } from '../guard/hook/hook-driver.js';
import { scenario, SCENARIO_CODES } from '../guard/hook/hook-scenario.js';
import { runMesh, type MeshRun } from '../support/run-mesh.js';
import { ownProcessScenario } from './own-process-scenario.js';

const homes: HookEnv[] = [];
function freshEnv(): HookEnv {
  const env = hookEnv();
  homes.push(env);
  return env;
}

const daemon = (env: HookEnv, verb: string): Promise<MeshRun> =>
  runMesh(['guard', 'hook-daemon', verb, '--json'], {
    env: { MESH_HOME: env.home },
    timeoutMs: 60_000,
  });

async function startDaemon(env: HookEnv): Promise<number> {
  const r = await daemon(env, 'start');
  expect(r.code, r.stderr).toBe(0);
  const s = JSON.parse(r.stdout) as { running: boolean; pid: number };
  expect(s.running).toBe(true);
  return s.pid;
}

afterAll(async () => {
  for (const env of homes) {
    await daemon(env, 'stop');
    rmSync(env.home, { recursive: true, force: true });
  }
});

// Every test below has its own state (and daemon): they run side by side.
describe(
  'hook daemon: same answers as the hook in its own process',
  { timeout: 900_000, concurrent: true },
  () => {
    it('gives identical exit codes, stdout and stderr for the hook behaviours', async () => {
      const warmEnv = freshEnv();
      // The two paths share nothing (each its own state): they run side by side.
      const [cold, warm] = await Promise.all([
        ownProcessScenario(),
        startDaemon(warmEnv).then(() => scenario(warmEnv)),
      ]);
      const status = JSON.parse((await daemon(warmEnv, 'status')).stdout) as { served: number };
      // Every call went through the daemon, the bad option too (commander answers it there).
      expect(status.served).toBe(warm.length);
      expect(warm).toEqual(cold);
      expect(cold.map((r) => r.code)).toEqual(SCENARIO_CODES);
    });

    it('listens on a 0600 socket and stops on request', async () => {
      const env = freshEnv();
      await startDaemon(env);
      const sock = hookSocketPath(env.home);
      expect(statSync(sock).isSocket()).toBe(true);
      expect(statSync(sock).mode & 0o777).toBe(0o600);
      expect(statSync(join(env.home, 'guard')).mode & 0o777).toBe(0o700);
      const stopped = await daemon(env, 'stop');
      expect(JSON.parse(stopped.stdout)).toMatchObject({ stopped: true });
      const st = JSON.parse((await daemon(env, 'status')).stdout) as { running: boolean };
      expect(st.running).toBe(false);
    });

    it('recompiles a file pack that changed since the last call', async () => {
      const env = freshEnv();
      await startDaemon(env);
      const call = () => runHook(env, pre('p-re', 'Deploy', { target: 'prod' }), ['--no-receipts']);
      expect(JSON.stringify((await call()).stdout)).toMatch(/ask/);
      const pack = JSON.parse(JSON.stringify(TEST_PACK)) as {
        policy: { rules: { verdict: string }[] };
      };
      for (const rule of pack.policy.rules) if (rule.verdict === 'escalate') rule.verdict = 'block';
      writeFileSync(env.pack, JSON.stringify(pack));
      const r = await call();
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/t\.deploy/);
    });
  },
);

const LIMITS_PACK = {
  pack_format: 1,
  name: 'limits-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'a session budget the daemon test crosses',
  catalog: ['l.budget'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'l.budget',
        verdict: 'block',
        phase: 'call',
        tools: ['Read'],
        when: { detector: 'session_limits', params: { max_calls: 5 } },
        reason: 'session over its budget',
      },
    ],
  },
};

describe('hook daemon: shared session limits', { timeout: 600_000 }, () => {
  it('8 parallel hook processes through the daemon: exactly 5 pass a budget of 5', async () => {
    const env = freshEnv();
    const pack = join(env.home, 'limits.json');
    writeFileSync(pack, JSON.stringify(LIMITS_PACK));
    await startDaemon(env);
    const s = 'budget-d';
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        runHook(env, pre(s, 'Read', { file_path: `/repo/f${i}.ts` }), ['--no-receipts'], [pack]),
      ),
    );
    expect(runs.map((r) => r.code).sort(), runs.map((r) => r.stderr).join('')).toEqual([
      0, 0, 0, 0, 0, 2, 2, 2,
    ]);
    const status = JSON.parse((await daemon(env, 'status')).stdout) as { served: number };
    expect(status.served).toBe(8);
    // A hook process of its own (no daemon) sees the same counters: the 9th call is over budget.
    await daemon(env, 'stop');
    const ninth = await runHook(
      env,
      pre(s, 'Read', { file_path: '/repo/g.ts' }),
      ['--no-receipts'],
      [pack],
    );
    expect(ninth.code).toBe(2);
    const store = SessionStore.open(join(env.home, 'guard'));
    try {
      expect(store.record(s, 'probe', Date.now()).calls).toBe(10);
    } finally {
      store.close();
    }
  });
});

/** Socket descriptors a process holds (its stdio pipes are socketpairs too). */
function socketCount(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      return false;
    }
  }).length;
}

function hookChild(env: HookEnv, extra: string[] = []) {
  const child = spawn(
    process.execPath,
    [MESH_BIN, 'guard', 'hook', 'claude-code', '--pack', env.pack, ...extra],
    { env: { ...process.env, MESH_HOME: env.home }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const done = new Promise<MeshRun>((resolve) => {
    child.on('close', (code) => {
      resolve({ code, stdout, stderr } as MeshRun);
    });
  });
  return { child, done };
}

async function until(f: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function fakeDaemon(path: string, onRequest: (sock: Socket) => void): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((sock) => {
      sock.once('data', () => {
        onRequest(sock);
      });
    });
    server.listen(path, () => {
      resolve(server);
    });
  });
}

// Every test below has its own state (and daemon or socket): they run side by side.
describe(
  'hook daemon: failing closed and falling back',
  { timeout: 300_000, concurrent: true },
  () => {
    const input = JSON.stringify(pre('f-1', 'Bash', { command: 'ls' }));

    it('a daemon killed mid-request: exit 2 with the reason', async () => {
      const env = freshEnv();
      const pid = await startDaemon(env);
      const { child, done } = hookChild(env);
      child.stdin.write(input.slice(0, 10));
      // Connected to the daemon: one socket more than its three stdio pipes.
      await until(() => socketCount(child.pid ?? 0) >= 4, 60_000);
      process.kill(pid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 200));
      child.stdin.end(input.slice(10));
      const r = await done;
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /failed closed: the hook daemon closed the connection before answering/,
      );
    });

    it('a stale socket (daemon gone): the hook runs in its own process', async () => {
      const env = freshEnv();
      const pid = await startDaemon(env);
      process.kill(pid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 200));
      expect(statSync(hookSocketPath(env.home)).isSocket()).toBe(true);
      const pass = await runHook(env, pre('f-2', 'Bash', { command: 'ls -la' }));
      expect(pass.code).toBe(0);
      expect(pass.stdout).toBe('');
      const deny = await runHook(env, pre('f-2', 'Bash', { command: 'rm -rf ~' }));
      expect(deny.code).toBe(2);
      expect(deny.stderr).toMatch(/ca\.destructive-delete/);
    });

    it('a daemon answering garbage: exit 2', async () => {
      const env = freshEnv();
      mkdirSync(join(env.home, 'guard'), { recursive: true, mode: 0o700 });
      const path = hookSocketPath(env.home);
      const server = await fakeDaemon(path, (sock) => {
        const junk = Buffer.from('{"exitCode":0,"stdout":"{}"}');
        const head = Buffer.alloc(4);
        head.writeUInt32BE(junk.length);
        sock.end(Buffer.concat([head, junk]));
      });
      try {
        const r = await runHook(env, input);
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(/failed closed: the hook daemon answered garbage/);
        expect(r.stdout).toBe('');
      } finally {
        server.close();
      }
    });

    it('a daemon that never answers: exit 2 after the deadline', async () => {
      const env = freshEnv();
      mkdirSync(join(env.home, 'guard'), { recursive: true, mode: 0o700 });
      const server = await fakeDaemon(hookSocketPath(env.home), () => undefined);
      try {
        const r = await runHook(env, input, ['--deadline', '300']);
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(/failed closed: the hook daemon gave no answer/);
      } finally {
        server.close();
      }
    });
  },
);
