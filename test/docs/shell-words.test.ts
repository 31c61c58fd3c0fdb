// The docs suite finds `mesh` command lines with shell-words.ts and markdown-blocks.ts: if they
// missed commands, the docs checks would pass on nothing, so their splitting is checked here.
import { describe, expect, it } from 'vitest';
import { codeBlocks, inlineCode } from './markdown-blocks.js';
import { meshCommands, simpleCommands } from './shell-words.js';

describe('simpleCommands', () => {
  it('joins continuations, drops comments, assignments, redirections and here-documents', () => {
    const script = [
      'A=1 mesh dap submit --task "task/client.json" \\',
      "  --measurement '[0,1]' > out.txt 2>&1   # a comment",
      'for r in a b; do mesh keys new --role "$r" --out "keys/$r.key"; done',
      "cat > c.json <<'JSON'",
      '{ "mesh": "not a command" }',
      'JSON',
      "X=$(mesh keys show k | awk '/^public/ {print $2}') && npx mesh demo &",
      'mesh a || mesh b | mesh c; mesh d',
    ].join('\n');
    expect(simpleCommands(script)).toEqual([
      ['mesh', 'dap', 'submit', '--task', 'task/client.json', '--measurement', '[0,1]'],
      ['for', 'r', 'in', 'a', 'b'],
      ['mesh', 'keys', 'new', '--role', '$r', '--out', 'keys/$r.key'],
      ['done'],
      ['cat'],
      ['npx', 'mesh', 'demo'],
      ['mesh', 'a'],
      ['mesh', 'b'],
      ['mesh', 'c'],
      ['mesh', 'd'],
    ]);
    expect(meshCommands(script)).toEqual([
      ['dap', 'submit', '--task', 'task/client.json', '--measurement', '[0,1]'],
      ['keys', 'new', '--role', '$r', '--out', 'keys/$r.key'],
      ['demo'],
      ['a'],
      ['b'],
      ['c'],
      ['d'],
    ]);
  });
});

describe('codeBlocks', () => {
  it('reads each fence, its language, its line and the run mark before it', () => {
    const md = [
      '# t',
      '<!-- docs-test: run -->',
      '',
      '```sh',
      'mesh doctor',
      '```',
      'text `mesh pack new F` more',
      '````',
      '```json',
      '{}',
      '```',
      '````',
    ].join('\n');
    expect(codeBlocks(md)).toEqual([
      { lang: 'sh', text: 'mesh doctor\n', line: 4, mark: 'run' },
      { lang: '', text: '```json\n{}\n```\n', line: 8, mark: undefined },
    ]);
    expect(inlineCode(md)).toEqual(['mesh pack new F']);
  });
});
