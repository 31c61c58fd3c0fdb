// PACK_FORMAT 2 per-rule hashes and tests: validation at load, and the pack test runner.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUILTIN_PACKS,
  compilePack,
  loadPack,
  MIN_RULE_EXAMPLES,
  PackError,
  ruleContentHash,
  runPackTests,
} from '../../packs/index.js';
import { FC_RUNS } from '../support/env.js';
import { tinyPack } from './tiny-pack.js';

function codeOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(PackError);
    return `${(e as PackError).code}: ${(e as PackError).message}`;
  }
  return 'no error';
}

describe('per-rule tests in the pack format', () => {
  it('builtin:coding-agent carries a hash and at least five examples of each kind for all 31 rules', () => {
    const p = loadPack('builtin:coding-agent');
    expect(p.meta.format).toBe(2);
    expect(p.meta.catalog).toHaveLength(31);
    for (const id of p.meta.catalog) {
      const e = p.meta.rules[id];
      expect(e?.tests?.match.length, id).toBeGreaterThanOrEqual(MIN_RULE_EXAMPLES);
      expect(e?.tests?.no_match.length, id).toBeGreaterThanOrEqual(MIN_RULE_EXAMPLES);
    }
  });

  it('refuses a rule with four examples, naming the rule', () => {
    const doc = tinyPack();
    doc.rules['t.ask-curl']!.tests.no_match.pop();
    expect(codeOf(() => compilePack(doc, 'tiny.json'))).toBe(
      'rule_tests_invalid: tiny.json: rule t.ask-curl: tests.no_match must hold 5 to 64 examples (has 4)',
    );
  });

  it('refuses a malformed event, a duplicate, a missing or unknown entry, each naming the rule', () => {
    const cases: [string, (d: ReturnType<typeof tinyPack>) => void, RegExp][] = [
      [
        'malformed event',
        (d) => {
          d.rules['t.no-deploy']!.tests.match[2] = { event: { phase: 'later', tool: 'Bash' } };
        },
        /rule t\.no-deploy: tests\.match\[2\]\.event is not a guard event: phase/,
      ],
      [
        'duplicate across kinds',
        (d) => {
          const t = d.rules['t.no-deploy']!.tests;
          t.no_match[4] = structuredClone(t.match[0]!);
        },
        /rule t\.no-deploy: tests\.no_match\[4\] duplicates tests\.match\[0\]/,
      ],
      [
        'missing entry',
        (d) => {
          delete d.rules['t.ask-curl'];
        },
        /rule t\.ask-curl: has no entry/,
      ],
      [
        'entry for an unknown rule',
        (d) => {
          d.rules['t.ghost'] = d.rules['t.ask-curl']!;
        },
        /rule t\.ghost: has tests but is not in the catalog/,
      ],
      [
        'both event and steps',
        (d) => {
          d.rules['t.ask-curl']!.tests.match[0] = { event: {}, steps: [] };
        },
        /rule t\.ask-curl: tests\.match\[0\] needs exactly one of "event" or "steps"/,
      ],
    ];
    for (const [name, mutate, want] of cases) {
      const doc = tinyPack();
      mutate(doc);
      expect(
        codeOf(() => compilePack(doc, 'tiny.json')),
        name,
      ).toMatch(new RegExp(`^rule_tests_invalid: tiny\\.json: ${want.source}`));
    }
  });

  it('hashes cover the rule logic, not its tests', () => {
    const doc = tinyPack();
    doc.policy.rules[0]!.verdict = 'escalate';
    expect(codeOf(() => compilePack(doc, 'tiny.json'))).toMatch(
      /^rule_hash_mismatch: tiny\.json: rule t\.no-deploy: sha256 [0-9a-f]{64} does not match/,
    );
    const again = tinyPack();
    again.rules['t.no-deploy']!.tests.match.push({
      event: { phase: 'call', tool: 'Bash', args: { command: 'deploy prod asia' } },
    });
    expect(() => compilePack(again, 'tiny.json')).not.toThrow();
    expect(ruleContentHash(again.policy.rules[0])).toBe(again.rules['t.no-deploy']!.sha256);
  });

  it('any change to a rule document changes its hash and is refused until the hash is updated', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('reason', 'verdict', 'status', 'description'),
        fc.constantFrom('escalate', 'shadow', 'x', 'deploys to production!'),
        (key, value) => {
          const doc = tinyPack();
          const rule = doc.policy.rules[0]!;
          fc.pre(rule[key] !== value);
          rule[key] = value;
          let code = 'none';
          try {
            compilePack(doc, 'tiny.json');
          } catch (e) {
            code = (e as PackError).code;
          }
          expect(code).toBe('rule_hash_mismatch');
          doc.rules['t.no-deploy']!.sha256 = ruleContentHash(rule);
          try {
            compilePack(doc, 'tiny.json');
          } catch (e) {
            expect((e as PackError).code).not.toBe('rule_hash_mismatch');
          }
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('loads a format-1 pack without tests, and refuses "rules" in one', () => {
    const { rules: _r, ...rest } = tinyPack();
    const p = compilePack({ ...rest, pack_format: 1 }, 'old.json');
    expect(p.meta.rules['t.no-deploy']).toEqual({
      sha256: ruleContentHash(rest.policy.rules[0]),
      tests: null,
    });
    expect(codeOf(() => compilePack({ ...tinyPack(), pack_format: 1 }, 'old.json'))).toMatch(
      /^pack_invalid: .*needs pack_format 2/,
    );
  });

  it('any value in place of an example is accepted as an event or refused with a coded error', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        const doc = tinyPack();
        doc.rules['t.ask-curl']!.tests.match[1] = v as object;
        try {
          compilePack(doc, 'fc.json');
        } catch (e) {
          expect(e).toBeInstanceOf(PackError);
          expect((e as PackError).message).toContain('rule t.ask-curl');
        }
      }),
      { numRuns: FC_RUNS },
    );
  });
});

