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

/**
 * Compiles a glob, refusing (with a coded RuleError, so the rule is quarantined) one that is not a
 * valid pattern or could make matching costly: too many wildcards or too large an RE2 program.
 * This value is attacker-controlled (a pack author wrote it).
 */
export function compileGlob(
  glob: string,
  limits: Pick<
    typeof DEFAULT_RULE_LIMITS,
    'maxGlobWildcards' | 'maxRegexProgram'
  > = DEFAULT_RULE_LIMITS,
): RE2JS {
  const shown = JSON.stringify(glob.slice(0, 60));
  const wild = glob.match(/\*+|\?|\[/g)?.length ?? 0;
  if (wild > limits.maxGlobWildcards)
    throw new RuleError(
      null,
      `glob ${shown} has ${wild} wildcards (at most ${limits.maxGlobWildcards})`,
    );
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
