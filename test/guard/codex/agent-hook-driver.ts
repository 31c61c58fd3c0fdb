// Drives `mesh guard hook codex|cursor` as those agents do: one process per hook call, the hook
// input as JSON on stdin, the answer read from the exit code, stdout and stderr.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReviewQueue } from '../../../guard/review/review-queue.js';
import { runMesh, type MeshRun } from '../../support/run-mesh.js';

export const DOORS_PACK = {
  pack_format: 1,
  name: 'doors-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'rules the Codex and Cursor hook tests rely on',
  catalog: ['d.deploy', 'd.http', 'd.ssh-write', 'd.marker'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'd.deploy',
        verdict: 'escalate',
        phase: 'call',
        when: { field: 'tool', glob: 'mcp__*__deploy' },
        reason: 'deploys need a human',
      },
      {
        id: 'd.http',
        verdict: 'modify',
        phase: 'call',
        when: { field: 'args.url', prefix: 'http://' },
        set: { 'args.url': 'https://example.test/' },
        reason: 'plain http upgraded',
      },
      {
        id: 'd.ssh-write',
        verdict: 'block',
        phase: 'call',
        tools: ['Write'],
        when: { field: 'args.file_path', glob: '**/.ssh/**' },
        reason: 'writes into .ssh',
      },
      {
        id: 'd.marker',
        verdict: 'block',
        phase: 'result',
        when: { field: 'result', contains: 'FORBIDDEN-MARKER' },
        reason: 'result carries the marker',
      },
    ],
  },
};

export interface AgentEnv {
  home: string;
  pack: string;
}

export function agentEnv(): AgentEnv {
  const home = mkdtempSync(join(tmpdir(), 'mesh-doors-'));
  const pack = join(home, 'doors-pack.json');
  writeFileSync(pack, JSON.stringify(DOORS_PACK));
  return { home, pack };
}

/** One hook call as the agent makes it: `mesh guard hook <door> --pack ...` with JSON on stdin. */
export function runAgentHook(
  env: AgentEnv,
  door: 'codex' | 'cursor',
  input: unknown,
  extra: string[] = [],
): Promise<MeshRun> {
  const args = ['guard', 'hook', door, '--pack', 'builtin:coding-agent', '--pack', env.pack];
  return runMesh([...args, '--deadline', '120000', ...extra], {
    input: typeof input === 'string' ? input : JSON.stringify(input),
    env: { MESH_HOME: env.home },
    timeoutMs: 300_000,
  });
}

/** The held review a refusal names, approved by a person; returns its id. */
export function approveHeld(env: AgentEnv, stderrOrMessage: string, by = 'alice'): string {
  const id = /held for review ([0-9a-f]+)/.exec(stderrOrMessage)?.[1];
  if (id === undefined) throw new Error(`no held review in: ${stderrOrMessage}`);
  const q = ReviewQueue.open(join(env.home, 'guard'));
  try {
    q.decide(id, 'approved', by);
  } finally {
    q.close();
  }
  return id;
}

export function reviewOf(env: AgentEnv, id: string): ReturnType<ReviewQueue['get']> {
  const q = ReviewQueue.open(join(env.home, 'guard'));
  try {
    return q.get(id);
  } finally {
    q.close();
  }
}
