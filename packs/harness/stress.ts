// Stress cases: inputs at and past the bounds, which must be decided quickly and never allowed blindly.
import type { Verdict } from '../../guard/index.js';

export interface StressCase {
  name: string;
  event: unknown;
  /** Verdicts acceptable for this case. */
  expect: Verdict[];
}

const bash = (command: string): unknown => ({ phase: 'call', tool: 'Bash', args: { command } });

export function stressCases(): StressCase[] {
  return [
    {
      name: '100 KB command',
      event: bash(`echo ${'a'.repeat(100 * 1024)}`),
      expect: ['escalate', 'block'],
    },
    {
      name: '1,000 pipes',
      event: bash(`cat log.txt${' | grep -v x'.repeat(1000)}`),
      expect: ['escalate', 'block'],
    },
    {
      name: '60 pipes',
      event: bash(`cat log.txt${' | grep -v x'.repeat(60)}`),
      expect: ['allow'],
    },
    {
      name: '4,097 arguments',
      event: bash(`echo${' a'.repeat(4097)}`),
      expect: ['escalate', 'block'],
    },
    {
      name: 'deep $() nesting',
      event: bash(`${'echo $('.repeat(400)}ls${')'.repeat(400)}`),
      expect: ['escalate', 'block'],
    },
    {
      name: 'deep subshell nesting',
      event: bash(`${'('.repeat(1000)}ls${')'.repeat(1000)}`),
      expect: ['escalate', 'block'],
    },
    { name: 'nested sh -c', event: bash(nestedShC(8)), expect: ['escalate', 'block'] },
    {
      name: '100 KB result',
      event: {
        phase: 'result',
        tool: 'WebFetch',
        args: { url: 'https://docs.example' },
        result: 'lorem ipsum dolor sit amet\n'.repeat(4_000),
      },
      expect: ['allow'],
    },
    {
      name: 'wide args object',
      event: {
        phase: 'call',
        tool: 'mcp__db__query',
        args: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, `value ${i}`])),
      },
      expect: ['allow'],
    },
  ];
}

function nestedShC(depth: number): string {
  let cmd = 'ls';
  for (let i = 0; i < depth; i++) cmd = `sh -c '${cmd.replace(/'/g, `'\\''`)}'`;
  return cmd;
}
