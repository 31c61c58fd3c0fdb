// The built-in coding-agent pack's answer to a tool call (run from `cwd`, when given): 'allow', or
// the rule (else the verdict) that holds it.
import { createGuard } from '../../guard/index.js';
import { loadPack } from '../../packs/index.js';

export type CallRule = (tool: string, args: Record<string, unknown>) => Promise<string>;

export function callRule(cwd?: string): CallRule {
  const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
  return async (tool, args) => {
    const call = { phase: 'call', tool, args } as const;
    const d = await guard.decide(cwd === undefined ? call : { ...call, cwd });
    return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
  };
}

export function bashRule(cwd?: string): (command: string) => Promise<string> {
  const rule = callRule(cwd);
  return (command) => rule('Bash', { command });
}
