import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compilePolicy, createGuard, GuardError, type Policy } from '../../../guard/index.js';
import { FC_RUNS } from '../../support/env.js';

const bash = (command: string, extra: Record<string, unknown> = {}) => ({
  phase: 'call',
  tool: 'Bash',
  args: { command, ...extra },
});

function policy(rules: unknown[], extra: Record<string, unknown> = {}): Policy {
  return compilePolicy({ format: 1, rules, ...extra });
}

async function decide(p: Policy, event: unknown) {
  return createGuard({ policies: [p] }).decide(event);
}

describe('rule operators', () => {
  const cases: [string, unknown, unknown, boolean][] = [
    ['equals', { field: 'tool', equals: 'Bash' }, bash('ls'), true],
    ['equals miss', { field: 'tool', equals: 'Read' }, bash('ls'), false],
    ['in', { field: 'tool', in: ['Read', 'Bash'] }, bash('ls'), true],
    [
      'glob',
      { field: 'args.path', glob: 'src/**/*.ts' },
      { phase: 'call', tool: 'Read', args: { path: 'src/a/b.ts' } },
      true,
    ],
    [
      'glob single segment',
      { field: 'args.path', glob: 'src/*.ts' },
      { phase: 'call', tool: 'Read', args: { path: 'src/a/b.ts' } },
      false,
    ],
    ['prefix', { field: 'args.command', prefix: ['git '] }, bash('git status'), true],
    [
      'contains over leaves',
      { field: 'args', contains: 'secret' },
      bash('ls', { note: { deep: ['x', 'top secret'] } }),
      true,
    ],
    ['regex', { field: 'args.command', regex: '^ls\\b' }, bash('ls -la'), true],
    [
      'regex case-insensitive',
      { field: 'args.command', regex: '^LS', case_insensitive: true },
      bash('ls'),
      true,
    ],
    ['gt', { field: 'args.n', gt: 5 }, bash('ls', { n: 6 }), true],
    ['lte', { field: 'args.n', lte: 5 }, bash('ls', { n: 6 }), false],
    ['numeric compare ignores strings', { field: 'args.n', gt: 5 }, bash('ls', { n: '9' }), false],
    ['exists', { field: 'args.n', exists: false }, bash('ls'), true],
    [
      'all',
      {
        all: [
          { field: 'tool', equals: 'Bash' },
          { field: 'args.command', prefix: 'rm' },
        ],
      },
      bash('rm x'),
      true,
    ],
    [
      'any',
      {
        any: [
          { field: 'tool', equals: 'Read' },
          { field: 'args.command', prefix: 'rm' },
        ],
      },
      bash('rm x'),
      true,
    ],
    ['not', { not: { field: 'tool', equals: 'Bash' } }, bash('ls'), false],
    ['shell intent', { shell: { intent: ['force_push'] } }, bash('cd x && git push -f'), true],
    ['shell program', { shell: { program: ['curl'] } }, bash('echo $(curl -s x.example)'), true],
    ['detector', { detector: 'git', field: 'args.command' }, bash('git push --force'), true],
  ];
  it.each(cases)('%s', async (_name, when, event, matches) => {
    const d = await decide(policy([{ id: 'r', verdict: 'block', when, reason: 'hit' }]), event);
    expect(d.verdict).toBe(matches ? 'block' : 'allow');
  });

  it('attributes the decision to the field that matched', async () => {
    const p = policy([
      { id: 'r', verdict: 'block', when: { field: 'args', contains: 'boom' }, reason: 'x' },
    ]);
    const d = await decide(p, bash('ls', { opts: { list: ['a', 'boom'] } }));
    expect(d.attributed_to).toBe('args.opts.list.1');
  });
});

