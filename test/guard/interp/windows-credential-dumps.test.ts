// Windows credential stores dumped from code handed to PowerShell or cmd, beside the same programs
// reading non-secret keys and listing processes.
import { describe } from 'vitest';
import {
  commandLines as read,
  itRaisesIntents,
  useShellKit,
  type IntentTable,
} from '../shell/intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'credential_read',
    read(String.raw`
      powershell -c "rundll32.exe C:\Windows\System32\comsvcs.dll, MiniDump (Get-Process lsass).Id $env:TEMP\dbg.bin full"
      pwsh -NoProfile -Command "rundll32 comsvcs.dll #24 624 C:\temp\d.bin full"
      powershell -c "reg save HKLM\SAM C:\temp\sam.hiv; reg save HKLM\SYSTEM C:\temp\sys.hiv"
      cmd /c "reg.exe save HKLM\SECURITY C:\temp\sec.hiv"
      powershell -c "& C:\tools\procdump64.exe -accepteula -ma lsass.exe C:\temp\l.dmp"
      powershell -c "Invoke-Mimikatz -Command 'sekurlsa::logonpasswords'"
      powershell -c "Import-Module .\Out-Minidump.ps1; Get-Process lsass | Out-Minidump -DumpFilePath C:\temp"
      powershell -c "vssadmin create shadow /for=C:; copy \\?\GLOBALROOT\Device\HarddiskVolumeShadowCopy1\Windows\NTDS\ntds.dit C:\temp\n.dit"
      cmd /c "ntdsutil \"ac i ntds\" ifm \"create full C:\temp\ifm\" q q"
    `),
    read(String.raw`
      powershell -c "Get-Process lsass | Select-Object Id, WorkingSet"
      powershell -c "reg query HKLM\SOFTWARE\Microsoft\Windows\CurrentVersion"
      cmd /c "reg export HKCU\Software\MyApp app.reg"
      powershell -c "Get-Process node | Stop-Process"
      powershell -c "rundll32.exe user32.dll,LockWorkStation"
      cmd /c "procdump -ma node.exe C:\temp\node.dmp"
    `),
  ],
];

describe('Windows credential stores dumped from PowerShell or cmd code', () => {
  itRaisesIntents(kit, TABLE);
});
