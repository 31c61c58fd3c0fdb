// Glob patterns (`*`, `**`, `?`, `[abc]`) compiled to RE2, so matching is linear in the input.
import { RE2JS } from 're2js';
import { RuleError } from '../errors.js';
import { DEFAULT_RULE_LIMITS } from './limits.js';

function escape(c: string): string {
  return /[\\^$.|?*+()[\]{}]/.test(c) ? `\\${c}` : c;
}

/** `*` stays within one path segment, `**` crosses segments; the whole string must match. */
export function globToRegex(glob: string): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] ?? '';
    if (c === '*') {
      if (glob[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^/]*';
    } else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) out += '\\[';
      else {
        const body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
        out += body.startsWith('!') ? `[^${body.slice(1)}]` : `[${body}]`;
        i = end;
      }
    } else out += escape(c);
  }
  return `^(?s:${out})$`;
}

type GlobLimits = Pick<typeof DEFAULT_RULE_LIMITS, 'maxGlobWildcards' | 'maxRegexProgram'>;

function checkWildcards(glob: string, limits: GlobLimits): void {
  const wild = glob.match(/\*+|\?|\[/g)?.length ?? 0;
  if (wild > limits.maxGlobWildcards)
    throw new RuleError(
      null,
      `glob ${JSON.stringify(glob.slice(0, 60))} has ${wild} wildcards (at most ${limits.maxGlobWildcards})`,
    );
}

/**
 * Compiles a glob, refusing (with a coded RuleError, so the rule is quarantined) one that is not a
 * valid pattern or could make matching costly: too many wildcards or too large an RE2 program.
 * This value is attacker-controlled (a pack author wrote it).
 */
export function compileGlob(glob: string, limits: GlobLimits = DEFAULT_RULE_LIMITS): RE2JS {
  const shown = JSON.stringify(glob.slice(0, 60));
  checkWildcards(glob, limits);
  let re: RE2JS;
  try {
    re = RE2JS.compile(globToRegex(glob));
  } catch (e) {
    throw new RuleError(null, `invalid glob ${shown}: ${(e as Error).message.slice(0, 200)}`);
  }
  if (re.programSize() > limits.maxRegexProgram)
    throw new RuleError(null, `glob ${shown} too costly (program size ${re.programSize()})`);
  return re;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The RE2 program bound of a glob of literals, `*`, `**` and `?` (no class, no surrogate): each glob
 * character becomes at most two instructions past a fixed prologue, and every such glob compiles
 * (test/guard/rules/glob.test.ts checks both against RE2JS). Null for any other glob.
 */
export function plainGlobBound(glob: string): number | null {
  return glob.includes('[') || SURROGATE.test(glob) ? null : 2 * glob.length + 8;
}

/**
 * A glob accepted or refused now, as compileGlob does, but compiled at its first use when no
 * compile is needed to accept it (plainGlobBound under the limit): a hook process compiles its
 * packs on every call, and most of a pack's globs never meet the call (docs/guard.md "Hook
 * start-up"). The same globs are refused either way. Should a plain glob still fail to compile, its
 * first use throws a RuleError and the engine escalates that rule (fail closed).
 *
 * @throws {RuleError} for a glob compileGlob refuses
 * @example
 * const re = deferredGlob('mcp__*__run_code');
 * re().testExact('mcp__kernel__run_code'); // true
 */
export function deferredGlob(glob: string, limits: GlobLimits = DEFAULT_RULE_LIMITS): () => RE2JS {
  const bound = plainGlobBound(glob);
  if (bound === null || bound > limits.maxRegexProgram) {
    const re = compileGlob(glob, limits);
    return () => re;
  }
  checkWildcards(glob, limits);
  let re: RE2JS | undefined;
  return () => (re ??= compileGlob(glob, limits));
}