describe('precedence, status and modify', () => {
  const rules = [
    { id: 'a-allow', verdict: 'allow', when: { field: 'tool', equals: 'Bash' }, reason: 'a' },
    {
      id: 'b-modify',
      verdict: 'modify',
      when: { field: 'tool', equals: 'Bash' },
      set: { 'args.timeout': 5 },
      reason: 'b',
    },
    {
      id: 'c-escalate',
      verdict: 'escalate',
      when: { field: 'args.command', prefix: 'sudo' },
      reason: 'c',
    },
    {
      id: 'd-block',
      verdict: 'block',
      when: { field: 'args.command', contains: 'rm' },
      reason: 'd',
    },
  ];
  it('BLOCK beats ESCALATE beats MODIFY beats ALLOW whatever the rule order', async () => {
    for (const order of [rules, [...rules].reverse()]) {
      const p = policy(order);
      expect((await decide(p, bash('sudo rm x'))).rule).toBe('d-block');
      expect((await decide(p, bash('sudo ls'))).rule).toBe('c-escalate');
      const m = await decide(p, bash('ls'));
      expect(m.verdict).toBe('modify');
      expect(m.args).toEqual({ command: 'ls', timeout: 5 });
    }
  });

  it('a shadow rule is recorded but never enforced; a disabled rule is not loaded', async () => {
    const p = policy([
      {
        id: 's',
        status: 'shadow',
        verdict: 'block',
        when: { field: 'tool', equals: 'Bash' },
        reason: 's',
      },
      {
        id: 'x',
        status: 'disabled',
        verdict: 'block',
        when: { field: 'tool', equals: 'Bash' },
        reason: 'x',
      },
    ]);
    expect(p.rules.map((r) => r.id)).toEqual(['s']);
    const d = await decide(p, bash('ls'));
    expect(d).toMatchObject({ verdict: 'allow', rule: 's', shadow: true });
    expect(d.reason).toContain('would block');
  });

  it('a modify rule without set or a rewriting detector is refused at load', () => {
    const p = policy([
      { id: 'm', verdict: 'modify', when: { field: 'tool', equals: 'Bash' }, reason: 'm' },
    ]);
    expect(p.rules).toHaveLength(0);
    expect(p.quarantined[0]?.message).toMatch(/modify rule needs/);
  });

  it('phase and tool scoping', async () => {
    const p = policy([
      {
        id: 'r',
        verdict: 'block',
        phase: 'result',
        tools: ['Web*'],
        when: { field: 'tool', exists: true },
        reason: 'r',
      },
    ]);
    expect((await decide(p, bash('ls'))).verdict).toBe('allow');
    expect(
      (await decide(p, { phase: 'result', tool: 'WebFetch', args: {}, result: 'x' })).verdict,
    ).toBe('block');
  });
});

