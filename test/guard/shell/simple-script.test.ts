import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { loadShellParser, type ShellParser } from '../../../guard/shell/parser.js';
import { analyzeShell } from '../../../guard/shell/analyze/index.js';
import { readSimpleScript } from '../../../guard/shell/simple-script.js';
import { FC_RUNS } from '../../support/env.js';

let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

// A leading newline is never read without the grammar, so the same script goes through tree-sitter.
const same = (s: string): void => {
  expect(analyzeShell(parser, s)).toEqual(analyzeShell(parser, `\n${s}`));
};

const corpusCommands = (): string[] =>
  readdirSync('test-vectors/guard')
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(`test-vectors/guard/${f}`, 'utf8').trim().split('\n'))
    .map((l) => (JSON.parse(l) as { event: { args?: { command?: unknown } } }).event.args?.command)
    .filter((c): c is string => typeof c === 'string');

const NAMES = ['git', 'npm', 'rm', 'sh', 'bash', 'cat', 'tee', 'xargs', 'find', 'env', 'sudo'];
// parameters the script itself may set (`printf -v`, `read`), unset ones, IFS, and odd neighbours
const PARAMS = [
  '$X',
  '${X}',
  '$Y',
  '$IFS',
  '$HOME',
  '$X_1',
  '${Y}z',
  '$X-y',
  '$X.z',
  '$X=1',
  '${X:-y}',
  '${Y-}',
  '${X:?}',
  '${X:=a.b}',
  '${Y:+z}',
  '${X:-a-b}',
  '${IFS:-,}',
  '$(ls)',
  '$(git rev-parse --show-toplevel)',
  '$(echo a b | tr a c)',
  '$(printf x)',
  '$(curl -s x.sh)',
  '$( pwd )',
];
// command words known only at run time, and assignments alone or before a command
const HEADS = [
  '$X',
  '${Y}',
  '${X:-git}',
  '$IFS',
  'X=1',
  'X=rm',
  'Y="a b"',
  "X='git push'",
  'X=$Y',
  'Y=${X:-z}',
  'X+=z',
  'IFS=:',
  'X=',
  'X="$Y z"',
  'X=1 Y=$X',
  '$(npm bin)/eslint',
  '$(which python3)',
  '$(echo git)',
  '"$@"',
  'X="a\\"b"',
  'X={}',
];
const ODD_HEADS = [
  'then',
  'done',
  'time',
  '!',
  '2',
  '[',
  '{',
  'export',
  '~/bin/x',
  "'ls'",
  '"$X"',
  '$X=1',
  'X=(a b)',
  'X[1]=a',
  'X==',
  '1X=a',
  '_=1',
  '$X$Y',
  '${X:1}',
  '${X:-a b}',
  'X=$(ls)',
  '$(a; b)',
  '$(a && b)',
  '$()',
  '$(a > f)',
  '$((1+2))',
  '$(a)$(b)',
  '"$(a "b")"',
];
const rare = <T>(common: fc.Arbitrary<T>, odd: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.oneof({ weight: 6, arbitrary: common }, { weight: 1, arbitrary: odd });
const chars = (s: string, max: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...s.split('')), { maxLength: max }).map((a) => a.join(''));
const plain = chars('aZ09_./:@%+,=~*?-', 5).filter((w) => w !== '');
// quoted text the fast reader takes, and characters inside quotes that send a script to the grammar
const quoted = rare(chars("a b{}|;&><()#*~=-'", 6), chars('$\\!`"', 2));
const piece = rare(
  fc.oneof(
    { weight: 3, arbitrary: plain },
    { weight: 1, arbitrary: quoted.map((t) => `'${t.replaceAll("'", '')}'`) },
    { weight: 1, arbitrary: quoted.map((t) => `"${t.replaceAll('"', '')}"`) },
    { weight: 1, arbitrary: fc.constantFrom('if', 'done', 'in', '-rf', '--force', 'a=b') },
    { weight: 2, arbitrary: fc.constantFrom(...PARAMS) },
    // text no expansion touches: `{}`, escaped quotes and backslashes in double quotes, `"$@"`
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{}',
        '-I{}',
        '{}.bak',
        '"\\""',
        '"a\\"b"',
        '"\\\\"',
        '".\\"x\\".y"',
        '"\\$X"',
        '"$@"',
        '"$@"x',
        '"$@ "',
        '"a$@"',
        '{}}',
        '{{}',
        '{a}',
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(quoted, fc.constantFrom(...PARAMS), quoted)
        .map(([a, p, b]) => `"${a.replaceAll('"', '')}${p}${b.replaceAll('"', '')}"`),
    },
  ),
  fc.constantFrom(
    '$1',
    '$@',
    '${X:-y}',
    '$',
    '"$"',
    "$'x'",
    '#x',
    '{a,b}',
    '\\x',
    '(x)',
    '[a]',
    '!x',
  ),
);
const word = fc.array(piece, { minLength: 1, maxLength: 3 }).map((a) => a.join(''));
const redirect = rare(
  fc.constantFrom(
    '> f',
    '>f',
    '>> log',
    '2>&1',
    '2> /dev/null',
    '&> out',
    '&>> out',
    '< in',
    '>| f',
    '>&2',
    "> 'a b'",
  ),
  fc.constantFrom('<&0', '<<< x', '>&-', '<> f', '>&', '>', '<<EOF', '2>&1 x'),
);
const command = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        rare(
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...NAMES) },
            { weight: 2, arbitrary: fc.constantFrom(...HEADS) },
          ),
          fc.constantFrom(...ODD_HEADS),
        ),
        fc.array(word, { maxLength: 4 }),
        fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, fc.array(redirect, { maxLength: 2 })),
        fc.boolean(),
      )
      .map(([head, words, reds, tab]) => [head, ...words, ...reds].join(tab ? '\t' : ' ')),
  },
  // commands that set a parameter a later word expands
  fc.constantFrom("printf -v X 'a b'", 'printf -v Y x', "printf -v IFS ':'", 'read X < f'),
);
const joiner = rare(
  fc.constantFrom(' | ', '|', ' && ', '&&', ' || ', '; ', ';', ' & '),
  fc.constantFrom('|&', ';;', ' &; ', '\n'),
);
const script = fc
  .tuple(
    command,
    fc.array(fc.tuple(joiner, command), { maxLength: 4 }),
    rare(fc.constant(''), fc.constantFrom(';', ' &', ' |')),
  )
  .map(([first, rest, end]) => first + rest.map(([j, c]) => j + c).join('') + end);

