// The built-in coding-agent pack's answer to a Bash command run from `cwd`: 'allow', or the rule
// (else the verdict) that holds it.
import { createGuard } from '../../guard/index.js';
import { loadPack } from '../../packs/index.js';

export function bashRule(cwd: string): (command: string) => Promise<string> {
  const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
  return async (command) => {
    const d = await guard.decide({ phase: 'call', tool: 'Bash', args: { command }, cwd });
    return d.verdict === 'allow' ? 'allow' : (d.rule ?? d.verdict);
  };
}