describe('validation and quarantine', () => {
  const bad: [string, unknown, RegExp][] = [
    ['unknown operator', { field: 'tool', like: 'x' }, /exactly one operator/],
    ['two operators', { field: 'tool', equals: 'a', prefix: 'b' }, /exactly one operator/],
    ['bad field path', { field: 'env.HOME', equals: 'x' }, /not a field path/],
    ['object in equals', { field: 'tool', equals: { a: 1 } }, /string, number/],
    ['unknown intent', { shell: { intent: ['format_c'] } }, /unknown intent/],
    ['unknown detector', { detector: 'psychic' }, /unknown detector/],
    ['bad detector params', { detector: 'secrets', params: { mode: 'loud' } }, /must be one of/],
    [
      'unknown detector param',
      { detector: 'egress', params: { allowlist: [] } },
      /unknown parameter/,
    ],
    ['backreference (not RE2)', { field: 'tool', regex: '(a)\\1' }, /invalid RE2 regex/],
    ['lookahead (not RE2)', { field: 'tool', regex: '(?=a)' }, /invalid RE2 regex/],
    ['NaN compare', { field: 'args.n', gt: 'x' }, /finite number/],
    ['empty all', { all: [] }, /non-empty list/],
  ];
  it.each(bad)('%s is quarantined with its path', (_name, when, message) => {
    const p = policy([
      { id: 'good', verdict: 'block', when: { field: 'tool', equals: 'x' }, reason: 'g' },
      { id: 'bad', verdict: 'block', when, reason: 'b' },
    ]);
    expect(p.rules.map((r) => r.id)).toEqual(['good']);
    expect(p.quarantined).toHaveLength(1);
    expect(p.quarantined[0]).toMatchObject({ index: 1, id: 'bad', code: 'rule_invalid' });
    expect(p.quarantined[0]?.message).toMatch(message);
    expect(p.quarantined[0]?.message).toMatch(/^rules\[1\]/);
  });

  it('a duplicate id is quarantined, the first kept', () => {
    const r = { id: 'dup', verdict: 'block', when: { field: 'tool', equals: 'x' }, reason: 'x' };
    const p = policy([r, r]);
    expect(p.rules).toHaveLength(1);
    expect(p.quarantined[0]?.message).toMatch(/duplicate/);
  });

  it('policy-level errors throw coded errors; a newer format is refused', () => {
    expect(() => compilePolicy({ format: 1 })).toThrow(GuardError);
    expect(() => compilePolicy({ format: 2, rules: [] })).toThrow(/newer/);
    expect(() => compilePolicy({ format: 1, rules: [], extra: 1 })).toThrow(/unknown key/);
    expect(() => compilePolicy('rules')).toThrow(/JSON object/);
  });

  it('reload keeps the last good policies when the new ones fail their own tests', async () => {
    const good = policy(
      [{ id: 'r', verdict: 'block', when: { field: 'args.command', prefix: 'rm' }, reason: 'r' }],
      {
        tests: [{ event: bash('rm x'), expect: 'block', rule: 'r' }],
      },
    );
    const broken = policy(
      [{ id: 'r', verdict: 'allow', when: { field: 'args.command', prefix: 'rm' }, reason: 'r' }],
      {
        tests: [{ event: bash('rm x'), expect: 'block' }],
      },
    );
    const g = createGuard({ policies: [good] });
    const res = await g.reload([broken]);
    expect(res.ok).toBe(false);
    expect(res.failures[0]).toMatchObject({ expected: 'block', got: 'allow by r' });
    expect(g.policies()).toEqual([good]);
    expect((await g.decide(bash('rm x'))).verdict).toBe('block');
    expect((await g.reload([good])).ok).toBe(true);
  });
});

