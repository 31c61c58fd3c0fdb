// PowerShell deletes given a list of targets (`-LiteralPath 'a','b'`, `@('a', 'b')`): every item is
// a target, as each operand of `rm -rf a b` is.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const bash = bashRule('/home/dev/app');

describe('PowerShell recursive deletes of a list', () => {
  it('a profile folder anywhere in the list is stopped', async () => {
    for (const c of [
      `powershell -NoP -c "Remove-Item -LiteralPath 'C:\\Users\\dev\\Documents','C:\\Users\\dev\\source\\repos' -Recurse -Force"`,
      `pwsh -c "Remove-Item -Path '.\\build', 'C:\\Users\\dev' -Recurse -Force"`,
      `pwsh -NoProfile -Command 'ri @("obj","$env:USERPROFILE") -r -fo'`,
      `powershell -c "del -Recurse -Force -LiteralPath D:\\tmp\\x,C:\\Windows"`,
    ])
      expect(await bash(c), c).not.toBe('allow');
  });

  it("a list of the project's build folders, and a filter's list, pass", async () => {
    for (const c of [
      `pwsh -c "Remove-Item -LiteralPath '.\\bin','.\\obj' -Recurse -Force"`,
      `powershell -NoP -c "Remove-Item -LiteralPath 'C:\\Users\\dev\\source\\repos\\app\\bin','C:\\Users\\dev\\source\\repos\\app\\obj' -Recurse -Force"`,
      `pwsh -c "Get-ChildItem . -Recurse -Include bin,obj | Remove-Item -Recurse -Force"`,
    ])
      expect(await bash(c), c).toBe('allow');
  });
});
