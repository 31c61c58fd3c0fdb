import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BoundedMemo } from '../../../guard/flow/bounded-memo.js';
import { compileGlob } from '../../../guard/rules/glob.js';
import { toolMatcher } from '../../../guard/rules/tool-match.js';
import { wildcardMatch, wildcardTokens } from '../../../guard/rules/wildcard.js';
import { FC_RUNS } from '../../support/env.js';

const text = (alphabet: string[], max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...alphabet), { maxLength: max }).map((a) => a.join(''));

describe('tool globs without RE2', () => {
  it('match exactly what the RE2 glob matches', () => {
    const glob = text(['a', 'b', '_', '/', '.', '*', '*', '?', '\n', '\\', '+', '(', 'é'], 8);
    const name = text(['a', 'b', '_', '/', '.', '\n', '\\', '+', '(', 'é', '😀'], 10);
    fc.assert(
      fc.property(glob, name, (g, s) => {
        const t = wildcardTokens(g);
        expect(t).not.toBeNull();
        const fast = t === null ? null : wildcardMatch(t, s);
        if (fast !== null) expect(fast).toBe(compileGlob(g).testExact(s));
        else expect(s).toMatch(/[\uD800-\uDFFF]/);
      }),
      { numRuns: FC_RUNS * 20 },
    );
  });

  it('leave classes and surrogates to RE2, and still match them', () => {
    expect(wildcardTokens('mcp__[ab]*')).toBeNull();
    expect(wildcardTokens('x😀*')).toBeNull();
    const m = toolMatcher(['mcp__[ab]*', 'x😀?', 'Read', 'mcp__*fetch*']);
    expect(m('mcp__a_read')).toBe(true);
    expect(m('mcp__c_read')).toBe(false);
    expect(m('x😀😀')).toBe(true);
    expect(m('Read')).toBe(true);
    expect(m('mcp__web__fetch_url')).toBe(true);
    expect(m('mcp__web/x__fetch')).toBe(false);
  });
});

describe('bounded memo', () => {
  it('keeps at most its capacity, starting afresh when a new key finds it full', () => {
    const memo = new BoundedMemo<string, number>(3);
    for (const [i, k] of ['a', 'b', 'c'].entries()) memo.set(k, i);
    memo.set('a', 9);
    expect(memo.size).toBe(3);
    expect(memo.get('a')).toBe(9);
    memo.set('d', 4);
    expect(memo.size).toBe(1);
    expect(memo.get('a')).toBeUndefined();
    expect(memo.get('d')).toBe(4);
  });
});
