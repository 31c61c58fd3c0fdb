import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compileGlob,
  deferredGlob,
  globToRegex,
  plainGlobBound,
} from '../../../guard/rules/glob.js';
import { DEFAULT_RULE_LIMITS } from '../../../guard/rules/limits.js';
import { RuleError } from '../../../guard/errors.js';
import { FC_RUNS } from '../../support/env.js';
import { RE2JS } from 're2js';

const size = (glob: string): number => RE2JS.compile(globToRegex(glob)).programSize();

/** Every BMP character but the surrogates, in globs of 512 with a wildcard between each run. */
function bmpGlobs(): string[] {
  const out: string[] = [];
  let run = '';
  for (let c = 0; c < 0x10000; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    const ch = String.fromCharCode(c);
    if (ch === '[') continue;
    run += ch;
    if (run.length === 512) {
      out.push(`${run.slice(0, 256)}*${run.slice(256, 400)}**${run.slice(400)}?`);
      run = '';
    }
  }
  out.push(run);
  return out;
}

describe('plainGlobBound', () => {
  it('every glob it bounds compiles in RE2JS within the bound', () => {
    const unit = fc.constantFrom(
      ...Array.from('ab_/.*?\\+(){}|^$-\n\0é'),
      '\u2028',
      '\uffff',
      'ſ',
      'K',
      '**',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (parts) => {
        const g = parts.join('');
        const bound = plainGlobBound(g);
        expect(bound).not.toBeNull();
        expect(size(g)).toBeLessThanOrEqual(bound ?? 0);
      }),
      { numRuns: FC_RUNS * 20 },
    );
  });

  it('every BMP character outside the surrogates compiles as a literal, within the bound', () => {
    for (const g of bmpGlobs()) expect(size(g)).toBeLessThanOrEqual(plainGlobBound(g) ?? 0);
  });

  it('leaves classes and surrogates to the compiler', () => {
    expect(plainGlobBound('mcp__[ab]*')).toBeNull();
    expect(plainGlobBound('x😀*')).toBeNull();
    expect(plainGlobBound('mcp__*__run_code')).toBe(2 * 'mcp__*__run_code'.length + 8);
  });
});

describe('deferredGlob', () => {
  const refusal = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(RuleError);
      return (e as Error).message;
    }
    return 'accepted';
  };

  it('refuses at load exactly what compileGlob refuses, with the same reason', () => {
    const tight = { ...DEFAULT_RULE_LIMITS, maxRegexProgram: 30, maxGlobWildcards: 3 };
    const cases = [
      '*'.repeat(1) + 'a*b*c*d',
      'a?b?c?d?',
      'abcdefghijklmnopqrstuvwxyz0123456789',
      'short*',
      '[z-a]*',
      '[ab]x',
      'x😀?',
      '',
    ];
    for (const limits of [DEFAULT_RULE_LIMITS, tight])
      for (const g of cases) {
        const want = refusal(() => compileGlob(g, limits));
        expect(refusal(() => deferredGlob(g, limits))).toBe(want);
      }
    expect(refusal(() => deferredGlob('a*'.repeat(33)))).toMatch(/33 wildcards/);
  });

  it('matches as the glob compiled at once does', () => {
    const glob = fc
      .array(fc.constantFrom('a', 'b', '/', '.', '*', '**', '?', '\n', '😀', '[ab]'), {
        maxLength: 8,
      })
      .map((a) => a.join(''));
    const name = fc
      .array(fc.constantFrom('a', 'b', '/', '.', '\n', '😀'), { maxLength: 10 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(glob, name, (g, s) => {
        expect(deferredGlob(g)().testExact(s)).toBe(compileGlob(g).testExact(s));
      }),
      { numRuns: FC_RUNS * 10 },
    );
  });

  it('compiles a plain glob once, on first use', () => {
    const re = deferredGlob('mcp__*__run_code');
    expect(re()).toBe(re());
    expect(re().testExact('mcp__kernel__run_code')).toBe(true);
  });
});
