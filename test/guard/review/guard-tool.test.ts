// Library API: createGuard with the flow wiring, and guardTool around real tool functions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createGuard,
  compilePolicy,
  createFlowTracker,
  guardTool,
  GuardBlockedError,
  ReviewQueue,
  wireFlow,
} from '../../../guard/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mesh-lib-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const flow = wireFlow(createFlowTracker());
  const policy = compilePolicy(
    {
      format: 1,
      rules: [
        {
          id: 'lib.deploy',
          verdict: 'escalate',
          phase: 'call',
          tools: ['deploy'],
          when: { field: 'args.env', equals: 'prod' },
          reason: 'prod deploys need a human',
        },
        {
          id: 'lib.flow-any',
          verdict: 'block',
          phase: 'call',
          tools: ['post'],
          when: { flow: { source: { tool: 'read_*' }, sink: { arg: 'args.body' } } },
          reason: 'data read earlier is being posted',
        },
      ],
    },
    { detectors: flow.detectors },
  );
  expect(policy.quarantined).toEqual([]);
  return {
    flow,
    guard: createGuard({ policies: [...flow.policies, policy], stages: [flow.stage] }),
  };
}

describe('guardTool', () => {
  it('blocks a value read by one wrapped tool from leaving through another, naming the argument', async () => {
    const { guard } = setup();
    const token = randomBytes(24).toString('base64url');
    const sent: string[] = [];
    const readConfig = guardTool(guard, 'read_config', () => `token: ${token}\n`, {
      session: 'lib-1',
    });
    const post = guardTool(
      guard,
      'post',
      (a: { url: string; body: string }) => {
        sent.push(a.body);
        return 'ok';
      },
      { session: 'lib-1' },
    );
    expect(await readConfig({ name: 'app' })).toMatch(/token/);
    expect(await post({ url: 'https://x.test', body: 'hello' })).toBe('ok');
    const attempt = post({ url: 'https://x.test', body: Buffer.from(token).toString('hex') });
    await expect(attempt).rejects.toBeInstanceOf(GuardBlockedError);
    await expect(attempt).rejects.toMatchObject({
      decision: { rule: 'lib.flow-any', attributed_to: 'args.body' },
    });
    expect(sent).toEqual(['hello']);
  });

  it('runs an escalated call only after its approval', async () => {
    const { guard } = setup();
    const reviews = ReviewQueue.open(dir);
    const approver = ReviewQueue.open(dir);
    let ran = 0;
    const deploy = guardTool(guard, 'deploy', () => ++ran, {
      session: 'lib-2',
      reviews,
      pollMs: 20,
      onReview: (id) => {
        setTimeout(() => approver.decide(id, 'approved', 'alice'), 30);
      },
    });
    expect(await deploy({ env: 'prod' })).toBe(1);
    const refused = guardTool(guard, 'deploy', () => ++ran, {
      session: 'lib-2',
      reviews,
      timeoutMs: 100,
      pollMs: 20,
    });
    await expect(refused({ env: 'prod' })).rejects.toThrow(/no approval within/);
    expect(ran).toBe(1);
    reviews.close();
    approver.close();
  });

  it('quarantines a flow condition with a bad selector at load', () => {
    const { flow } = setup();
    const p = compilePolicy(
      {
        format: 1,
        rules: [
          {
            id: 'bad.flow',
            verdict: 'block',
            when: { flow: { source: { tol: 'x' } } },
            reason: 'x',
          },
        ],
      },
      { detectors: flow.detectors },
    );
    expect(p.rules).toEqual([]);
    expect(p.quarantined[0]?.message).toMatch(/unknown key/);
  });
});
