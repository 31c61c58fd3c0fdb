// Windows credential stores copied out from code handed to `cmd /c` or `pwsh -Command` (docs/guard.md
// "Interpreter code"): each statement read as the shell reads a command (LSASS dumped through
// comsvcs or procdump, `reg save HKLM\SAM`, ntds.dit copied from a shadow copy, ntdsutil, mimikatz),
// and PowerShell's own dumpers (`Out-Minidump`, `Invoke-Mimikatz`, a MiniDumpWriteDump call).
import type { IntentHit } from '../shell/intents.js';
import { windowsCredentialStore } from '../shell/windows-credential-stores.js';
import { codeStages } from './windows-recovery.js';

/** One cheap test first: code naming none of these dumps nothing (most code handed to a shell). */
const NAMES = /lsass|comsvcs|ntds|mimikatz|minidump|sekurlsa|lsadump|\breg(?:\.exe)?\s|katz/i;
const PS_DUMPERS =
  /\b(?:Out-Minidump|Invoke-Mimikatz|Invoke-NinjaCopy|Get-PassHashes|MiniDumpWriteDump)\b|\b(?:sekurlsa|lsadump)::/i;

export function windowsCredentialDumps(code: string): IntentHit[] {
  if (!NAMES.test(code)) return [];
  const hits: IntentHit[] = [];
  if (PS_DUMPERS.test(code))
    hits.push({ intent: 'credential_read', detail: 'code dumps Windows credentials' });
  for (const { words } of codeStages(code)) {
    const first = words[0]?.replace(/^&$/, '') === '' ? words.slice(1) : words;
    const name = (first[0] ?? '').replace(/^.*[\\/]/, '');
    const why = windowsCredentialStore({ name, argv: first });
    if (why !== null) hits.push({ intent: 'credential_read', detail: why });
  }
  return hits;
}
