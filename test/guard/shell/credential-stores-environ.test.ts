// Windows credential stores (hives, ntds.dit, LSASS memory) and other processes' environments:
// each spelling beside the twin a developer really types.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const run = bashRule();

describe('Windows credential stores', () => {
  it('saving a hive, copying ntds.dit or dumping lsass is stopped', async () => {
    for (const c of [
      'reg save HKLM\\SAM C:\\Users\\Public\\sam.hiv /y && reg save HKLM\\SYSTEM C:\\Users\\Public\\sys.hiv /y',
      'reg.exe save "HKEY_LOCAL_MACHINE\\SECURITY" C:\\temp\\sec.save',
      "reg save 'HKLM\\SYSTEM' sys.save",
      'esentutl.exe /y /vss C:\\Windows\\NTDS\\ntds.dit /d C:\\temp\\n.dit',
      'procdump.exe -accepteula -ma lsass.exe C:\\temp\\l.dmp',
      'rundll32.exe C:\\Windows\\System32\\comsvcs.dll, MiniDump 624 C:\\temp\\l.dmp full',
      'ntdsutil "ac i ntds" "ifm" "create full C:\\temp\\ifm" q q',
    ])
      expect(await run(c), c).not.toBe('allow');
  });

  it("querying the registry, exporting the user's own app key or dumping one's own process passes", async () => {
    for (const c of [
      'reg query HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion /v ProgramFilesDir',
      'reg export HKCU\\Software\\MyApp myapp-settings.reg',
      'procdump -ma 4412 C:\\dumps\\myapp.dmp',
    ])
      expect(await run(c), c).toBe('allow');
  });
});

describe("other processes' environments", () => {
  it('reading /proc/<pid>/environ by number, variable or glob, or ps with environments, is stopped', async () => {
    for (const c of [
      "for p in $(pgrep -u \"$USER\"); do tr '\\0' '\\n' < /proc/$p/environ; done | grep AWS_",
      "cat /proc/1/environ | tr '\\0' '\\n'",
      'for pid in $(pgrep node); do strings /proc/${pid}/environ; done',
      "ps eww -u $USER | grep -o 'AWS_[A-Z_]*=[^ ]*'",
      'ps auxe',
    ])
      expect(await run(c), c).not.toBe('allow');
  });

  it('process status, memory and listings pass', async () => {
    for (const c of [
      'ps -ef | grep node',
      'ps aux --sort=-%mem | head',
      'ps -eo pid,etime,cmd | grep vite',
      'cat /proc/$(pgrep -n node)/status | grep VmRSS',
    ])
      expect(await run(c), c).toBe('allow');
  });
});
