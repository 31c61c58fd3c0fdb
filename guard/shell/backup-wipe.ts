// Destroying what a machine is restored from: shadow copies, backup catalogues, the recovery
// environment, Time Machine and backup repositories, backup folders, freed space overwritten, disks
// formatted by cmdlet (docs/guard.md "Shell analysis"). Each leaves no copy to recover the data from.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { normalizePath } from '../sensitive-paths.js';

/** A folder that holds backups by its name: the folder, or every entry in it (`~/backups/*`). */
const BACKUP_SEGMENT =
  /^(?:backups?|Backups\.backupdb|time ?machine|[^/]*\.(?:sparsebundle|backupbundle))$/i;
/** Scratch folders: a backup there is a test fixture, not the machine's copy. */
const SCRATCH = /^\/(?:tmp|var\/tmp|private\/tmp|dev\/shm)(?:\/|$)/;

const DISK_CMDLETS = /^(?:Format-Volume|Clear-Disk|Initialize-Disk|Remove-Partition)$/i;
/** `bcdedit /set {default} recoveryenabled No`, `bootstatuspolicy ignoreallfailures`. */
const BCD_OFF = /^(?:recoveryenabled|bootstatuspolicy)$/i;
const WINDOWS_TOOL = /^(?:vssadmin|wbadmin|wmic|bcdedit|cipher)$/;
const SHADOW_REMOVERS = /^(?:Remove-WmiObject|Remove-CimInstance|rwmi|rcim)$/i;

function lower(argv: readonly string[]): string[] {
  return argv.map((a) => a.toLowerCase());
}

function destroyed(detail: string): IntentHit {
  return { intent: 'destructive_delete', detail };
}

/** A path `rm -r` removes that is a backup folder, or all of one's entries, outside scratch space. */
export function backupFolder(target: string): boolean {
  const n = normalizePath(target);
  if (!/^[~/]/.test(n) || SCRATCH.test(n)) return false;
  const segs = n.split('/');
  return segs.some(
    (s, i) => BACKUP_SEGMENT.test(s) && segs.slice(i + 1).every((r) => r === '' || r.includes('*')),
  );
}

/** The stage before `cmd` in its pipeline, as text (`Get-WmiObject Win32_ShadowCopy`). */
function feeder(cmd: ShellCommand, all: ShellAnalysis): string {
  const prev = all.commands.find(
    (c) => c.pipeline >= 0 && c.pipeline === cmd.pipeline && c.stage === cmd.stage - 1,
  );
  return prev?.argv.join(' ') ?? '';
}

/**
 * Windows' own recovery destroyed by one command's words (`vssadmin delete shadows`), `fed` the
 * text of the pipeline stage before it; shared by shell, `cmd /c` and PowerShell code.
 */
export function windowsRecoveryWipe(
  argv: readonly string[],
  fed: string | (() => string),
): IntentHit | null {
  const cmdName = (argv[0] ?? '').replace(/^.*[\\/]/, '');
  const name = cmdName.toLowerCase().replace(/\.exe$/, '');
  // every tool below is a Windows one: other commands are done before their words are lowered
  if (!WINDOWS_TOOL.test(name) && !DISK_CMDLETS.test(cmdName) && !SHADOW_REMOVERS.test(cmdName))
    return null;
  const a = lower(argv);
  if (name === 'vssadmin' && a[1] === 'delete' && a[2] === 'shadows')
    return destroyed('vssadmin delete shadows');
  if (name === 'wbadmin' && a[1] === 'delete') return destroyed(`wbadmin delete ${a[2] ?? ''}`);
  if (name === 'wmic' && a.includes('shadowcopy') && a.includes('delete'))
    return destroyed('wmic shadowcopy delete');
  if (name === 'bcdedit' && a.includes('/set') && a.some((w) => BCD_OFF.test(w)))
    return destroyed('bcdedit turns off recovery');
  if (name === 'cipher' && a.some((w) => /^\/w(?::|$)/.test(w)))
    return destroyed('cipher /w overwrites freed space');
  if (DISK_CMDLETS.test(cmdName)) return { intent: 'disk_wipe', detail: cmdName };
  if (
    SHADOW_REMOVERS.test(cmdName) &&
    /Win32_ShadowCopy/i.test(typeof fed === 'string' ? fed : fed())
  )
    return destroyed('shadow copies removed');
  return null;
}

function backupTools(cmd: ShellCommand): IntentHit | null {
  const [, sub = '', ...rest] = cmd.argv;
  switch (cmd.name) {
    case 'tmutil':
      // `deletelocalsnapshots /` takes every snapshot of the volume; a date takes one
      if (sub === 'delete' || (sub === 'deletelocalsnapshots' && rest[0]?.startsWith('/') === true))
        return destroyed(`tmutil ${sub}`);
      return null;
    case 'borg':
      // a repository without `::archive` is deleted whole
      return sub === 'delete' && rest.some((r) => !r.startsWith('-') && !r.includes('::'))
        ? destroyed('borg delete of a repository')
        : null;
    case 'restic': {
      // `restic -r REPO forget ...`: the repository option may come before the subcommand
      const at = cmd.argv.indexOf('forget');
      const opts = at < 0 ? [] : cmd.argv.slice(at + 1);
      const keeps = opts.flatMap((r, i) =>
        /^--keep-/.test(r) ? [r.includes('=') ? r.split('=')[1] : opts[i + 1]] : [],
      );
      return keeps.length > 0 && keeps.every((k) => k === '0')
        ? destroyed('restic forget keeping nothing')
        : null;
    }
    default:
      return null;
  }
}

export function backupWipeIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const hit = windowsRecoveryWipe(cmd.argv, () => feeder(cmd, all)) ?? backupTools(cmd);
  return hit === null ? [] : [hit];
}
