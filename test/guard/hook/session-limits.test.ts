// Rate/budget/loop limits per session through the Claude Code hook: one process per call,
// so the counters live in the hook's shared session store; 8 parallel processes of one session cross
// a budget exactly where a single process would.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from '../../../guard/hook/session-store.js';
import { hookEnv, pre, runHook, type HookEnv } from './hook-driver.js';

const LIMITS_PACK = {
  pack_format: 1,
  name: 'limits-test',
  version: '1.0.0',
  licence: 'Apache-2.0',
  description: 'session limits the hook tests cross',
  catalog: ['l.budget', 'l.loop'],
  policy: {
    format: 1,
    rules: [
      {
        id: 'l.budget',
        verdict: 'block',
        phase: 'call',
        tools: ['Read'],
        when: { detector: 'session_limits', params: { max_calls: 5 } },
        reason: 'session over its budget',
      },
      {
        id: 'l.loop',
        verdict: 'block',
        phase: 'call',
        tools: ['Grep'],
        when: { detector: 'session_limits', params: { max_repeats: 2 } },
        reason: 'session is looping',
      },
    ],
  },
};

let env: HookEnv;
let pack: string;
beforeAll(() => {
  env = hookEnv();
  pack = join(env.home, 'limits-pack.json');
  writeFileSync(pack, JSON.stringify(LIMITS_PACK));
});
afterAll(() => {
  rmSync(env.home, { recursive: true, force: true });
});

const hook = (input: unknown) => runHook(env, input, ['--no-receipts'], [pack]);

describe('session limits across hook processes', { timeout: 600_000 }, () => {
  it('8 parallel processes of one session: exactly 5 pass the budget of 5, none is lost', async () => {
    const s = 'budget-1';
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => hook(pre(s, 'Read', { file_path: `/repo/f${i}.ts` }))),
    );
    const codes = runs.map((r) => r.code).sort();
    expect(codes, runs.map((r) => r.stderr).join('')).toEqual([0, 0, 0, 0, 0, 2, 2, 2]);
    for (const r of runs.filter((x) => x.code === 2))
      expect(r.stderr).toMatch(/l\.budget: session over its budget/);
    // The next call is the 9th: every parallel call was counted once.
    const store = SessionStore.open(join(env.home, 'guard'));
    try {
      expect(store.record(s, 'probe', Date.now()).calls).toBe(9);
      expect(store.record('budget-other', 'probe', Date.now()).calls).toBe(1);
    } finally {
      store.close();
    }
  });

  it('counts a loop across processes: the third identical call in a row is blocked', async () => {
    const s = 'loop-1';
    const same = () => hook(pre(s, 'Grep', { pattern: 'TODO', path: '/repo' }));
    expect((await same()).code).toBe(0);
    expect((await same()).code).toBe(0);
    const third = await same();
    expect(third.code).toBe(2);
    expect(third.stderr).toMatch(/l\.loop/);
    // A different call breaks the run of repeats.
    expect((await hook(pre(s, 'Grep', { pattern: 'FIXME', path: '/repo' }))).code).toBe(0);
    expect((await same()).code).toBe(0);
  });
});

describe('session store', () => {
  it('keeps no call arguments on disk and is private to its owner', async () => {
    const { readFileSync, statSync } = await import('node:fs');
    const dir = join(env.home, 'store-only');
    const store = SessionStore.open(dir);
    store.record('s', 'Read\u0000{"file_path":"/home/dev/SECRET-MARKER-42"}', Date.now());
    store.close();
    const file = join(dir, 'sessions.db');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file).includes('SECRET-MARKER-42')).toBe(false);
  });
});
