import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadShellParser, type ShellParser } from '../../../guard/shell/parser.js';
import { readdirSync, readFileSync } from 'node:fs';
import { analyzeShell, plainCommand } from '../../../guard/shell/analyze/index.js';
import { unquote } from '../../../guard/shell/words.js';
import { FC_RUNS } from '../../support/env.js';

let parser: ShellParser;
beforeAll(async () => {
  parser = await loadShellParser();
});

const argvs = (s: string) => analyzeShell(parser, s).commands.map((c) => c.argv.join(' '));

describe('shell analysis', () => {
  it('splits pipes, chains, lists and subshells into simple commands', () => {
    expect(argvs('a x | b y && (c; d) || e')).toEqual(['a x', 'b y', 'c', 'd', 'e']);
    const a = analyzeShell(parser, 'curl -s x | tee f | sh');
    expect(a.commands.map((c) => [c.name, c.stage, c.stages])).toEqual([
      ['curl', 0, 3],
      ['tee', 1, 3],
      ['sh', 2, 3],
    ]);
  });

  it('peels wrappers: sudo, env, xargs, nohup, timeout, nice, command', () => {
    const [c] = analyzeShell(
      parser,
      'sudo -u bob env A=1 nohup timeout 5 nice -n 3 rm -rf x',
    ).commands;
    expect(c?.argv).toEqual(['rm', '-rf', 'x']);
    expect(c?.wrappers).toEqual(['sudo', 'env', 'nohup', 'timeout', 'nice']);
    expect(argvs('find . | xargs -n1 rm -f')).toEqual(['find .', 'rm -f .']);
  });

  it('re-parses sh -c, bash -c, eval bodies and heredocs fed to shells', () => {
    expect(argvs(`sh -c 'rm -rf ~; git push -f'`)).toContain('rm -rf ~');
    expect(argvs(`eval "git push --force"`)).toContain('git push --force');
    expect(argvs('bash <<EOF\nrm -rf /\nEOF\n')).toContain('rm -rf /');
    expect(argvs(`bash -c "bash -c 'id'"`)).toContain('id');
  });

  it('records code given to interpreters (flags and heredocs)', () => {
    expect(analyzeShell(parser, `python3 -c 'print(1)'`).scripts).toEqual([
      { interpreter: 'python', code: 'print(1)', hits: [] },
    ]);
    expect(
      analyzeShell(parser, "node - <<'JS'\nconsole.log(1)\nJS\n").scripts[0]?.interpreter,
    ).toBe('node');
  });

  it('walks command and process substitutions and find -exec', () => {
    const a = analyzeShell(parser, 'echo "$(curl -s x)" <(wget y) `id`');
    expect(
      a.commands
        .filter((c) => c.substitution)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['curl', 'id', 'wget']);
    expect(argvs('find / -name x -exec rm -rf {} \\;')).toContain('rm -rf /');
  });

  it('keeps redirections as file writes', () => {
    const [c] = analyzeShell(parser, 'echo x >> ~/.bashrc 2>&1').commands;
    expect(c?.redirects).toEqual([
      { op: '>>', target: '~/.bashrc' },
      { op: '>&', target: '1' },
    ]);
  });

  it('removes quoting the way bash does', () => {
    expect(unquote(`r''m`)).toBe('rm');
    expect(unquote(`"$HOME"/x`)).toBe('$HOME/x');
    expect(unquote(`$'\\x72\\x6d'`)).toBe('rm');
    expect(unquote('\\rm')).toBe('rm');
    expect(unquote(`"a \\"b\\" \\$c"`)).toBe('a "b" $c');
  });

  it('escalates what it cannot read: parse errors and every bound', () => {
    expect(analyzeShell(parser, 'echo "open').status).toBe('parse_error');
    expect(analyzeShell(parser, `echo ${'a'.repeat(16 * 1024)}`).status).toBe('too_large');
    expect(analyzeShell(parser, `echo ${'é'.repeat(8200)}`).status).toBe('too_large');
    expect(analyzeShell(parser, `echo${' a'.repeat(4096)}`).status).toBe('too_many_args');
    expect(analyzeShell(parser, `echo${' a'.repeat(4000)}`).status).toBe('ok');
    expect(analyzeShell(parser, `${'echo $('.repeat(100)}ls${')'.repeat(100)}`).status).toBe(
      'too_deep',
    );
    expect(analyzeShell(parser, `ls${' | cat'.repeat(100)}`).status).toBe('too_complex');
    let nested = 'ls';
    for (let i = 0; i < 8; i++) nested = `sh -c '${nested.replace(/'/g, `'\\''`)}'`;
    expect(['too_deep', 'over_budget']).toContain(analyzeShell(parser, nested).status);
  });

  it('never throws on arbitrary text and always reports a status', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        const a = analyzeShell(parser, s);
        expect([
          'ok',
          'parse_error',
          'too_large',
          'too_many_args',
          'too_deep',
          'too_complex',
          'over_budget',
        ]).toContain(a.status);
      }),
      { numRuns: FC_RUNS },
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'ls',
            '|',
            '&&',
            ';',
            '$(',
            ')',
            '"',
            "'",
            'sh -c',
            '<<EOF\n',
            'EOF\n',
            ' ',
            'rm -rf ~',
            '`',
          ),
          { maxLength: 60 },
        ),
        (parts) => {
          expect(analyzeShell(parser, parts.join(' ')).status).toBeTypeOf('string');
        },
      ),
      { numRuns: FC_RUNS },
    );
  });
});

describe('plain commands skip the parser', () => {
  const corpusCommands = (): string[] =>
    readdirSync('test-vectors/guard')
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(`test-vectors/guard/${f}`, 'utf8').trim().split('\n'))
      .map(
        (l) => (JSON.parse(l) as { event: { args?: { command?: unknown } } }).event.args?.command,
      )
      .filter((c): c is string => typeof c === 'string');

  // A leading newline is not plain, so the same script goes through tree-sitter.
  const same = (s: string): void => {
    expect(analyzeShell(parser, s)).toEqual(analyzeShell(parser, `\n${s}`));
  };

  it('reads every plain corpus command as the grammar does', () => {
    const plain = corpusCommands().filter((c) => plainCommand(c) !== null);
    expect(plain.length).toBeGreaterThan(100);
    for (const c of plain) same(c);
  });

  it('leaves words the grammar reads otherwise to the parser', () => {
    for (const s of ['X=1 rm -rf /', 'export A=b', 'time rm x', 'a  b', 'ls ~', 'echo $x', 'a;b'])
      expect(plainCommand(s)).toBeNull();
    expect(plainCommand('git push origin main')).toEqual(['git', 'push', 'origin', 'main']);
  });

  it('agrees with the grammar on generated plain words', () => {
    const ch = fc.constantFrom(
      ...'aZ09_./:@%+,-='.split(''),
      'rm',
      'sh',
      'bash',
      'eval',
      'if',
      'a=b',
    );
    const word = fc.array(ch, { minLength: 1, maxLength: 6 }).map((a) => a.join(''));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (ws) => {
        const s = ws.join(' ');
        if (plainCommand(s) !== null) same(s);
      }),
      { numRuns: FC_RUNS },
    );
  });
});
