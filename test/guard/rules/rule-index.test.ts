import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { compilePolicy, createGuard, type Policy } from '../../../guard/index.js';
import { DEFAULT_RULE_LIMITS } from '../../../guard/rules/limits.js';
import { conditionNeeds, foldAscii, regexLiterals } from '../../../guard/rules/needs.js';
import { RuleIndex } from '../../../guard/rules/rule-index.js';
import type { CompiledRule } from '../../../guard/rules/rule.js';
import { makeContext } from '../../../guard/pass-context.js';
import { parseEvent } from '../../../guard/event.js';
import { NO_SESSION, SessionTable } from '../../../guard/session.js';
import { DEFAULT_SHELL_LIMITS } from '../../../guard/shell/model.js';
import { loadShellParser, type ShellParser } from '../../../guard/shell/parser.js';
import { FC_RUNS } from '../../support/env.js';

const flat = (p: Policy): Policy => ({ ...p, rules: p.rules.map((r) => ({ ...r, needs: null })) });

describe('necessary literals of a regex', () => {
  it('reads the longest required run and gives up where a branch has none', () => {
    expect(regexLiterals('rm\\s+-rf')).toEqual(['-rf']);
    expect(regexLiterals('\\bterraform\\s+destroy')).toEqual(['terraform']);
    expect(regexLiterals('curl|wget')).toEqual(['curl', 'wget']);
    expect(regexLiterals('(?i)DROP\\s+TABLE')).toEqual(['table']);
    expect(regexLiterals('abcd?e')).toEqual(['abc']);
    expect(regexLiterals('ab+cd')).toEqual(['bcd']);
    expect(regexLiterals('a|bc')).toBeNull();
    expect(regexLiterals('[a-z]+')).toBeNull();
    expect(regexLiterals('\\x41BC')).toBeNull();
    // groups a match passes through once need what their body needs; lookarounds need nothing
    expect(regexLiterals('(?<![a-z])(ghp_[A-Za-z0-9]{36})(?![a-z])')).toEqual(['ghp_']);
    expect(regexLiterals('\\b((?:AKIA|ASIA)[A-Z2-7]{16})\\b')).toEqual(['akia', 'asia']);
    expect(regexLiterals('(?:token|pw)=(\\w+)')).toEqual(['token=', 'pw=']);
    expect(regexLiterals('(?:token|p)=(\\w+)')).toBeNull();
    expect(regexLiterals('(?:sk|rk)_(?:live|test)_[0-9]')).toEqual([
      'sk_live_',
      'sk_test_',
      'rk_live_',
      'rk_test_',
    ]);
    expect(regexLiterals('(?:abc)?def')).toEqual(['def']);
    expect(regexLiterals('(?=secret)\\w+')).toBeNull();
    expect(regexLiterals('ABC\\x41')).toEqual(['abc']);
    expect(regexLiterals('(?P<n>abcd)x')).toEqual(['abcdx']);
  });

  const piece = fc.oneof(
    fc.constantFrom('a', 'b', 'rm', '-rf', 'xyz', 'de', '\\.', '\\s+', '\\d', '.', '[ab]'),
    fc.constantFrom('(ab|cd)', '(?:xy)?', 'q*', 'r?', 'st+', 'u{2}', 'v{0,2}', '^', '$'),
    fc.constantFrom('(?:xyz)', '(rm|-rf)+', '(?:de(?:xyz|abd))', '(?:rm){0,2}', '(abc)'),
  );
  const regex = fc
    .array(fc.array(piece, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 })
    .map((bs) => bs.map((b) => b.join('')).join('|'));
  const text = fc
    .array(
      fc.constantFrom(
        'a',
        'b',
        'r',
        'm',
        '-',
        'f',
        'x',
        'y',
        'z',
        'd',
        'e',
        'A',
        'R',
        ' ',
        '.',
        '1',
        's',
        't',
        'u',
        'v',
        'q',
        'c',
      ),
      {
        maxLength: 24,
      },
    )
    .map((cs) => cs.join(''));

  it('never leaves out a regex that matches (property)', () => {
    fc.assert(
      fc.property(regex, text, fc.boolean(), (src, s, ci) => {
        const lits = regexLiterals(src);
        if (lits === null) return;
        const re = RE2JS.compile(src, ci ? RE2JS.CASE_INSENSITIVE : 0);
        if (re.test(s)) expect(lits.some((l) => foldAscii(s).includes(l))).toBe(true);
      }),
      { numRuns: FC_RUNS * 5 },
    );
  });

  it('files compound conditions under the most selective key', () => {
    const n = conditionNeeds({
      all: [{ field: 'args.command', contains: 'destroy' }, { shell: { program: ['terraform'] } }],
    });
    expect(n).toMatchObject({ kind: 'shell', keys: ['program:terraform'] });
    expect(conditionNeeds({ not: { field: 'tool', equals: 'Bash' } })).toBeNull();
    expect(
      conditionNeeds({
        any: [
          { field: 'tool', equals: 'Bash' },
          { field: 'args.command', contains: 'x' },
        ],
      }),
    ).toBeNull();
  });
});

