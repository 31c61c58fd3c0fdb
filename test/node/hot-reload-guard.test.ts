// Hot-reloads the guard, in process: the reloadable guard swaps in recompiled packs and
// keeps the last good policy on any failure; the pack watcher says when a subscription's verified
// pack changes and when a shadow window ends.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFlowTracker } from '../../guard/index.js';
import { watchPacks } from '../../node/enforce/pack-watcher.js';
import { openReloadableGuard } from '../../node/enforce/reloadable-guard.js';
import { defaultConfig, type NodeConfig } from '../../node/state/config.js';
import {
  SUBSCRIPTION_SCHEMA,
  writeSubscription,
  type SubscriptionState,
} from '../../node/subscription/state.js';

const root = mkdtempSync(join(tmpdir(), 'mesh-hot-unit-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

const README = { phase: 'call', tool: 'read_file', args: { path: 'README.md' } };

function writePack(file: string, blockReadme: boolean, tests: unknown[] = []): void {
  const rules = [
    {
      id: 'u.no-env',
      verdict: 'block',
      phase: 'call',
      tools: ['read_file'],
      when: { field: 'args.path', glob: '**/.env' },
      reason: 'no env files',
    },
    ...(blockReadme
      ? [
          {
            id: 'u.no-readme',
            verdict: 'block',
            phase: 'call',
            tools: ['read_file'],
            when: { field: 'args.path', glob: 'README*' },
            reason: 'no readme',
          },
        ]
      : []),
  ];
  writeFileSync(
    file,
    JSON.stringify({
      pack_format: 1,
      name: 'unit',
      version: '1.0.0',
      licence: 'Apache-2.0',
      description: 'unit',
      catalog: rules.map((r) => r.id),
      policy: { format: 1, rules, tests },
    }),
  );
}

describe('openReloadableGuard', () => {
  it('swaps in a recompiled pack, and keeps the last good policy when a reload fails', async () => {
    const pack = join(root, 'pack.json');
    writePack(pack, false);
    const lines: string[] = [];
    const r = openReloadableGuard({
      stateRoot: root,
      config: defaultConfig,
      specs: [pack],
      tracker: createFlowTracker(),
      flowRules: true,
      mcpRules: true,
      log: (l) => lines.push(l),
    });
    expect((await r.guard.decide(README)).verdict).toBe('allow');

    writePack(pack, true);
    expect(await r.reload('edited')).toMatchObject({ ok: true });
    expect(await r.guard.decide(README)).toMatchObject({ verdict: 'block', rule: 'u.no-readme' });
    expect(lines.at(-1)).toMatch(
      /reloaded \(edited\): builtin:flow, builtin:self-protection, builtin:mcp, unit/,
    );

    writeFileSync(pack, '{ broken');
    expect(await r.reload('broken')).toMatchObject({ ok: false });
    expect(lines.at(-1)).toMatch(/reload \(broken\) failed, keeping the last good policy/);
    expect(await r.guard.decide(README)).toMatchObject({ verdict: 'block', rule: 'u.no-readme' });

    writePack(pack, false, [{ event: README, expect: 'block', rule: 'u.no-readme' }]);
    expect(await r.reload('failing tests')).toMatchObject({ ok: false });
    expect(lines.at(-1)).toMatch(/reload \(failing tests\) failed/);
    expect(await r.guard.decide(README)).toMatchObject({ verdict: 'block', rule: 'u.no-readme' });
  });

  it('loads builtin:mcp unless told not to', async () => {
    const pack = join(root, 'plain.json');
    writePack(pack, false);
    const ask = {
      phase: 'call',
      tool: 'mcp:elicitation',
      args: { message: 'Sign in', fields: ['password Password'] },
    };
    const open = (mcpRules: boolean): ReturnType<typeof openReloadableGuard> =>
      openReloadableGuard({
        stateRoot: root,
        config: defaultConfig,
        specs: [pack],
        tracker: createFlowTracker(),
        flowRules: true,
        mcpRules,
        log: () => undefined,
      });
    expect(await open(true).guard.decide(ask)).toMatchObject({
      verdict: 'block',
      rule: 'mcp.elicitation-secret-request',
    });
    expect((await open(false).guard.decide(ask)).verdict).toBe('allow');
  });
});

describe('watchPacks', () => {
  const id = 'unit@canary';
  const dir = join(root, 'subscriptions', id);
  const state = (sha: string, firstSeen: Record<string, string>): SubscriptionState => ({
    schema: SUBSCRIPTION_SCHEMA,
    id,
    trust: { mirror: 'http://127.0.0.1:1', logKeys: [], witnesses: [], quorum: 0, gossip: [] },
    good: {
      file: join(dir, 'pack.json'),
      sha256: sha,
      packVersion: '1.0.0',
      role: 'canary',
      roleVersion: 1,
      acceptedAt: new Date().toISOString(),
    },
    firstSeen,
    status: 'ok',
  });
  const until = async (events: string[], re: RegExp): Promise<void> => {
    const deadline = Date.now() + 10_000;
    while (!events.some((e) => re.test(e))) {
      if (Date.now() > deadline) throw new Error(`no ${String(re)} in ${events.join(' | ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('reports a newly verified pack and the end of a shadow window, once each', async () => {
    mkdirSync(dir, { recursive: true });
    const config: NodeConfig = {
      ...defaultConfig(),
      operator: { grants: [], ungranted: 'escalate', allowlist: [], shadowWindowSeconds: 2 },
    };
    const old = new Date(Date.now() - 60_000).toISOString();
    writeSubscription(dir, state('a'.repeat(64), { 'u.old': old }));
    const events: string[] = [];
    const stop = watchPacks({
      stateRoot: root,
      specs: ['mesh:unit@canary', 'builtin:coding-agent'],
      config: () => config,
      intervalMs: 25,
      onChange: (why) => events.push(why),
    });
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(events).toEqual([]);
      const seen = new Date().toISOString();
      writeSubscription(dir, state('b'.repeat(64), { 'u.old': old, 'u.new': seen }));
      await until(events, /subscription unit@canary changed/);
      await until(events, /shadow window of unit@canary\/u\.new ended/);
      await new Promise((r) => setTimeout(r, 200));
      expect(events).toEqual([
        'subscription unit@canary changed',
        'shadow window of unit@canary/u.new ended',
      ]);
    } finally {
      stop();
    }
  });
});
