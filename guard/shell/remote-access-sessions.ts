// Saved sessions of remote-access clients kept in the Windows registry: PuTTY's and WinSCP's sessions
// (proxy and WinSCP passwords, host keys, key files) and VNC servers' stored passwords
// (docs/guard.md "Shell analysis"). `cmdkey /list` prints target and user names, no password: it passes.
// Their files (FileZilla's sitemanager.xml, mRemoteNG's confCons.xml) are in guard/app-credential-files.ts.
import type { ShellCommand } from './model.js';

// an unquoted key loses its backslashes to a POSIX shell (`HKCU\Software\SimonTatham` reads `HKCUSoftwareSimonTatham`)
const SESSION_KEY =
  /SimonTatham[\\/]?PuTTY[\\/]?Sessions|Martin Prikryl[\\/]?WinSCP 2[\\/]?Sessions|(?:RealVNC|ORL|TightVNC)[\\/]?(?:WinVNC\d?|Server)(?![\w])|FTPWare[\\/]?COREFTP[\\/]?Sites/i;

/** Programs that change a key rather than print it: `reg add`, `reg delete`, `reg import`. */
function writesKey(name: string, sub: string): boolean {
  return name === 'reg' && (sub === 'add' || sub === 'delete' || sub === 'import');
}

/** Why this command reads remote-access clients' saved sessions, or null. */
export function remoteAccessSessions(cmd: ShellCommand): string | null {
  if (cmd.argv.length < 2) return null;
  const name = cmd.name.toLowerCase().replace(/\.exe$/, '');
  const sub = (cmd.argv[1] ?? '').toLowerCase();
  if (writesKey(name, sub)) return null;
  const line = cmd.argv.slice(1).join(' ');
  const key = SESSION_KEY.exec(line);
  return key === null ? null : `${cmd.name} reads ${key[0]}`;
}
