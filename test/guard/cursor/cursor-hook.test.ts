// Cursor hooks (cursor.com/docs/hooks): the hook process as Cursor runs it, one per call, JSON on
// stdin and a JSON permission on stdout; exit 2 blocks.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentEnv,
  approveHeld,
  reviewOf,
  runAgentHook,
  type AgentEnv,
} from '../codex/agent-hook-driver.js';

let env: AgentEnv;
beforeAll(() => {
  env = agentEnv();
});
afterAll(() => {
  rmSync(env.home, { recursive: true, force: true });
});

let seq = 0;
function cursor(event: string, conversation: string, fields: Record<string, unknown>) {
  return {
    conversation_id: conversation,
    generation_id: `gen-${++seq}`,
    model: 'claude-sonnet',
    hook_event_name: event,
    cursor_version: '2.1.0',
    workspace_roots: ['/repo'],
    user_email: null,
    transcript_path: null,
    ...fields,
  };
}

const run = (input: unknown, extra?: string[]) => runAgentHook(env, 'cursor', input, extra);
const json = (s: string) => JSON.parse(s) as Record<string, unknown>;

describe('mesh guard hook cursor: before a call', { timeout: 300_000 }, () => {
  it('denies a Shell preToolUse with permission "deny" and messages for user and agent', async () => {
    const r = await run(
      cursor('preToolUse', 'k-deny', {
        tool_name: 'Shell',
        tool_input: { command: 'rm -rf ~', working_directory: '/repo' },
        tool_use_id: 'tu1',
        cwd: '/repo',
      }),
    );
    expect(r.code).toBe(0);
    const out = json(r.stdout);
    expect(out.permission).toBe('deny');
    expect(String(out.agent_message)).toMatch(/ca\.destructive-delete/);
    expect(out.user_message).toBe(out.agent_message);
  });

  it('answers {} when no rule objects, so Cursor decides as configured', async () => {
    const r = await run(
      cursor('preToolUse', 'k-pass', { tool_name: 'Shell', tool_input: { command: 'ls' } }),
    );
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toEqual({});
  });

  it('rewrites an MCP preToolUse with updated_input', async () => {
    const r = await run(
      cursor('preToolUse', 'k-mod', {
        tool_name: 'MCP:fetch',
        tool_input: { url: 'http://example.test/x' },
      }),
    );
    expect(json(r.stdout)).toEqual({
      permission: 'allow',
      updated_input: { url: 'https://example.test/' },
    });
  });

  it('refuses a rewrite on beforeMCPExecution, which takes none', async () => {
    const r = await run(
      cursor('beforeMCPExecution', 'k-mod2', {
        tool_name: 'fetch',
        tool_input: JSON.stringify({ url: 'http://example.test/x' }),
        url: 'https://mcp.example.test/mcp',
      }),
    );
    const out = json(r.stdout);
    expect(out.permission).toBe('deny');
    expect(String(out.agent_message)).toMatch(/d\.http.*cannot apply/);
  });

  it('decides beforeShellExecution, including the files a command writes', async () => {
    const r = await run(
      cursor('beforeShellExecution', 'k-sh', {
        command: 'echo x > /home/dev/.ssh/authorized_keys',
        cwd: '/repo',
        sandbox: false,
      }),
    );
    expect(json(r.stdout).permission).toBe('deny');
  });

  it('maps ESCALATE to a refusal held for review (preToolUse enforces no "ask"); the approved call passes', async () => {
    const call = cursor('preToolUse', 'k-esc', {
      tool_name: 'MCP:deploy',
      tool_input: { target: 'prod' },
    });
    const first = await run(call);
    const msg = String(json(first.stdout).agent_message);
    expect(json(first.stdout).permission).toBe('deny');
    const id = approveHeld(env, msg, 'bob');
    expect(reviewOf(env, id)).toMatchObject({ approver: 'bob', frontDoor: 'cursor' });
    const after = await run(call);
    expect(json(after.stdout)).toEqual({});
  });
});

describe('mesh guard hook cursor: after a call', { timeout: 300_000 }, () => {
  it('replaces an MCP tool output carrying a blocked result (updated_mcp_tool_output)', async () => {
    const r = await run(
      cursor('postToolUse', 'k-res', {
        tool_name: 'MCP:read',
        tool_input: { path: 'a' },
        tool_output: JSON.stringify({ content: [{ type: 'text', text: 'FORBIDDEN-MARKER x' }] }),
        tool_use_id: 'tu9',
        cwd: '/repo',
        duration: 12,
      }),
    );
    const out = json(r.stdout);
    expect(JSON.stringify(out.updated_mcp_tool_output)).toMatch(/withheld by mesh guard/);
    expect(JSON.stringify(out)).not.toContain('FORBIDDEN-MARKER x');
  });

  it('cannot withhold a Shell result: tells the agent it is withheld (additional_context)', async () => {
    const r = await run(
      cursor('postToolUse', 'k-res2', {
        tool_name: 'Shell',
        tool_input: { command: 'cat notes' },
        tool_output: JSON.stringify({ exitCode: 0, stdout: 'FORBIDDEN-MARKER y' }),
      }),
    );
    const out = json(r.stdout);
    expect(out).not.toHaveProperty('updated_mcp_tool_output');
    expect(String(out.additional_context)).toMatch(/d\.marker.*withheld.*do not use it/);
  });

  it('passes an ordinary result with {}', async () => {
    const r = await run(
      cursor('postToolUse', 'k-res3', {
        tool_name: 'Shell',
        tool_input: { command: 'ls' },
        tool_output: JSON.stringify({ exitCode: 0, stdout: 'a' }),
      }),
    );
    expect(json(r.stdout)).toEqual({});
  });

  it('answers {} to events it does not decide', async () => {
    const r = await run(cursor('stop', 'k-stop', { status: 'completed', loop_count: 0 }));
    expect(json(r.stdout)).toEqual({});
  });
});

describe('mesh guard hook cursor: fails closed', { timeout: 300_000 }, () => {
  it('exits 2 (which blocks) with a deny on stdout on input that is not JSON', async () => {
    const r = await run('not json');
    expect(r.code).toBe(2);
    expect(json(r.stdout).permission).toBe('deny');
    expect(r.stderr).toMatch(/failed closed \[hook_input_invalid\]/);
  });

  it('exits 2 on a call without a conversation id', async () => {
    const r = await run({ hook_event_name: 'preToolUse', tool_name: 'Shell', tool_input: {} });
    expect(r.code).toBe(2);
  });
});
