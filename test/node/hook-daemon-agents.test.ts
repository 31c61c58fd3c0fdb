// docs/guard.md "Doors" and "Hook start-up": the Codex and Cursor hooks through the hook daemon,
// driven as each agent drives its hooks: one `mesh guard hook DOOR` process per call, the input on
// stdin, the answer read from the exit code, stdout and stderr, and the process killed at the
// agent's own hook timeout. Each answer equals the one the hook gives in its own process; the
// daemon's metrics (and a console's /metrics) count them by door and outcome.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MESH_BIN } from '../support/env.js';
import { hookSocketPath } from '../../node/hook-daemon/socket-path.js';
import { agentEnv, approveHeld, type AgentEnv } from '../guard/codex/agent-hook-driver.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe } from '../support/serve-process.js';

type Door = 'codex' | 'cursor';
interface AgentRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The agent killed the hook at its own timeout (the agent would then decide by itself). */
  killed: boolean;
}

/** Codex and Cursor both default to long hook timeouts; a test agent gives the hook 90 s. */
const AGENT_TIMEOUT_MS = 90_000;

function agentCall(env: AgentEnv, door: Door, input: unknown, extra: string[] = []) {
  const args = [MESH_BIN, 'guard', 'hook', door, '--pack', 'builtin:coding-agent'];
  const child = spawn(process.execPath, [...args, '--pack', env.pack, ...extra], {
    env: { ...process.env, MESH_HOME: env.home },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let killed = false;
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, AGENT_TIMEOUT_MS);
  child.stdin.on('error', () => undefined);
  child.stdin.end(typeof input === 'string' ? input : JSON.stringify(input));
  return new Promise<AgentRun>((resolve) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, killed });
    });
  });
}

let seq = 0;
const codex = (
  event: string,
  session: string,
  tool: string,
  input: object,
  response?: unknown,
) => ({
  session_id: session,
  turn_id: `turn-${++seq}`,
  transcript_path: null,
  cwd: '/repo',
  hook_event_name: event,
  model: 'gpt-5-codex',
  permission_mode: 'default',
  tool_name: tool,
  tool_use_id: `call_${seq}`,
  tool_input: input,
  ...(response === undefined ? {} : { tool_response: response }),
});
const cursor = (event: string, conversation: string, fields: object) => ({
  conversation_id: conversation,
  generation_id: `gen-${++seq}`,
  model: 'claude-sonnet',
  hook_event_name: event,
  cursor_version: '2.1.0',
  workspace_roots: ['/repo'],
  user_email: null,
  transcript_path: null,
  ...fields,
});

const CALLS: [Door, unknown][] = [
  ['codex', codex('PreToolUse', 'c1', 'Bash', { command: 'rm -rf ~' })],
  ['codex', codex('PreToolUse', 'c1', 'Bash', { command: 'ls -la src' })],
  ['codex', codex('PreToolUse', 'c1', 'mcp__web__fetch', { url: 'http://example.test/a' })],
  [
    'codex',
    codex('PreToolUse', 'c1', 'apply_patch', {
      command: '*** Begin Patch\n*** Add File: /home/dev/.ssh/config\n+Host *\n*** End Patch\n',
    }),
  ],
  [
    'codex',
    codex(
      'PostToolUse',
      'c1',
      'mcp__fs__read',
      { path: 'a' },
      {
        content: [{ type: 'text', text: 'FORBIDDEN-MARKER inside' }],
      },
    ),
  ],
  ['codex', codex('PostToolUse', 'c1', 'Bash', { command: 'ls' }, 'a\nb\n')],
  ['codex', 'not json'],
  ['codex', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } }],
  [
    'cursor',
    cursor('preToolUse', 'k1', { tool_name: 'Shell', tool_input: { command: 'rm -rf ~' } }),
  ],
  ['cursor', cursor('preToolUse', 'k1', { tool_name: 'Shell', tool_input: { command: 'ls' } })],
  [
    'cursor',
    cursor('preToolUse', 'k1', {
      tool_name: 'MCP:fetch',
      tool_input: { url: 'http://example.test/x' },
    }),
  ],
  [
    'cursor',
    cursor('beforeMCPExecution', 'k1', {
      tool_name: 'fetch',
      tool_input: JSON.stringify({ url: 'http://example.test/x' }),
      url: 'https://mcp.example.test/mcp',
    }),
  ],
  [
    'cursor',
    cursor('beforeShellExecution', 'k1', {
      command: 'echo x > /home/dev/.ssh/authorized_keys',
      cwd: '/repo',
      sandbox: false,
    }),
  ],
  [
    'cursor',
    cursor('postToolUse', 'k1', {
      tool_name: 'MCP:read',
      tool_input: { path: 'a' },
      tool_output: JSON.stringify({ content: [{ type: 'text', text: 'FORBIDDEN-MARKER x' }] }),
    }),
  ],
  [
    'cursor',
    cursor('postToolUse', 'k1', {
      tool_name: 'Shell',
      tool_input: { command: 'cat notes' },
      tool_output: JSON.stringify({ exitCode: 0, stdout: 'FORBIDDEN-MARKER y' }),
    }),
  ],
  ['cursor', cursor('stop', 'k1', { status: 'completed', loop_count: 0 })],
  ['cursor', 'not json'],
];

