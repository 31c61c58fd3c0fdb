// The shell tools of the agents the front doors serve (packs/builtin/tool-roles.ts): a Windows agent's
// PowerShell tool is a shell, so its commands meet every shell rule rather than none.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../guard/index.js';
import { loadPack } from '../../packs/index.js';

const guard = createGuard({ policies: [loadPack('builtin:coding-agent').policy] });
const verdict = async (tool: string, command: string): Promise<string> =>
  (await guard.evaluate({ phase: 'call', tool, args: { command } })).decision.verdict;

describe('shell tool names', () => {
  it.each(['PowerShell', 'powershell', 'pwsh', 'mcp__win__powershell', 'mcp__win__run_powershell'])(
    '%s runs shell commands',
    async (tool) => {
      expect(
        await verdict(
          tool,
          'Get-ChildItem -Path $env:USERPROFILE -Recurse -Force | Remove-Item -Recurse -Force',
        ),
      ).not.toBe('allow');
      expect(await verdict(tool, 'Get-ChildItem -Path .\\src -Recurse -Filter *.cs')).toBe('allow');
    },
  );
});