describe('runPackTests', () => {
  it('passes builtin:coding-agent: every example of every rule, and its policy tests', async () => {
    const r = await runPackTests(loadPack('builtin:coding-agent'));
    const failing = r.rules.flatMap((x) =>
      x.examples.filter((e) => !e.passed).map((e) => `${x.id} ${e.kind}[${e.index}]: ${e.got}`),
    );
    expect(failing).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.rules.every((x) => x.status === 'passed')).toBe(true);
    expect(r.totals.examples).toBeGreaterThanOrEqual(25 * 10);
    expect(r.policy_tests).toEqual({ total: 8, failures: [] });
  }, 60_000);

  it('fails a wrong example, naming the rule, the example and what happened', async () => {
    const doc = tinyPack();
    doc.rules['t.no-deploy']!.tests.no_match[3] = {
      name: 'sneaky',
      event: { phase: 'call', tool: 'Bash', args: { command: 'deploy prod --force' } },
    };
    doc.rules['t.ask-curl']!.tests.match[4] = {
      event: { phase: 'call', tool: 'Bash', args: { command: 'curl ftp://x.test' } },
    };
    const r = await runPackTests(compilePack(doc, 'tiny.json'));
    expect(r.ok).toBe(false);
    expect(r.totals).toEqual({ rules: 2, examples: 20, passed: 18, failed: 2, failing_rules: 2 });
    const [deploy, curl] = r.rules;
    expect(deploy?.status).toBe('failed');
    expect(deploy?.examples.filter((e) => !e.passed)).toEqual([
      {
        kind: 'no_match',
        index: 3,
        name: 'sneaky',
        passed: false,
        expected: 't.no-deploy does not fire',
        got: 't.no-deploy fired (block: deploys to production); decision block by t.no-deploy',
        decision: { verdict: 'block', rule: 't.no-deploy' },
      },
    ]);
    expect(curl?.examples.find((e) => !e.passed)).toMatchObject({
      kind: 'match',
      index: 4,
      expected: 't.ask-curl fires (escalate)',
      got: 't.ask-curl did not fire (no rule fired); decision allow by no rule',
    });
  });

  it("a match needs the rule's own verdict; other rules firing on a no_match is fine", async () => {
    const doc = tinyPack();
    doc.policy.rules.push({
      id: 't.any-deploy',
      verdict: 'escalate',
      when: { field: 'args.command', prefix: 'deploy' },
      reason: 'any deploy',
    });
    (doc.catalog as string[]).push('t.any-deploy');
    doc.rules['t.any-deploy'] = {
      sha256: ruleContentHash(doc.policy.rules[2]),
      tests: structuredClone(doc.rules['t.no-deploy']!.tests),
    };
    const t = doc.rules['t.any-deploy'].tests;
    t.match = ['deploy staging', 'deploy dev', 'deploy preview', 'deploy prod', 'deploy x'].map(
      (command) => ({ event: { phase: 'call', tool: 'Bash', args: { command } } }),
    );
    t.no_match = ['echo deploy', 'npm test', 'ls', 'git push', 'make'].map((command) => ({
      event: { phase: 'call', tool: 'Bash', args: { command } },
    }));
    const r = await runPackTests(compilePack(doc, 'tiny.json'));
    expect(r.ok).toBe(true);
  });

  it('reports a format-1 pack as untested, a quarantined rule as failed, a disabled one as skipped', async () => {
    const { rules: _r, ...rest } = tinyPack();
    const old = await runPackTests(compilePack({ ...rest, pack_format: 1 }, 'old.json'));
    expect(old.ok).toBe(false);
    expect(old.rules.map((x) => x.status)).toEqual(['untested', 'untested']);

    const doc = tinyPack();
    doc.policy.rules[1] = { ...doc.policy.rules[1], when: { field: 'args.command', regex: '(' } };
    doc.rules['t.ask-curl']!.sha256 = ruleContentHash(doc.policy.rules[1]);
    doc.policy.rules[0] = { ...doc.policy.rules[0], status: 'disabled' };
    doc.rules['t.no-deploy']!.sha256 = ruleContentHash(doc.policy.rules[0]);
    const r = await runPackTests(compilePack(doc, 'tiny.json'));
    expect(r.rules.map((x) => [x.id, x.status])).toEqual([
      ['t.no-deploy', 'disabled'],
      ['t.ask-curl', 'quarantined'],
    ]);
    expect(r.ok).toBe(false);
    expect(r.rules[1]?.note).toMatch(/did not compile/);
  });

  it('runs a built-in pack document straight from BUILTIN_PACKS', () => {
    expect(compilePack(BUILTIN_PACKS['coding-agent'], 'builtin').meta.name).toBe('coding-agent');
  });
});