const envs: AgentEnv[] = [];
function freshEnv(): AgentEnv {
  const env = agentEnv();
  envs.push(env);
  return env;
}
const daemon = (env: AgentEnv, verb: string, json = true) =>
  runMesh(['guard', 'hook-daemon', verb, ...(json ? ['--json'] : [])], {
    env: { MESH_HOME: env.home },
    timeoutMs: 60_000,
  });

afterAll(async () => {
  for (const env of envs) {
    await daemon(env, 'stop');
    rmSync(env.home, { recursive: true, force: true });
  }
});

async function runAll(env: AgentEnv): Promise<AgentRun[]> {
  const out: AgentRun[] = [];
  for (const [door, input] of CALLS) out.push(await agentCall(env, door, input));
  return out;
}

describe('Codex and Cursor hooks through the hook daemon', { timeout: 900_000 }, () => {
  let warm: AgentEnv;
  let warmRuns: AgentRun[];

  it('answer every call exactly as the hook in its own process does', async () => {
    warm = freshEnv();
    const warmEnv = warm;
    // The two paths share nothing (each its own state): they run side by side.
    const [cold, runs] = await Promise.all([
      runAll(freshEnv()),
      daemon(warmEnv, 'start').then((started) => {
        expect(started.code, started.stderr).toBe(0);
        return runAll(warmEnv);
      }),
    ]);
    warmRuns = runs;
    const status = JSON.parse((await daemon(warm, 'status')).stdout) as { served: number };
    expect(status.served).toBe(CALLS.length);
    expect(warmRuns).toEqual(cold);
    expect(cold.every((r) => !r.killed)).toBe(true);
    // The doors' own answers: Codex denies by exit 2, Cursor by its JSON (exit 2 on a failure).
    expect(cold.map((r) => r.code)).toEqual([2, 0, 0, 2, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    const last = cold.at(-1);
    expect(JSON.parse(last?.stdout ?? '{}')).toMatchObject({ permission: 'deny' });
  });

  it('holds an escalated call for review through the daemon; the approved call then passes', async () => {
    const call = codex('PreToolUse', 'c-held', 'mcp__ops__deploy', { target: 'prod' });
    const first = await agentCall(warm, 'codex', call);
    expect(first.code).toBe(2);
    approveHeld(warm, first.stderr, 'alice');
    expect(await agentCall(warm, 'codex', call)).toMatchObject({ code: 0, stdout: '' });
    const k = cursor('preToolUse', 'k-held', { tool_name: 'MCP:deploy', tool_input: { t: 1 } });
    const denied = await agentCall(warm, 'cursor', k);
    const msg = String((JSON.parse(denied.stdout) as { agent_message?: unknown }).agent_message);
    approveHeld(warm, msg, 'bob');
    expect(JSON.parse((await agentCall(warm, 'cursor', k)).stdout)).toEqual({});
  });

  it("counts every answer by door and outcome, on the daemon's socket and a console's /metrics", async () => {
    const r = await daemon(warm, 'metrics', false);
    expect(r.code, r.stderr).toBe(0);
    const count = (door: Door, outcome: string): number =>
      Number(
        new RegExp(
          `mesh_guard_hook_answers_total\\{door="${door}",outcome="${outcome}"\\} (\\d+)`,
        ).exec(r.stdout)?.[1] ?? 0,
      );
    const exits = (door: Door, code: number, failed: boolean): number =>
      warmRuns.filter(
        (x, i) =>
          CALLS[i]?.[0] === door &&
          x.code === code &&
          x.stderr.includes('failed closed') === failed,
      ).length;
    // The first test's calls, plus the held-review test's two calls per door.
    expect(count('codex', 'exit_2')).toBe(exits('codex', 2, false) + 1);
    expect(count('codex', 'failed_closed')).toBe(exits('codex', 2, true));
    expect(count('codex', 'exit_0')).toBe(exits('codex', 0, false) + 1);
    expect(count('cursor', 'exit_0')).toBe(exits('cursor', 0, false) + 2);
    expect(count('cursor', 'failed_closed')).toBe(exits('cursor', 2, true));
    const perDoor = (door: Door): number =>
      Number(
        new RegExp(`mesh_guard_hook_latency_seconds_count\\{door="${door}"\\} (\\d+)`).exec(
          r.stdout,
        )?.[1],
      );
    expect(perDoor('codex')).toBe(CALLS.filter((c) => c[0] === 'codex').length + 2);
    expect(perDoor('cursor')).toBe(CALLS.filter((c) => c[0] === 'cursor').length + 2);
    expect(r.stdout).toMatch(/^mesh_guard_hook_queue_depth 0$/m);
    // Closed label sets: no session, tool or rule id reaches a label.
    expect(r.stdout).not.toMatch(/c1|k1|mcp__|d\.marker|Shell/);

    const srv = await startServe(['--role', 'console'], { MESH_HOME: warm.home });
    try {
      const body = await (await fetch(`${srv.url}/metrics`)).text();
      expect(body).toContain(
        `mesh_guard_hook_answers_total{door="codex",outcome="exit_2"} ${count('codex', 'exit_2')}`,
      );
      expect(body).toContain(
        `mesh_guard_hook_latency_seconds_count{door="cursor"} ${perDoor('cursor')}`,
      );
      expect(body).toMatch(/^mesh_guard_hook_queue_depth 0$/m);
    } finally {
      await srv.stop();
    }
  });
});

describe('Codex and Cursor hooks: a hook daemon that never answers', { timeout: 300_000 }, () => {
  it("both doors deny by themselves at --deadline, long before the agent's timeout", async () => {
    const env = freshEnv();
    mkdirSync(join(env.home, 'guard'), { recursive: true, mode: 0o700 });
    const server = await new Promise<Server>((resolve) => {
      const s = createServer((sock) => sock.on('data', () => undefined));
      s.listen(hookSocketPath(env.home), () => {
        resolve(s);
      });
    });
    try {
      const extra = ['--deadline', '300'];
      const c = await agentCall(
        env,
        'codex',
        codex('PreToolUse', 'q', 'Bash', { command: 'ls' }),
        extra,
      );
      expect(c).toMatchObject({ code: 2, killed: false, stdout: '' });
      expect(c.stderr).toMatch(/^mesh guard: failed closed: the hook daemon gave no answer/);
      const k = await agentCall(
        env,
        'cursor',
        cursor('preToolUse', 'q', { tool_name: 'Shell', tool_input: { command: 'ls' } }),
        extra,
      );
      expect(k).toMatchObject({ code: 2, killed: false });
      const out = JSON.parse(k.stdout) as { permission?: unknown; agent_message?: unknown };
      expect(out.permission).toBe('deny');
      expect(String(out.agent_message)).toMatch(/failed closed: the hook daemon gave no answer/);
    } finally {
      server.close();
    }
  });
});
