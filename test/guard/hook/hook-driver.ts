// Drives `mesh guard hook claude-code` exactly as Claude Code does: one process per hook call, the
// hook input as JSON on stdin, the answer read from the exit code, stdout and stderr.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMesh, type MeshRun } from '../../support/run-mesh.js';

export const TEST_PACK = {
  pack_format: 1,
  name: 'hook-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'rules the hook tests rely on',
  catalog: ['t.deploy', 't.http', 't.ssh-write', 't.result-marker'],
  policy: {
    format: 1,
    rules: [
      {
        id: 't.deploy',
        verdict: 'escalate',
        phase: 'call',
        tools: ['Deploy'],
        when: { field: 'tool', equals: 'Deploy' },
        reason: 'deploys need a human',
      },
      {
        id: 't.http',
        verdict: 'modify',
        phase: 'call',
        tools: ['WebFetch'],
        when: { field: 'args.url', prefix: 'http://' },
        set: { 'args.url': 'https://example.test/' },
        reason: 'plain http upgraded',
      },
      {
        id: 't.ssh-write',
        verdict: 'block',
        phase: 'call',
        tools: ['Write'],
        when: { field: 'args.file_path', glob: '**/.ssh/**' },
        reason: 'writes into .ssh',
      },
      {
        id: 't.result-marker',
        verdict: 'block',
        phase: 'result',
        when: { field: 'result', contains: 'FORBIDDEN-MARKER' },
        reason: 'result carries the marker',
      },
    ],
  },
};

export interface HookEnv {
  home: string;
  pack: string;
}

export function hookEnv(): HookEnv {
  const home = mkdtempSync(join(tmpdir(), 'mesh-hook-'));
  const pack = join(home, 'test-pack.json');
  writeFileSync(pack, JSON.stringify(TEST_PACK));
  return { home, pack };
}

let seq = 0;

export function pre(
  session: string,
  tool: string,
  input: Record<string, unknown>,
  id = `toolu_${++seq}`,
): Record<string, unknown> {
  return {
    session_id: session,
    transcript_path: '/tmp/t.jsonl',
    cwd: '/repo',
    permission_mode: 'default',
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: input,
    tool_use_id: id,
  };
}

export function post(
  session: string,
  tool: string,
  input: Record<string, unknown>,
  response: unknown,
  id = `toolu_${++seq}`,
): Record<string, unknown> {
  return {
    ...pre(session, tool, input, id),
    hook_event_name: 'PostToolUse',
    tool_response: response,
  };
}

/** The hook's argv after `mesh`. */
export function hookArgs(env: HookEnv, extra: string[] = [], packs = defaultPacks(env)): string[] {
  // A generous deadline first: on a loaded machine the default 20 s is not what these tests test;
  // a test of the deadline passes its own, and the last one given wins.
  return [
    'guard',
    'hook',
    'claude-code',
    ...packs.flatMap((p) => ['--pack', p]),
    '--deadline',
    '120000',
    ...extra,
  ];
}

const defaultPacks = (env: HookEnv): string[] => ['builtin:coding-agent', env.pack];

/** One hook call as Claude Code makes it; `runHook` runs `bin/mesh.js`. */
export type HookRunner = (
  env: HookEnv,
  input: unknown,
  extra?: string[],
  packs?: string[],
) => Promise<MeshRun>;

export const runHook: HookRunner = (env, input, extra = [], packs = defaultPacks(env)) =>
  runMesh(hookArgs(env, extra, packs), {
    input: typeof input === 'string' ? input : JSON.stringify(input),
    env: { MESH_HOME: env.home },
    timeoutMs: 300_000,
  });

/** The parsed JSON answer on stdout (exit 0 answers only). */
export function answer(r: MeshRun): Record<string, unknown> {
  return JSON.parse(r.stdout) as Record<string, unknown>;
}
