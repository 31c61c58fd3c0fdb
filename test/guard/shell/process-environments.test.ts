// Other processes' environments hold their keys: read through a loop over /proc (also into a
// redirect), a pid from pgrep or ps, the slot xargs fills, or PowerShell's process objects. Other
// files of /proc and process listings stay routine.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule();

const READS = [
  String.raw`for p in /proc/[0-9]*; do tr '\0' '\n' < $p/environ 2>/dev/null; done | grep -Ei 'token|secret' | sort -u`,
  `for d in /proc/*; do strings "$d/environ"; done`,
  'for p in /proc/[0-9]*/; do xargs -0 -L1 -a ${p}environ; done',
  'for pid in $(pgrep node); do cat /proc/$pid/environ; done',
  'ps -eo pid= | while read pid; do cat /proc/$pid/environ; done',
  'pgrep python | xargs -I{} cat /proc/{}/environ',
  `ps aux | awk '{print $2}' | xargs -I % sh -c 'cat /proc/%/environ'`,
  `powershell -c 'Get-Process | % { $_.StartInfo.EnvironmentVariables }'`,
  `pwsh -Command "Get-Process node | ForEach-Object { \\$_.StartInfo.Environment['API_KEY'] }"`,
];
const ROUTINE = [
  'for p in /proc/[0-9]*; do cat $p/cmdline; echo; done',
  'for p in /proc/[0-9]*; do grep VmRSS $p/status; done',
  'pgrep node | xargs -I{} cat /proc/{}/status',
  'cat /proc/cpuinfo',
  'ps aux | grep node',
  `pwsh -c 'Get-Process | Sort-Object CPU -Descending | Select-Object -First 5'`,
  `pwsh -c 'Get-Process node | % { $_.StartInfo.FileName }'`,
];

describe("other processes' environments", () => {
  it.each(READS)('%s is a credential read', async (c) => {
    expect(await rule(c)).toBe('ca.credential-read');
  });
  it.each(ROUTINE)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
});
