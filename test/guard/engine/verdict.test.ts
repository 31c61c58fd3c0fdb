import { describe, expect, it } from 'vitest';
import { dispatchVerdict, verdictRank, VERDICTS, type Verdict } from '../../../guard/index.js';

const handlers = {
  allow: () => 'allow',
  modify: () => 'modify',
  escalate: () => 'escalate',
  block: () => 'block',
};

describe('verdict dispatch', () => {
  it('routes each verdict to its own handler', () => {
    for (const v of VERDICTS) expect(dispatchVerdict(v, handlers)).toBe(v);
  });

  it('blocks a verdict outside the closed set (a typo, a future verdict)', () => {
    for (const v of ['ALLOW', 'deny', '', 'kill'])
      expect(dispatchVerdict(v as Verdict, handlers)).toBe('block');
  });

  it('ranks BLOCK over ESCALATE over MODIFY over ALLOW', () => {
    const order = [...VERDICTS].sort((a, b) => verdictRank(a) - verdictRank(b));
    expect(order).toEqual(['allow', 'modify', 'escalate', 'block']);
  });
});