describe('the evaluator under attack', () => {
  it('a catastrophic-backtracking regex runs in linear time (RE2) on a long input', async () => {
    const p = policy([
      { id: 'r', verdict: 'block', when: { field: 'args.command', regex: '^(a+)+$' }, reason: 'r' },
    ]);
    const d = await decide(p, bash(`echo ${'a'.repeat(5000)}b`));
    expect(d.verdict).toBe('allow');
    const big = await decide(p, {
      phase: 'result',
      tool: 'x',
      args: { command: `${'a'.repeat(2_000_000)}!` },
    });
    expect(big.verdict).toBe('allow');
  });

  it('a regex too costly to compile is refused (nested counted repetition)', () => {
    const p = policy([
      {
        id: 'r',
        verdict: 'block',
        when: { field: 'tool', regex: '((a{100}){100}){100}' },
        reason: 'r',
      },
    ]);
    expect(p.rules).toHaveLength(0);
    expect(p.quarantined[0]?.message).toMatch(/regex/);
  });

  it('deeply nested conditions are refused without exhausting the stack', () => {
    let when: unknown = { field: 'tool', equals: 'x' };
    for (let i = 0; i < 50_000; i++) when = { not: when };
    const p = policy([{ id: 'deep', verdict: 'block', when, reason: 'r' }]);
    expect(p.quarantined[0]?.message).toMatch(/nested deeper/);
  });

  it('a rule with too many conditions, or a policy with too many rules, is bounded', () => {
    const wide = { any: Array.from({ length: 5000 }, () => ({ field: 'tool', equals: 'x' })) };
    expect(
      policy([{ id: 'w', verdict: 'block', when: wide, reason: 'r' }]).quarantined[0]?.message,
    ).toMatch(/more than 1000 conditions/);
    const many = Array.from({ length: 5001 }, (_, i) => ({
      id: `r${i}`,
      verdict: 'block',
      when: { field: 'tool', equals: 'x' },
      reason: 'r',
    }));
    expect(() => policy(many)).toThrow(/at most 5000 rules/);
  });

  it('a huge or deeply nested event escalates instead of being evaluated', async () => {
    const p = policy([]);
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = [deep];
    expect(await decide(p, bash('ls', { deep }))).toMatchObject({
      verdict: 'escalate',
      rule: 'guard.event-too-large',
    });
    const wide = Object.fromEntries(Array.from({ length: 100_001 }, (_, i) => [`k${i}`, i]));
    expect((await decide(p, { phase: 'call', tool: 'x', args: wide })).verdict).toBe('escalate');
  });

  it('hostile regexes stay linear on their adversarial inputs; backtracking-only syntax is refused', async () => {
    const cases: [string, string][] = [
      ['(a*)*b', 'a'.repeat(100_000)],
      ['(a|aa)+$', `${'a'.repeat(100_000)}!`],
      ['(x+x+)+y', 'x'.repeat(100_000)],
      ['^(\\w+\\s?)*$', `${'word '.repeat(20_000)}!`],
      ['(.*a){20}', `${'a'.repeat(19)}${'b'.repeat(50_000)}`],
    ];
    for (const [re, input] of cases) {
      const p = policy([
        { id: 'r', verdict: 'block', when: { field: 'args.a', regex: re }, reason: 'r' },
      ]);
      expect(p.rules, re).toHaveLength(1);
      const d = await decide(p, { phase: 'call', tool: 'x', args: { a: input } });
      expect(['allow', 'escalate'], re).toContain(d.verdict);
    }
    for (const re of ['(a)\\1', '(?=a)b', '(?<=a)b', '(?!a)b', 'a{1001}', '[z-a]', '(']) {
      const p = policy([
        { id: 'r', verdict: 'block', when: { field: 'tool', regex: re }, reason: 'r' },
      ]);
      expect(p.rules, re).toHaveLength(0);
      expect(p.quarantined[0]?.code, re).toBe('rule_invalid');
    }
  });

  it('a malformed or costly glob is quarantined with a coded error, never thrown raw', () => {
    for (const g of ['[[:alpha:]]x', '[z-a]', '[^]]', '*a'.repeat(33), '**/'.repeat(40)]) {
      const p = policy([
        { id: 'g', verdict: 'block', when: { field: 'tool', glob: g }, reason: 'r' },
      ]);
      expect(p.rules, g).toHaveLength(0);
      expect(p.quarantined[0]?.code, g).toBe('rule_invalid');
      expect(p.quarantined[0]?.message, g).toMatch(/glob/);
    }
    const ok = policy([
      { id: 'g', verdict: 'block', when: { field: 'tool', glob: '*a'.repeat(32) }, reason: 'r' },
    ]);
    expect(ok.rules).toHaveLength(1);
  });

  it('a pattern too costly for a huge value escalates instead of running for seconds', async () => {
    const p = policy([
      {
        id: 'big',
        verdict: 'block',
        when: { field: 'args.a', regex: '(?:a|b|c|d)x{1000}' },
        reason: 'r',
      },
      {
        id: 'glob',
        verdict: 'block',
        when: { field: 'args.b', glob: '*a'.repeat(32) },
        reason: 'r',
      },
    ]);
    const huge = 'ab'.repeat(1_000_000);
    const d = await createGuard({ policies: [p] }).evaluate({
      phase: 'call',
      tool: 'x',
      args: { a: huge, b: huge },
    });
    expect(d.decision.verdict).toBe('escalate');
    expect(d.hits.map((h) => [h.rule, h.verdict]).sort()).toEqual([
      ['big', 'escalate'],
      ['glob', 'escalate'],
    ]);
    expect(d.hits[0]?.reason).toMatch(/too long for this pattern/);
    // the same rules over ordinary values are evaluated as usual
    const small = await decide(p, {
      phase: 'call',
      tool: 'x',
      args: { a: `c${'x'.repeat(1000)}`, b: 'ba' },
    });
    expect(small.verdict).toBe('block');
  });

  it('nesting is evaluated up to the bound and refused one past it', async () => {
    const nest = (n: number) => {
      let when: unknown = { field: 'tool', equals: 'x' };
      for (let i = 0; i < n; i++) when = i % 2 === 0 ? { not: when } : { all: [when] };
      return when;
    };
    const at = policy([{ id: 'n', verdict: 'block', when: nest(32), reason: 'r' }]);
    expect(at.rules).toHaveLength(1);
    // 32 levels: 16 `not`s cancel out, so the rule matches tool x
    expect((await decide(at, { phase: 'call', tool: 'x', args: {} })).verdict).toBe('block');
    expect((await decide(at, { phase: 'call', tool: 'y', args: {} })).verdict).toBe('allow');
    const past = policy([{ id: 'n', verdict: 'block', when: nest(33), reason: 'r' }]);
    expect(past.quarantined[0]?.message).toMatch(/nested deeper/);
    const list = Array.from({ length: 10_001 }, (_, i) => `v${i}`);
    for (const op of ['in', 'contains', 'prefix', 'glob'])
      expect(
        policy([{ id: 'l', verdict: 'block', when: { field: 'tool', [op]: list }, reason: 'r' }])
          .quarantined[0]?.code,
        op,
      ).toBe('rule_invalid');
  });

  it('random regex and glob sources load or quarantine, and never throw out of a decision', async () => {
    const token = fc.constantFrom(
      'a',
      '.',
      '*',
      '+',
      '?',
      '|',
      '(',
      ')',
      '[',
      ']',
      '^',
      '$',
      '\\',
      '{2}',
      '{1,}',
      '(?i)',
      '\\d',
      '-',
      '/',
      '**',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(token, { minLength: 1, maxLength: 24 }),
        fc.boolean(),
        fc.string({ maxLength: 200 }),
        async (parts, glob, input) => {
          const src = parts.join('');
          let p: Policy;
          try {
            p = policy([
              {
                id: 'r',
                verdict: 'block',
                when: { field: 'args.a', [glob ? 'glob' : 'regex']: src },
                reason: 'r',
              },
            ]);
          } catch (e) {
            expect(e).toBeInstanceOf(GuardError);
            return;
          }
          expect(p.rules.length + p.quarantined.length).toBe(1);
          const d = await decide(p, { phase: 'call', tool: 'x', args: { a: input } });
          expect(['allow', 'block']).toContain(d.verdict);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('random rule documents never crash the loader (only coded errors or quarantine)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (when) => {
        try {
          const p = policy([{ id: 'r', verdict: 'block', when, reason: 'r' }]);
          expect(p.rules.length + p.quarantined.length).toBe(1);
        } catch (e) {
          expect(e).toBeInstanceOf(GuardError);
        }
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('random events always get exactly one decision with a known verdict', async () => {
    const g = createGuard({
      policies: [
        policy([{ id: 'r', verdict: 'block', when: { field: 'args', regex: 'rm' }, reason: 'r' }]),
      ],
    });
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 5 }), async (event) => {
        const d = await g.decide(event);
        expect(['allow', 'block', 'modify', 'escalate']).toContain(d.verdict);
        expect(typeof d.shadow).toBe('boolean');
      }),
      { numRuns: FC_RUNS },
    );
  });
});