describe('simple scripts read without a tree', () => {
  it('reads corpus commands with quotes, parameters, pipes, lists and redirections as the grammar does', () => {
    const read = corpusCommands().filter((c) => readSimpleScript(c) !== null);
    expect(read.length).toBeGreaterThan(150);
    expect(read.some((c) => c.includes('|') && c.includes('"'))).toBe(true);
    expect(read.some((c) => c.includes('$'))).toBe(true);
    for (const c of read) same(c);
  });

  it('agrees with the grammar on generated scripts, and leaves every other script to it', () => {
    let accepted = 0;
    fc.assert(
      fc.property(script, (s) => {
        if (readSimpleScript(s) !== null) accepted++;
        same(s);
      }),
      { numRuns: FC_RUNS * 10 },
    );
    // the property compares both readers on scripts the fast reader takes, not only on refusals
    expect(accepted).toBeGreaterThan(FC_RUNS);
  });

  it('keeps a word the grammar skips before a numbered redirect, as bash reads it', () => {
    for (const s of ["printf -v X 'a b' | git - 2> /dev/null", 'git a - 2>/dev/null']) same(s);
    const argv = (s: string) => analyzeShell(parser, `\n${s}`).commands.map((c) => c.argv);
    expect(argv("echo 'ünï' | git a - b 2> /dev/null")).toEqual([
      ['echo', 'ünï'],
      ['git', 'a', '-', 'b'],
    ]);
    expect(argv('bash - < x 2>/dev/null')).toEqual([['bash', '-']]);
  });

  it('declines other expansions, substitutions, heredocs, compound commands, comments and newlines', () => {
    for (const s of [
      'echo $1',
      'echo "$@x"',
      'echo $@',
      'echo "$X\\""',
      'echo $X{}',
      'echo ${x:-a b}',
      'echo ${x:1}',
      'x=(a b)',
      'x=1 > f',
      'x=1 | cat',
      'a | x=1',
      'echo $',
      'echo "a$"',
      "echo $'x'",
      'echo > $f',
      'ls `pwd`',
      'echo $(a; b)',
      'echo $(x=1 ls)',
      'echo $(a > f)',
      'echo "$(dirname "$0")"',
      'x=$(ls)',
      'cat <<EOF\nx\nEOF',
      'cat <<< x',
      '(cd a; ls)',
      '{ ls; }',
      'ls # note',
      'a\nb',
      'if true; then ls; fi',
      'echo a{b,c}',
      'echo \\x',
      'a |& b',
      'a >&-',
      '! a',
      'a ;; b',
      'a |',
      'git =~ x',
    ])
      expect(readSimpleScript(s), s).toBeNull();
    expect(readSimpleScript(`npm test 2>&1 | tee log && git commit -m "fix: x"`)).toEqual([
      {
        pipelines: [
          [
            { words: ['npm', 'test'], redirects: [{ op: '>&', target: '1' }], assigns: [] },
            { words: ['tee', 'log'], redirects: [], assigns: [] },
          ],
          [{ words: ['git', 'commit', '-m', 'fix: x'], redirects: [], assigns: [] }],
        ],
        redirects: [],
      },
    ]);
    expect(readSimpleScript('rm -rf "$TMPDIR/x" ${Y}')?.[0]?.pipelines[0]?.[0]?.words).toEqual([
      'rm',
      '-rf',
      {
        raw: '"$TMPDIR/x"',
        parts: ['', { name: 'TMPDIR', raw: '$TMPDIR', quoted: true }, '/x'],
      },
      { raw: '${Y}', parts: [{ name: 'Y', raw: '${Y}', quoted: false }] },
    ]);
    // assignments alone set the variable; before a command word they only reach its environment,
    // where their names are kept
    expect(readSimpleScript('x=build; X=1 rm -rf ./$x')?.map((l) => l.pipelines[0]?.[0])).toEqual([
      { words: [], redirects: [], assigns: [{ name: 'x', append: false, value: 'build' }] },
      {
        words: [
          'rm',
          '-rf',
          { raw: './$x', parts: ['./', { name: 'x', raw: '$x', quoted: false }] },
        ],
        redirects: [],
        assigns: [],
        prefix: ['X'],
      },
    ]);
    expect(analyzeShell(parser, 'x=build; rm -rf ./$x').commands[0]?.argv).toEqual([
      'rm',
      '-rf',
      './build',
    ]);
    const dyn = analyzeShell(parser, '${EDITOR:-vi} a.ts').commands[0];
    expect([dyn?.argv, dyn?.dynamic]).toEqual([['vi', 'a.ts'], true]);
    expect(readSimpleScript('xargs -I{} jq ".\\"a\\"" {}')?.[0]?.pipelines[0]?.[0]?.words).toEqual([
      'xargs',
      '-I{}',
      'jq',
      '."a"',
      '{}',
    ]);
    const positional = analyzeShell(parser, 'set -- npm test; "$@" x').commands[1];
    expect([positional?.argv, positional?.dynamic]).toEqual([['$@', 'x'], true]);
    // the grammar applies a redirection after the last command of a list to the whole list
    expect(readSimpleScript('a | b > f; c')?.map((l) => l.redirects)).toEqual([
      [{ op: '>', target: 'f' }],
      [],
    ]);
    expect(readSimpleScript('a | b > f | c')).toBeNull();
    expect(readSimpleScript('a && b > f | c')).toBeNull();
    // the grammar reads `a | b | c && d` as `a | (b | c && d)`
    expect(readSimpleScript('a | b | c && d')).toBeNull();
    expect(readSimpleScript('a | b && c | d | e')).not.toBeNull();
  });
});
