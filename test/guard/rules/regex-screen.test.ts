import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { plainRegexBound } from '../../../guard/rules/regex-screen.js';
import { compilePolicy, createGuard } from '../../../guard/index.js';
import { FC_RUNS } from '../../support/env.js';

const atom = fc.oneof(
  fc.constantFrom('a', 'Z', '0', '-', '/', '=', ' ', 'é', 'k', '.', '\\s', '\\S', '\\d', '\\w'),
  fc.constantFrom('\\.', '\\-', '\\(', '\\$', '\\\\', '\\{', '\\n', '[a-z]', '[^/]', '[\\s\\-]'),
);
const piece = fc.tuple(atom, fc.constantFrom('', '*', '+', '?', '*?', '+?')).map(([a, q]) => a + q);
const position = fc.constantFrom('^', '$', '\\b', '\\B');
/** Plain patterns by construction: sequences, groups and alternations of the subset. */
const plain: fc.Arbitrary<string> = fc.letrec((tie) => ({
  seq: fc.array(fc.oneof(piece, position, tie('group')), { maxLength: 6 }).map((xs) => xs.join('')),
  group: fc
    .tuple(
      fc.constantFrom('(', '(?:'),
      fc.array(tie('seq'), { minLength: 1, maxLength: 3 }),
      fc.constantFrom('', '?', '*', '+'),
    )
    .map(([open, alts, q]) => `${open}${(alts as string[]).join('|')})${q}`),
})).seq;

describe('plainRegexBound', () => {
  it('every pattern it accepts compiles in RE2JS within the bound, case-insensitive too', () => {
    fc.assert(
      fc.property(plain, fc.boolean(), (p, ci) => {
        const bound = plainRegexBound(p);
        expect(bound).not.toBeNull();
        const re = RE2JS.compile(p, ci ? RE2JS.CASE_INSENSITIVE : 0);
        expect(re.programSize()).toBeLessThanOrEqual(bound ?? 0);
      }),
      { numRuns: FC_RUNS * 5 },
    );
  });

  it('any string it accepts compiles (random text, not only the grammar)', () => {
    fc.assert(
      fc.property(
        fc.string({
          maxLength: 24,
          unit: fc.constantFrom(...Array.from('ab(|)?*+.[]^$\\-:{}sbS')),
        }),
        (p) => {
          const bound = plainRegexBound(p);
          if (bound === null) return;
          expect(RE2JS.compile(p).programSize()).toBeLessThanOrEqual(bound);
        },
      ),
      { numRuns: FC_RUNS * 20 },
    );
  });

  it.each([
    ['lookahead', '(?=a)'],
    ['backreference', '(a)\\1'],
    ['counted repetition', 'a{2,3}'],
    ['named group', '(?P<x>a)'],
    ['flags', '(?i)a'],
    ['nested repetition', 'a**'],
    ['repeat of nothing', '*a'],
    ['repeat of a position', '^*'],
    ['open group', '(a'],
    ['stray close', 'a)'],
    ['posix class', '[[:alpha:]]'],
    ['reversed range', '[z-a]'],
    ['unicode class', '\\pL'],
    ['empty class', '[]a]'],
  ])('%s is left to the full compiler', (_name, p) => {
    expect(plainRegexBound(p)).toBeNull();
  });

  it('a rule with a plain regex loads without compiling it and matches as before', async () => {
    const policy = compilePolicy({
      format: 1,
      rules: [
        {
          id: 'lazy',
          verdict: 'block',
          reason: 'r',
          when: { field: 'args.command', regex: '--danger\\b' },
        },
        {
          id: 'eager',
          verdict: 'block',
          reason: 'r',
          when: { field: 'args.command', regex: 'x{2}y' },
        },
      ],
    });
    expect(policy.quarantined).toEqual([]);
    const guard = createGuard({ policies: [policy] });
    expect(
      (await guard.decide({ phase: 'call', tool: 'T', args: { command: 'run --danger now' } }))
        .rule,
    ).toBe('lazy');
    expect((await guard.decide({ phase: 'call', tool: 'T', args: { command: 'xxy' } })).rule).toBe(
      'eager',
    );
    expect(
      (await guard.decide({ phase: 'call', tool: 'T', args: { command: 'run --dangerous' } }))
        .verdict,
    ).toBe('allow');
  });

  it('a pattern outside the subset is still refused at load', () => {
    const policy = compilePolicy({
      format: 1,
      rules: [
        { id: 'bad', verdict: 'block', reason: 'r', when: { field: 'tool', regex: '(?=a)' } },
      ],
    });
    expect(policy.quarantined[0]?.message).toMatch(/invalid RE2 regex/);
  });
});
