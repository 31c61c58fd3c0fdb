// docs/guard.md "Cursor": the rows of the verdict table the Cursor hook suite does not reach, each
// driven as Cursor drives the hook (one process, JSON on stdin, a JSON answer on stdout).
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
const cursor = (event: string, fields: object) => ({
  conversation_id: 'cursor-doors',
  generation_id: `gen-${++seq}`,
  model: 'claude-sonnet',
  hook_event_name: event,
  cursor_version: '2.1.0',
  workspace_roots: ['/repo'],
  user_email: null,
  transcript_path: null,
  ...fields,
});
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

describe('mesh guard hook cursor: the verdict table', { timeout: 300_000 }, () => {
  it('allow by a local rule: permission "allow"', async () => {
    const r = await runAgentHook(
      env,
      'cursor',
      cursor('preToolUse', { tool_name: 'Read', tool_input: { file_path: '/repo/docs/a.md' } }),
      extra,
    );
    expect(json(r.stdout)).toEqual({ permission: 'allow' });
  });

  it('a rewritten MCP result replaces the output the model sees (updated_mcp_tool_output)', async () => {
    const r = await runAgentHook(
      env,
      'cursor',
      cursor('postToolUse', {
        tool_name: 'MCP:read',
        tool_input: { path: 'k' },
        tool_output: JSON.stringify({
          content: [{ type: 'text', text: `key:\n${REWRITE_INPUT}` }],
        }),
      }),
      extra,
    );
    const out = json(r.stdout);
    expect(out.updated_mcp_tool_output).toBe('[rewritten by the pack]');
    expect(String(out.additional_context)).toMatch(/x\.rewrite/);
  });

  it('a rewritten Shell result cannot be replaced: the agent is told it is withheld', async () => {
    const r = await runAgentHook(
      env,
      'cursor',
      cursor('postToolUse', {
        tool_name: 'Shell',
        tool_input: { command: 'cat key' },
        tool_output: JSON.stringify({ exitCode: 0, stdout: REWRITE_INPUT }),
      }),
      extra,
    );
    const out = json(r.stdout);
    expect(out).not.toHaveProperty('updated_mcp_tool_output');
    expect(String(out.additional_context)).toMatch(/x\.rewrite.*withheld.*do not use it/);
  });
});
