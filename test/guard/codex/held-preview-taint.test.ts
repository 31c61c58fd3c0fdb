// docs/guard.md "Escalation and reviews", at the Codex and Cursor doors as the agents run them (one
// process per call): a call held for review carries the masked preview of the exact call, and an
// argument carrying a value the session read from `.env` is masked whole, as at the other doors.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentEnv, reviewOf, runAgentHook, type AgentEnv } from './agent-hook-driver.js';

// Random-looking, so the flow tracker takes it as taint; no secret pattern matches it.
const DB_PASSWORD = 'Hv62pQx9LmZ0rT4kWb8sNc3Ye7';

// A tool that cannot reach the network, so the flow rules leave it to the escalation.
const DEPLOY_PACK = {
  pack_format: 1,
  name: 'deploy-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'a local escalation for a deploy tool',
  catalog: ['t.deploy'],
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
    ],
  },
};

let env: AgentEnv;
let extra: string[];
beforeAll(() => {
  env = agentEnv();
  const file = join(env.home, 'deploy-pack.json');
  writeFileSync(file, JSON.stringify(DEPLOY_PACK));
  extra = ['--pack', file];
});
afterAll(() => {
  rmSync(env.home, { recursive: true, force: true });
});

const heldId = (text: string): string => /held for review ([0-9a-f]+)/.exec(text)?.[1] ?? '';

describe('held reviews at the Codex and Cursor doors mask taint', { timeout: 300_000 }, () => {
  it('Codex: a deploy carrying a value read from .env is held with that value masked whole', async () => {
    const base = { transcript_path: null, cwd: '/repo', model: 'gpt-5-codex' };
    const read = await runAgentHook(env, 'codex', {
      ...base,
      session_id: 'cx-taint',
      turn_id: 't1',
      hook_event_name: 'PostToolUse',
      tool_name: 'Read',
      tool_use_id: 'c1',
      tool_input: { file_path: '/repo/.env' },
      tool_response: `DB_PASSWORD=${DB_PASSWORD}\nMODE=dev\n`,
    });
    expect(read.code, read.stderr).toBe(0);
    const held = await runAgentHook(
      env,
      'codex',
      {
        ...base,
        session_id: 'cx-taint',
        turn_id: 't2',
        hook_event_name: 'PreToolUse',
        tool_name: 'Deploy',
        tool_use_id: 'c2',
        tool_input: { target: 'prod', note: `use ${DB_PASSWORD} there` },
      },
      extra,
    );
    expect(held.code).toBe(2);
    const review = reviewOf(env, heldId(held.stderr));
    expect(review?.preview).toBe('{"target":"prod","note":"[taint]"}');
    expect(JSON.stringify(review)).not.toContain(DB_PASSWORD);
  });

  it('Cursor: the same flow through postToolUse and preToolUse is masked the same way', async () => {
    const base = {
      conversation_id: 'cu-taint',
      model: 'claude-sonnet',
      cursor_version: '2.1.0',
      workspace_roots: ['/repo'],
      user_email: null,
      transcript_path: null,
    };
    const read = await runAgentHook(env, 'cursor', {
      ...base,
      generation_id: 'g1',
      hook_event_name: 'postToolUse',
      tool_name: 'Read',
      tool_use_id: 'r1',
      tool_input: { file_path: '/repo/.env' },
      tool_output: JSON.stringify({ content: `DB_PASSWORD=${DB_PASSWORD}\nMODE=dev\n` }),
    });
    expect(read.code, read.stderr).toBe(0);
    const held = await runAgentHook(
      env,
      'cursor',
      {
        ...base,
        generation_id: 'g2',
        hook_event_name: 'preToolUse',
        tool_name: 'Deploy',
        tool_use_id: 'r2',
        tool_input: { target: 'prod', note: `use ${DB_PASSWORD} there` },
      },
      extra,
    );
    expect(held.code, held.stderr).toBe(0);
    const answer = JSON.parse(held.stdout) as { permission: string; agent_message: string };
    expect(answer.permission).toBe('deny');
    const review = reviewOf(env, heldId(answer.agent_message));
    expect(review?.preview).toBe('{"target":"prod","note":"[taint]"}');
    expect(JSON.stringify(review)).not.toContain(DB_PASSWORD);
  });
});
