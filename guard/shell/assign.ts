// Shell variables a script assigns (bash manual §3.4): plain and declared assignments, `read`, `for`
// loops, `printf -v`, `unset`, recorded in walk order for the static expansion of later words.
import type { Field, ShellEnv } from './expand.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const READ_VALUE_OPTS = new Set(['-p', '-d', '-n', '-N', '-t', '-u', '-a', '-i']);

/**
 * Records `name=text` (null: only the run knows). Under a branch the assignment may not happen,
 * so the value is kept only as a guess, and a second, different guess leaves it unknown. `certain`
 * false keeps a text that still names the run's variables (`$HOME/`) as a guess too.
 */
export function assign(
  env: ShellEnv,
  name: string,
  text: string | null,
  tainted: boolean,
  branch: boolean,
  certain = text !== null,
): void {
  if (!NAME.test(name)) return;
  const old = env.get(name);
  if (!branch) {
    env.set(name, { text, certain: certain && text !== null, tainted });
    return;
  }
  const conflict = old !== undefined && old.text !== text;
  env.set(name, {
    text: conflict ? null : text,
    certain: false,
    tainted: tainted || old?.tainted === true,
  });
}

export function unset(env: ShellEnv, name: string): void {
  env.delete(name);
}

/** `for NAME in WORDS`: one literal word is a guess at the value; more leave it unknown. */
export function assignLoop(env: ShellEnv, name: string, values: readonly Field[]): void {
  const [only] = values;
  const text = values.length === 1 && only !== undefined && !only.dynamic ? only.text : null;
  assign(
    env,
    name,
    text,
    values.some((v) => v.tainted),
    true,
  );
}

/** `read [-r] [-p PROMPT] NAME...` from a heredoc or here-string: the first line, split on blanks. */
export function assignFromRead(
  env: ShellEnv,
  argv: readonly string[],
  stdin: string | undefined,
  branch: boolean,
): void {
  const names: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (READ_VALUE_OPTS.has(a)) i++;
    else if (!a.startsWith('-')) names.push(a);
  }
  if (names.length === 0) names.push('REPLY');
  const line = stdin?.split('\n')[0]?.trim();
  const parts = line === undefined ? [] : line.split(/[ \t]+/);
  names.forEach((n, i) => {
    const text =
      line === undefined
        ? null
        : i === names.length - 1
          ? parts.slice(i).join(' ')
          : (parts[i] ?? '');
    assign(env, n, text, false, branch);
  });
}
