// docs/guard.md "Codex": the rows of the verdict table the Codex hook suite does not reach, each
// driven as Codex drives the hook (one process, JSON on stdin, exit code, stdout and stderr).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentEnv, runAgentHook, type AgentEnv } from './codex/agent-hook-driver.js';
import { EXTRA_PACK, REWRITE_INPUT } from './hook-codex-doors-pack.js';

let env: AgentEnv;
let extra: string[];
beforeAll(() => {
  env = agentEnv();
  const file = join(env.home, 'extra-pack.json');
  writeFileSync(file, JSON.stringify(EXTRA_PACK));
  extra = ['--pack', file];
});
afterAll(() => {
  rmSync(env.home, { recursive: true, force: true });
});

let seq = 0;
const codex = (event: string, tool: string, input: object, response?: unknown) => ({
  session_id: 'codex-doors',
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

describe('mesh guard hook codex: the verdict table', { timeout: 300_000 }, () => {
  it('allow by a local rule: nothing (a Codex hook cannot grant; its approval policy applies)', async () => {
    const r = await runAgentHook(
      env,
      'codex',
      codex('PreToolUse', 'Read', { file_path: '/repo/docs/a.md' }),
      extra,
    );
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });

  it('modify of a Bash call that has no string command: refused', async () => {
    const r = await runAgentHook(
      env,
      'codex',
      codex('PreToolUse', 'Bash', { url: 'http://example.test/' }),
      extra,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/d\.http.*a rewrite Codex cannot apply here is refused/);
  });

  it('a rewritten result is withheld whole with decision "block" (no updatedMCPToolOutput)', async () => {
    const r = await runAgentHook(
      env,
      'codex',
      codex(
        'PostToolUse',
        'mcp__fs__read',
        { path: 'k' },
        {
          content: [{ type: 'text', text: `key:\n${REWRITE_INPUT}` }],
        },
      ),
      extra,
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out.decision).toBe('block');
    expect(String(out.reason)).toMatch(/^\[withheld by mesh guard: mesh guard: x\.rewrite/);
    expect(out).not.toHaveProperty('hookSpecificOutput');
    expect(r.stdout).not.toContain('the original output');
    expect(r.stdout).not.toContain('[rewritten by the pack]');
  });
});
