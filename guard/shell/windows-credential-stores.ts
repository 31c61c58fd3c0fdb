// Windows stores that hold every local account's secrets: the registry hives (SAM, SECURITY and the
// SYSTEM hive whose boot key decrypts them), the domain controller's ntds.dit and LSASS's memory.
// Copying any of them out is credential access whatever the destination (docs/guard.md "Detectors").
import type { ShellCommand } from './model.js';

// an unquoted key loses its backslashes to a POSIX shell (`HKLM\SAM` reads `HKLMSAM`)
const HIVE =
  /^(?:HKLM|HKEY_LOCAL_MACHINE)[\\/]?(?:SAM|SECURITY|SYSTEM)(?:[\\/]|$)|^(?:HKLMSAM|HKLMSECURITY|HKLMSYSTEM)$/i;
const NTDS = /ntds\.dit$|(?:^|[\\/])config[\\/]?(?:SAM|SECURITY|SYSTEM)$/i;
/** NTDS on a word as the shell left it, in quotes or not. */
const NTDS_WORD = /(?:ntds\.dit|(?:^["']?|[\\/])config[\\/]?(?:SAM|SECURITY|SYSTEM))["']?$/i;

/** Why this command copies a Windows credential store, or null. */
export function windowsCredentialStore(cmd: Pick<ShellCommand, 'name' | 'argv'>): string | null {
  const name = cmd.name.toLowerCase().replace(/\.exe$/, '');
  const args = cmd.argv.slice(1);
  const sub = (args[0] ?? '').toLowerCase();
  if (name === 'reg' && (sub === 'save' || sub === 'export') && HIVE.test(args[1] ?? ''))
    return `reg ${sub} ${args[1] ?? ''}`;
  if (
    name === 'ntdsutil' ||
    name === 'mimikatz' ||
    name === 'pypykatz' ||
    name === 'secretsdump.py'
  )
    return `${name} reads credential stores`;
  if (name !== 'ls' && name !== 'dir' && args.some((a) => NTDS_WORD.test(a)))
    return `${name} copies ${args.find((a) => NTDS.test(a)) ?? 'a hive'}`;
  // LSASS is named in the words of any dump of it: other commands need no line of their own
  if (name !== 'rundll32' && !cmd.argv.some((a) => /lsass/i.test(a))) return null;
  const line = cmd.argv.join(' ');
  if (
    /\blsass\b/i.test(line) &&
    (name === 'procdump' || name === 'procdump64' || /-ma\b/i.test(line))
  )
    return `${name} dumps lsass`;
  if (name === 'rundll32' && /comsvcs(?:\.dll)?[,\s]+#?(?:MiniDump|24)\b/i.test(line))
    return 'rundll32 comsvcs MiniDump';
  return null;
}
