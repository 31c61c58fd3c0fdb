// Codex hooks (developers.openai.com/codex/hooks), PreToolUse/PostToolUse: the hook process as Codex
// runs it, one per call, JSON on stdin, answered by exit code, stdout and stderr.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentEnv,
  approveHeld,
  reviewOf,
  runAgentHook,
  type AgentEnv,
} from './agent-hook-driver.js';

let env: AgentEnv;
beforeAll(() => {
  env = agentEnv();
});
afterAll(() => {
  rmSync(env.home, { recursive: true, force: true });
});

let seq = 0;
function codex(
  event: 'PreToolUse' | 'PostToolUse',
  session: string,
  tool: string,
  input: Record<string, unknown>,
  response?: unknown,
): Record<string, unknown> {
  return {
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
  };
}

const run = (input: unknown, extra?: string[]) => runAgentHook(env, 'codex', input, extra);

describe('mesh guard hook codex: PreToolUse', { timeout: 300_000 }, () => {
  it('denies with exit 2 and a non-empty reason on stderr (an empty one would let the call run)', async () => {
    const r = await run(codex('PreToolUse', 'c-deny', 'Bash', { command: 'rm -rf ~' }));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toMatch(/^mesh guard: ca\.destructive-delete/);
  });

  it('says nothing when no rule objects: Codex approval policy stays in charge', async () => {
    const r = await run(codex('PreToolUse', 'c-pass', 'Bash', { command: 'ls -la src' }));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });

  it('rewrites an MCP call with permissionDecision "allow" and updatedInput', async () => {
    const r = await run(
      codex('PreToolUse', 'c-mod', 'mcp__web__fetch', { url: 'http://example.test/a', n: 1 }),
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { hookSpecificOutput: Record<string, unknown> };
    expect(out.hookSpecificOutput).toEqual({
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      updatedInput: { url: 'https://example.test/', n: 1 },
    });
  });

  it('rewrites a Bash call only with its string command kept', async () => {
    const r = await run(codex('PreToolUse', 'c-mod2', 'Bash', { command: 'x', url: 'http://a/' }));
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { hookSpecificOutput: { updatedInput: unknown } };
    expect(out.hookSpecificOutput.updatedInput).toEqual({
      command: 'x',
      url: 'https://example.test/',
    });
  });

  it('maps ESCALATE (Codex has no "ask") to a refusal held for review; the approved call then passes', async () => {
    const call = codex('PreToolUse', 'c-esc', 'mcp__ops__deploy', { target: 'prod' });
    const first = await run(call);
    expect(first.code).toBe(2);
    expect(first.stderr).toMatch(/d\.deploy.*held for review [0-9a-f]+/);
    const again = await run(call);
    expect(again.code).toBe(2);
    // The retry waits on the same review rather than queueing another.
    const id = approveHeld(env, first.stderr);
    expect(again.stderr).toContain(id);
    expect(reviewOf(env, id)).toMatchObject({
      status: 'approved',
      approver: 'alice',
      frontDoor: 'codex',
    });
    const after = await run(call);
    expect(after.code).toBe(0);
    expect(after.stdout).toBe('');
    // The approval binds to the exact call: other arguments are held again.
    const other = await run(codex('PreToolUse', 'c-esc', 'mcp__ops__deploy', { target: 'dev' }));
    expect(other.code).toBe(2);
    expect(other.stderr).not.toContain(id);
  });

  it('decides each file an apply_patch writes as a Write', async () => {
    const patch = '*** Begin Patch\n*** Add File: /home/dev/.ssh/config\n+Host *\n*** End Patch\n';
    const r = await run(codex('PreToolUse', 'c-patch', 'apply_patch', { command: patch }));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/writes \/home\/dev\/\.ssh\/config \(apply_patch add\)/);
    const ok = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** End Patch\n';
    const fine = await run(codex('PreToolUse', 'c-patch', 'apply_patch', { command: ok }));
    expect(fine.code).toBe(0);
  });
});

describe('mesh guard hook codex: PostToolUse', { timeout: 300_000 }, () => {
  it('withholds a result with decision "block": Codex replaces the tool result with the reason', async () => {
    const r = await run(
      codex(
        'PostToolUse',
        'c-res',
        'mcp__fs__read',
        { path: 'a' },
        {
          content: [{ type: 'text', text: 'FORBIDDEN-MARKER inside' }],
        },
      ),
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out.decision).toBe('block');
    expect(String(out.reason)).toMatch(/^\[withheld by mesh guard: mesh guard: d\.marker/);
    expect(JSON.stringify(out)).not.toContain('FORBIDDEN-MARKER inside');
    // Codex marks updatedMCPToolOutput unsupported and keeps the original: it is never sent.
    expect(out).not.toHaveProperty('hookSpecificOutput');
  });

  it('passes an ordinary result with no output', async () => {
    const r = await run(codex('PostToolUse', 'c-res', 'Bash', { command: 'ls' }, 'a\nb\n'));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
  });
});

describe('mesh guard hook codex: fails closed', { timeout: 300_000 }, () => {
  it('denies (exit 2, non-empty stderr) on input that is not JSON', async () => {
    const r = await run('{"session_id": ');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/failed closed \[hook_input_invalid\]/);
  });

  it('denies on a missing session id', async () => {
    const { session_id: _s, ...rest } = codex('PreToolUse', 'x', 'Bash', { command: 'ls' });
    const r = await run(rest);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().length).toBeGreaterThan(0);
  });

  it("denies a usage error (exit 2, never commander's exit 1 that Codex lets through)", async () => {
    const r = await run(codex('PreToolUse', 'c-u', 'Bash', { command: 'ls' }), ['--no-such-flag']);
    expect(r.code).toBe(2);
  });
});
