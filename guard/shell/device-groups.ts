// `sudo usermod -aG dialout $USER`: the developer adding their own account to a group that only
// opens device files (serial ports, USB debuggers, cameras, sound, GPU render nodes, KVM) is
// routine set-up for firmware, embedded and emulator work. A group that grants root or reads
// others' input or logs (`sudo`, `wheel`, `adm`, `docker`, `input`, `disk`, `shadow`, ...), another
// account, or any other option stays `privilege_change` (docs/guard.md "Shell analysis").
import type { ShellCommand } from './model.js';

/** Groups whose members gain access to one kind of device and nothing more. */
const DEVICE_GROUPS = new Set([
  'dialout',
  'uucp',
  'plugdev',
  'video',
  'audio',
  'render',
  'kvm',
  'lp',
]);
/** The caller's own account, as a developer writes it. */
const SELF = /^(?:\$USER|\$\{USER\}|\$LOGNAME|\$\{LOGNAME\}|\$\(whoami\)|\$\(id -un\))$/;

/** `-aG g1,g2` / `-a -G g` / `--append --groups g`: the groups appended, or null. */
function appendedGroups(words: readonly string[]): string[] | null {
  let append = false;
  let groups: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '-a' || w === '--append') append = true;
    else if (w === '-aG' || w === '-G' || w === '--groups') {
      append ||= w === '-aG';
      groups = words[++i];
    } else if (w.startsWith('--groups=')) groups = w.slice(9);
    else rest.push(w);
  }
  if (!append || groups === undefined || rest.length !== 1 || !SELF.test(rest[0] ?? ''))
    return null;
  return groups.split(',');
}

/** True when `cmd`, under sudo or doas alone, adds the caller to device groups only. */
export function deviceGroupsForSelf(cmd: ShellCommand): boolean {
  if (cmd.wrappers.length !== 1 || !['sudo', 'doas'].includes(cmd.wrappers[0] ?? '')) return false;
  const words = cmd.argv.slice(1);
  let groups: string[] | null = null;
  if (cmd.name === 'usermod') groups = appendedGroups(words);
  else if (cmd.name === 'gpasswd' && words.length === 3 && words[0] === '-a')
    groups = SELF.test(words[1] ?? '') ? [words[2] ?? ''] : null;
  else if (cmd.name === 'adduser' && words.length === 2 && SELF.test(words[0] ?? ''))
    groups = [words[1] ?? ''];
  return groups !== null && groups.length > 0 && groups.every((g) => DEVICE_GROUPS.has(g));
}
