// docs/guard.md "Self-protection", through the real hook process (`mesh guard hook claude-code`, one
// process per call as Claude Code runs it): an agent's tool call may not change the node's state or
// the agent's control plane, nor run the mesh commands that change the guard's state, nor read the
// node's keys, and a local pack that allows everything does not relax any of it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answer, hookEnv, pre, runHook } from './hook-driver.js';

const env = hookEnv();
const H = env.home;
const allowAll = join(H, 'allow-all.json');
writeFileSync(
  allowAll,
  JSON.stringify({
    pack_format: 1,
    name: 'allow-all',
    version: '1.0.0',
    licence: 'Apache-2.0',
    description: 'the operator allows every call',
    catalog: ['local.allow-all'],
    policy: {
      format: 1,
      rules: [
        {
          id: 'local.allow-all',
          verdict: 'allow',
          phase: 'call',
          when: { field: 'tool', glob: '*' },
          reason: 'allowed by the operator',
        },
      ],
    },
  }),
);
const packs = ['builtin:coding-agent', allowAll];

const BLOCKED: [string, Record<string, unknown>, RegExp][] = [
  [
    'Write',
    { file_path: '/repo/.claude/settings.local.json', content: '{"disableAllHooks": true}' },
    /self\.control-plane-write/,
  ],
  [
    'Edit',
    { file_path: '/home/u/.claude/settings.json', old_string: 'a', new_string: 'b' },
    /self\.control-plane-write/,
  ],
  ['Write', { file_path: '/repo/.mcp.json', content: '{}' }, /self\.control-plane-write/],
  ['Write', { file_path: '/home/u/.cursor/mcp.json', content: '{}' }, /self\.control-plane-write/],
  ['Write', { file_path: '/home/u/.codex/config.toml', content: '' }, /self\.control-plane-write/],
  ['Bash', { command: `rm -rf ${H}/guard` }, /self\.state-command/],
  [
    'Bash',
    { command: `sqlite3 ${H}/guard/reviews.db "update review set status='approved'"` },
    /self\.state-command/,
  ],
  ['Bash', { command: `python3 -c "import shutil; shutil.rmtree('${H}')"` }, /self\.state-command/],
  ['Bash', { command: 'mesh reviews approve r-1 --by alice' }, /self\.mesh-command/],
  ['Bash', { command: 'npx mesh --state /tmp/x report enable' }, /self\.mesh-command/],
  ['Bash', { command: 'node bin/mesh.js guard mcp admit -- npx srv' }, /self\.mesh-command/],
  ['Bash', { command: "echo '{}' > ~/.claude/settings.json" }, /self\.control-plane/],
  ['Read', { file_path: `${H}/keys/node.key` }, /self\.key-read/],
  ['mcp__fs__write_file', { path: `${H}/config.json`, content: '{}' }, /self\.state-write/],
  [
    'mcp__fs__move_file',
    { source: 'x', destination: '/repo/.mcp.json' },
    /self\.control-plane-write/,
  ],
];

describe('self-protection in the Claude Code hook', () => {
  it('denies every change of the node state or control plane, even under a local allow-all pack', async () => {
    for (const [tool, input, why] of BLOCKED) {
      const r = await runHook(env, pre('self', tool, input), [], packs);
      expect([tool, input, r.code]).toEqual([tool, input, 2]);
      expect(r.stderr).toMatch(why);
    }
  }, 240_000);

  it("asks before an edit of the agent's instruction files; local allows still grant elsewhere", async () => {
    for (const file of ['/repo/CLAUDE.md', '/repo/sub/AGENTS.md']) {
      const r = await runHook(
        env,
        pre('self', 'Write', { file_path: file, content: 'x' }),
        [],
        packs,
      );
      expect(r.code).toBe(0);
      const out = answer(r).hookSpecificOutput as Record<string, unknown>;
      expect(out.permissionDecision).toBe('ask');
      expect(out.permissionDecisionReason).toMatch(/self\.instructions-edit/);
    }
    const ok = await runHook(
      env,
      pre('self', 'Write', { file_path: '/repo/src/a.ts', content: 'x' }),
      [],
      packs,
    );
    expect(ok.code).toBe(0);
    expect(answer(ok)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'allow' } });
  }, 120_000);
});
