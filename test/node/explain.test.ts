// docs/operator.md "Why did a rule do that": `mesh guard explain` shows each subscribed rule's
// effective verdict and why, from the enforcement the guard runs: the canary ceiling, a rule new
// here in shadow until a named time, a stable block with and without a grant, a local edit; and with
// --event, the decision the guard itself makes and the standing of each rule it matched. A pack is
// published through TUF and the log, served by a mirror, and subscribed by real `mesh` processes.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILTIN,
  expectOk,
  maintainer,
  meshJson,
  nodeHome,
  publish,
  signAndApply,
  startMirror,
  subscribe,
  writePack,
  type Maintainer,
} from '../e2e/publish-subscribe.js';

interface Standing {
  pack: string;
  id: string;
  published: string;
  effective: string;
  shadow: boolean;
  community: boolean;
  why: string[];
}

const work = mkdtempSync(join(tmpdir(), 'mesh-explain-'));
let m: Maintainer;
let fresh = '';
let granted = '';
const FORCE_PUSH = {
  phase: 'call',
  tool: 'Bash',
  args: { command: 'git push --force origin main' },
};

const explain = async (home: string, args: string[]): Promise<Record<string, unknown>> =>
  expectOk(await meshJson(['--state', home, 'guard', 'explain', ...args], { timeoutMs: 60_000 }))
    .json;
const rule = (rules: Standing[], pack: string, id: string): Standing | undefined =>
  rules.find((r) => r.pack === pack && r.id === id);

beforeAll(async () => {
  m = await maintainer(work, 60_000);
  const pack = writePack(m, 'pack.json', { ...BUILTIN, version: '1.0.0' });
  await publish(m, pack);
  const proposed = await publish(m, pack, ['--ring', 'stable']);
  await signAndApply(m, String(proposed.json.proposal));
  const mirror = await startMirror(m);
  fresh = nodeHome(m, 'fresh', { schema: 1 });
  granted = nodeHome(m, 'granted', {
    schema: 1,
    operator: {
      grants: ['ca.force-push'],
      ungranted: 'escalate',
      allowlist: [],
      shadowWindowSeconds: 0,
    },
  });
  for (const home of [fresh, granted])
    for (const ring of ['canary', 'stable'])
      expectOk(await subscribe(m, home, `mesh:coding-agent@${ring}`, mirror));
  // A local edit of one rule on the granted node.
  mkdirSync(join(granted, 'packs'), { recursive: true });
  const edited = BUILTIN as unknown as { policy: { rules: { id: string; reason: string }[] } };
  const original = edited.policy.rules.find((r) => r.id === 'ca.history-rewrite');
  writeFileSync(
    join(granted, 'packs', 'coding-agent.local.json'),
    JSON.stringify({ rules: [{ ...original, reason: 'our own wording' }] }),
  );
}, 240_000);

afterAll(async () => {
  await Promise.all(m.services.map((s) => s.stop()));
});

describe('mesh guard explain', () => {
  it('a pack: ceiling, shadow until when, grant, local edit', async () => {
    const canary = 'mesh:coding-agent@canary';
    const stable = 'mesh:coding-agent@stable';
    const a = (await explain(fresh, ['--pack', canary, '--pack', 'builtin:coding-agent']))
      .rules as Standing[];
    const del = rule(a, canary, 'ca.destructive-delete');
    expect(del).toMatchObject({ published: 'block', effective: 'escalate', shadow: true });
    expect(del?.why).toContain('canary ring ceiling: block -> escalate');
    expect(del?.why.join(' ')).toMatch(/new here: shadow until \d{4}-\d\d-\d\dT/);
    expect(rule(a, 'builtin:coding-agent', 'ca.destructive-delete')).toMatchObject({
      effective: 'block',
      community: false,
    });

    const b = (await explain(granted, ['--pack', stable])).rules as Standing[];
    expect(rule(b, stable, 'ca.force-push')).toMatchObject({
      effective: 'block',
      shadow: false,
      why: [],
    });
    expect(rule(b, stable, 'ca.destructive-delete')).toMatchObject({
      effective: 'escalate',
      why: ['not granted to block here: escalate'],
    });
    expect(rule(b, stable, 'ca.history-rewrite')).toMatchObject({
      community: false,
      why: ['edited locally'],
    });
  }, 120_000);

  it('one event: the guard’s own decision and the standing of the rule that matched', async () => {
    const event = join(work, 'event.json');
    writeFileSync(event, JSON.stringify(FORCE_PUSH));
    const stable = 'mesh:coding-agent@stable';
    const x = await explain(granted, ['--pack', stable, '--event', event]);
    expect(x.decision).toMatchObject({ verdict: 'block', rule: 'ca.force-push' });
    const hits = x.hits as { rule: string; standing?: Standing }[];
    expect(hits.find((h) => h.rule === 'ca.force-push')?.standing).toMatchObject({
      effective: 'block',
    });
    const canary = 'mesh:coding-agent@canary';
    const y = await explain(fresh, ['--pack', canary, '--event', event]);
    // New here: the rule runs in shadow, so the call is allowed and the rule only reported.
    expect(y.decision).toMatchObject({ verdict: 'allow', shadow: true });
    const hit = (y.hits as { rule: string; status: string; standing?: Standing }[]).find(
      (h) => h.rule === 'ca.force-push',
    );
    expect(hit?.status).toBe('shadow');
    expect(hit?.standing?.why).toContain('canary ring ceiling: block -> escalate');
  }, 120_000);
});
