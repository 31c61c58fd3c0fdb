// Injected instructions in tool results, table-driven through the coding-agent pack: each order must
// be stopped (blocked or rewritten) and each ordinary text of the same shape must pass untouched
// (docs/guard.md "Injected instructions").
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';
import {
  CHANNEL_ORDERS,
  COMMENT_ORDERS,
  HIDDEN_ORDERS,
  LANGUAGE_ORDERS,
  PARAPHRASED_ORDERS,
  ORDINARY,
  type ResultCase,
} from './injection-cases.js';
import {
  CONTINUED_ORDERS,
  RELAYED_ORDINARY,
  TEMPLATE_ORDERS,
  TOOL_OUTPUT_ORDERS,
} from './injection-cases-relayed.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const decide = (c: ResultCase) =>
  guard.decide({ phase: 'result', tool: c.tool, args: c.args, result: c.result });

const named = (cases: ResultCase[]): [string, ResultCase][] => cases.map((c) => [c.name, c]);

describe('injected orders in tool results are stopped', () => {
  it.each(
    named([
      ...COMMENT_ORDERS,
      ...CHANNEL_ORDERS,
      ...PARAPHRASED_ORDERS,
      ...LANGUAGE_ORDERS,
      ...HIDDEN_ORDERS,
      ...TOOL_OUTPUT_ORDERS,
      ...CONTINUED_ORDERS,
      ...TEMPLATE_ORDERS,
    ]),
  )('%s', async (_, c) => {
    const d = await decide(c);
    expect(d.verdict).not.toBe('allow');
  });
});

describe('ordinary text of the same shapes passes untouched', () => {
  it.each(named([...ORDINARY, ...RELAYED_ORDINARY]))('%s', async (_, c) => {
    const d = await decide(c);
    expect(d.verdict).toBe('allow');
  });
});