describe('the rule index', () => {
  // non-ASCII text (naïve, the long s that folds onto s) meets the index's string trigram keys
  const words = [
    'git',
    'npm',
    'curl',
    'terraform',
    'rm',
    'destroy',
    'push',
    'evil.test',
    'DROP',
    'naïve-run',
    'ſecret',
  ];
  const condition = fc.oneof(
    fc.constantFrom(...words).map((w) => ({ field: 'args.command', contains: w })),
    fc.constantFrom(...words).map((w) => ({ field: 'args.command', regex: `(?i)\\b${w}\\b` })),
    fc.constantFrom(...words).map((w) => ({ shell: { program: [w] } })),
    fc.constantFrom('Bash', 'Read', 'mcp__db__query').map((t) => ({ field: 'tool', equals: t })),
    fc.constantFrom(...words).map((w) => ({ field: 'args', contains: w })),
    fc.constant({ shell: { intent: ['destructive_delete', 'network'] } }),
    fc.constantFrom(...words).map((w) => ({ not: { field: 'args.command', prefix: w } })),
    // bare detector conditions are filed under their detector's probe
    fc.constantFrom(
      { detector: 'sql', field: 'args.sql' },
      { detector: 'sql' },
      {
        detector: 'destructive',
        field: 'args.command',
        params: { intents: ['destructive_delete'] },
      },
    ),
  );
  const rule = fc.record({
    cond: fc.oneof(
      condition,
      fc.array(condition, { minLength: 1, maxLength: 3 }).map((all) => ({ all })),
      fc.array(condition, { minLength: 1, maxLength: 3 }).map((any) => ({ any })),
    ),
    tools: fc.option(fc.constantFrom(['Bash'], ['mcp__*'], ['Read', 'Bash']), { nil: undefined }),
    verdict: fc.constantFrom('block', 'escalate', 'allow'),
  });
  const command = fc
    .array(fc.constantFrom(...words, 'ls', '-rf', '/', '~', '|', 'sh', '&&', 'x=1;', 'TABLE t;'), {
      minLength: 1,
      maxLength: 8,
    })
    .map((ws) => ws.join(' '));
  const event = fc.record({
    phase: fc.constantFrom('call', 'result'),
    tool: fc.constantFrom('Bash', 'Read', 'mcp__db__query'),
    args: fc.record({ command: command, sql: command }),
  });

  it('decides exactly as evaluating every rule (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rule, { minLength: 1, maxLength: 12 }),
        fc.array(event, { minLength: 1, maxLength: 6 }),
        async (rs, events) => {
          const p = compilePolicy({
            format: 1,
            rules: rs.map((r, i) => ({
              id: `r${i}`,
              verdict: r.verdict,
              reason: `rule ${i}`,
              when: r.cond,
              ...(r.tools === undefined ? {} : { tools: r.tools }),
            })),
          });
          const indexed = createGuard({ policies: [p] });
          const linear = createGuard({ policies: [flat(p)] });
          for (const e of events) {
            const a = await indexed.evaluate(e);
            const b = await linear.evaluate(e);
            expect(a.hits).toEqual(b.hits);
            expect(a.decision).toEqual(b.decision);
          }
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('accepts 5,000 rules and refuses a larger policy', () => {
    const rules = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `r${i}`,
        verdict: 'block',
        reason: 'x',
        when: { field: 'args.command', contains: `needle-${i}` },
      }));
    const p = compilePolicy({ format: 1, rules: rules(5000) });
    expect(p.rules).toHaveLength(5000);
    expect(() => compilePolicy({ format: 1, rules: rules(5001) })).toThrow(/at most 5000 rules/);
  });

  it('quarantines rules past the policy-wide condition budget', () => {
    const deep = { all: Array.from({ length: 9 }, () => ({ field: 'tool', equals: 'Bash' })) };
    const p = compilePolicy(
      {
        format: 1,
        rules: Array.from({ length: 30 }, (_, i) => ({
          id: `r${i}`,
          verdict: 'block',
          reason: 'x',
          when: deep,
        })),
      },
      { limits: { ...DEFAULT_RULE_LIMITS, maxPolicyConditionNodes: 100 } },
    );
    expect(p.rules).toHaveLength(10);
    expect(p.quarantined[0]?.message).toMatch(/would hold more than 100 conditions/);
  });

  describe('sibling literals of an all', () => {
    let parser: ShellParser;
    beforeAll(async () => {
      parser = await loadShellParser();
    });
    // the key child (a program, a tool, a literal) and literal siblings of the same or another field
    const key = fc.oneof(
      fc.constantFrom(...words).map((w) => ({ shell: { program: [w] } })),
      fc.constantFrom('Bash', 'mcp__db__query').map((t) => ({ field: 'tool', equals: t })),
      fc.constantFrom(...words).map((w) => ({ field: 'args.command', contains: w })),
    );
    const sibling = fc.oneof(
      fc.constantFrom(...words).map((w) => ({ field: 'args.command', contains: w })),
      fc.constantFrom(...words).map((w) => ({ field: 'args.sql', regex: `(?i)${w}\\b` })),
      fc.constantFrom(...words).map((w) => ({ field: 'args.command', glob: `*${w}*` })),
      fc
        .array(fc.constantFrom(...words), { minLength: 2, maxLength: 3 })
        .map((ws) => ({ any: ws.map((w) => ({ field: 'args.sql', contains: w })) })),
    );
    const allRule = fc.tuple(key, fc.array(sibling, { minLength: 1, maxLength: 3 }));
    const withoutAlso = (r: CompiledRule): CompiledRule => {
      if (r.needs === null || r.needs === undefined) return r;
      const { also: _also, ...needs } = r.needs;
      return { ...r, needs };
    };

    it('skips a rule for absent sibling literals only when it would not have matched (property)', () => {
      let skipped = 0;
      fc.assert(
        fc.property(
          fc.array(allRule, { minLength: 1, maxLength: 10 }),
          fc.array(event, { minLength: 1, maxLength: 6 }),
          (rs, events) => {
            const p = compilePolicy({
              format: 1,
              rules: rs.map(([k, sib], i) => ({
                id: `r${i}`,
                verdict: 'block',
                reason: `rule ${i}`,
                when: { all: [k, ...sib] },
              })),
            });
            expect(p.quarantined).toEqual([]);
            const withSiblings = new RuleIndex(p.rules);
            const keyOnly = new RuleIndex(p.rules.map(withoutAlso));
            const parts = {
              shell: { current: () => parser, load: () => Promise.resolve(parser) },
              sessions: new SessionTable(),
              shellLimits: DEFAULT_SHELL_LIMITS,
            };
            for (const e of events) {
              const ctx = makeContext(parseEvent(e), parts, NO_SESSION);
              const kept = new Set(withSiblings.candidates(ctx));
              const left = keyOnly.candidates(ctx).filter((i) => !kept.has(i));
              // the sibling check only removes: every rule it keeps the key alone selects too
              expect([...kept].every((i) => keyOnly.candidates(ctx).includes(i))).toBe(true);
              for (const i of left) {
                skipped++;
                expect(p.rules[i]?.when(ctx), `r${i}`).toBeNull();
              }
            }
          },
        ),
        { numRuns: FC_RUNS },
      );
      // the property saw rules the siblings left out, not only rules they kept
      expect(skipped).toBeGreaterThan(FC_RUNS / 2);
    });
  });
});
