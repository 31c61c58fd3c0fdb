// `mesh pack validate|test` and `mesh publish` running the pack's tests, as a user runs them.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';
import { tinyPack } from './tiny-pack.js';

const work = mkdtempSync(join(tmpdir(), 'mesh-pack-cli-'));
const keys = join(work, 'keys');
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

function file(name: string, doc: unknown): string {
  const f = join(work, name);
  writeFileSync(f, JSON.stringify(doc));
  return f;
}

function wrongPack(version = '1.0.0'): ReturnType<typeof tinyPack> {
  const doc = { ...tinyPack(), version };
  doc.rules['t.ask-curl']!.tests.no_match[2] = {
    name: 'curl is fine',
    event: { phase: 'call', tool: 'Bash', args: { command: 'curl https://safe.test' } },
  };
  return doc;
}

/** Every file under `dir` (except the keys) with its bytes, for a byte-for-byte comparison. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (p === keys) continue;
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p).toString('base64');
    }
  };
  walk(dir);
  return out;
}

describe('mesh pack', () => {
  it('validates and tests builtin:coding-agent', async () => {
    const v = await runMesh(['pack', 'validate', 'builtin:coding-agent', '--json']);
    expect(v.code, v.stderr).toBe(0);
    const vj = JSON.parse(v.stdout) as { ok: boolean; format: number; rules: unknown[] };
    expect(vj).toMatchObject({ ok: true, format: 2 });
    expect(vj.rules).toHaveLength(31);
    const t = await runMesh(['pack', 'test', 'builtin:coding-agent', '--json']);
    expect(t.code, t.stderr).toBe(0);
    const tj = JSON.parse(t.stdout) as {
      ok: boolean;
      totals: { failed: number; examples: number };
    };
    expect(tj.ok).toBe(true);
    expect(tj.totals.failed).toBe(0);
    expect(tj.totals.examples).toBeGreaterThanOrEqual(210);
  });

  it('fails a pack with a wrong example, naming the rule and the example', async () => {
    const f = file('wrong.json', wrongPack());
    const h = await runMesh(['pack', 'test', f]);
    expect(h.code).toBe(1);
    expect(h.stdout).toContain('FAIL t.ask-curl');
    expect(h.stdout).toContain('no_match[2] "curl is fine"');
    expect(h.stdout).toContain('expected: t.ask-curl does not fire');
    expect(h.stdout).toContain('got:      t.ask-curl fired (escalate');
    expect(h.stdout).toMatch(/^ok {3}t\.no-deploy/m);
    const j = await runMesh(['pack', 'test', f, '--json']);
    expect(j.code).toBe(1);
    const r = JSON.parse(j.stdout) as { ok: boolean; rules: { id: string; status: string }[] };
    expect(r.ok).toBe(false);
    expect(r.rules.map((x) => [x.id, x.status])).toEqual([
      ['t.no-deploy', 'passed'],
      ['t.ask-curl', 'failed'],
    ]);
  });

  it('refuses a rule with four examples with a coded error naming the rule', async () => {
    const doc = tinyPack();
    doc.rules['t.no-deploy']!.tests.match.splice(4, 1);
    const f = file('four.json', doc);
    for (const sub of ['validate', 'test']) {
      const r = await runMesh(['pack', sub, f, '--json']);
      expect(r.code, sub).toBe(1);
      const out = r.stdout.trim() === '' ? r.stderr : r.stdout;
      const e = JSON.parse(out) as { error: { code: string; message: string } };
      expect(e.error.code).toBe('rule_tests_invalid');
      expect(e.error.message).toContain(
        'rule t.no-deploy: tests.match must hold 5 to 64 examples (has 4)',
      );
    }
  });

  it('validate reports a format-1 pack as lacking tests', async () => {
    const { rules: _r, ...rest } = tinyPack();
    const r = await runMesh(['pack', 'validate', file('old.json', { ...rest, pack_format: 1 })]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('pack_format 1 carries no per-rule tests');
  });
});

describe('mesh publish runs the pack tests first', () => {
  const repo = join(work, 'repo');
  /** `mesh publish PACK FLAGS... --repo REPO --keys KEYS --json` (REPO default: the suite's). */
  const publish = (pack: string, flags: string[] = [], to = repo): ReturnType<typeof runMesh> =>
    runMesh([
      'publish',
      pack,
      ...flags,
      '--repo',
      to,
      '--keys',
      keys,
      '--profile',
      'demo',
      '--json',
    ]);
  beforeAll(async () => {
    mkdirSync(keys, { recursive: true });
    for (const r of ['root', 'targets', 'canary', 'stable', 'snapshot', 'timestamp', 'log']) {
      const k = await runMesh(['keys', 'new', '--role', r, '--out', join(keys, `${r}.key`)]);
      expect(k.code, k.stderr).toBe(0);
    }
  });

  it('publishes a passing pack, then refuses a failing one leaving everything byte-identical', async () => {
    const ok = await publish(file('tiny.json', tinyPack()));
    expect(ok.code, ok.stderr).toBe(0);
    const before = snapshot(work);
    expect(Object.keys(before).some((p) => p.startsWith('repo/targets/packs/tiny/'))).toBe(true);

    const bad = await publish(file('bad.json', wrongPack('1.0.1')));
    expect(bad.code).toBe(1);
    const e = JSON.parse(bad.stdout.trim() === '' ? bad.stderr : bad.stdout) as {
      error: { code: string; message: string };
    };
    expect(e.error.code).toBe('pack_tests_failed');
    expect(e.error.message).toContain('t.ask-curl no_match[2] "curl is fine"');
    expect(e.error.message).toContain('nothing was published (see all with mesh pack test)');
    const after = snapshot(work);
    delete after['bad.json'];
    expect(after).toEqual(before);
  });

  it('refuses to write a stable-ring proposal for a failing pack', async () => {
    const before = snapshot(work);
    const bad = await publish(file('bad-stable.json', wrongPack('1.0.2')), ['--ring', 'stable']);
    expect(bad.code).toBe(1);
    expect(bad.stdout + bad.stderr).toContain('pack_tests_failed');
    const after = snapshot(work);
    delete after['bad-stable.json'];
    expect(after).toEqual(before);
    expect(readdirSync(work).filter((n) => n.endsWith('.proposals'))).toEqual([]);
  });

  it('refuses a format-1 pack and does not create a repository', async () => {
    const { rules: _r, ...rest } = tinyPack();
    const fresh = join(work, 'fresh');
    const r = await publish(file('old1.json', { ...rest, pack_format: 1 }), [], fresh);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain('pack_untested');
    expect(readdirSync(work).filter((n) => n.startsWith('fresh'))).toEqual([]);
  });
});
