// What PowerShell code handed to `pwsh -Command` would do, read from its common cmdlets and their
// aliases: recursive deletes of home or a drive, disk wipes, downloads run as code, Defender
// switched off (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';
import type { CodeEffects } from './code-effects.js';
import { portable, powershellAccess } from './powershell-access.js';
import { powershellFileSends, powershellRequests } from './powershell-sends.js';
import { isCatastrophicTarget } from '../sensitive-paths.js';
import { windowsRecoveryHits } from './windows-recovery.js';
import { powershellPersistentEnv } from './persistent-env.js';
import { powershellScheduledTasks } from './powershell-scheduled-tasks.js';

const REMOVE = /^(?:Remove-Item|rm|ri|del|erase|rd|rmdir)$/i;
const LIST = /^(?:Get-ChildItem|gci|ls|dir)$/i;
/** Stages that pass on some of the items they are given, unchanged. */
const PASS_ON = /^(?:Where-Object|where|\?|Sort-Object|sort|Select-Object|select)$/i;
/** `-Recurse` and the abbreviations PowerShell accepts for it (`-r`, `-rec`). */
const RECURSE = /^-r(?:e(?:c(?:u(?:r(?:se?)?)?)?)?)?$/i;
const PATH_OPT = /^-(?:Path|LiteralPath|lp|PSPath)$/i;
/** Home, a profile or system folder, or a drive's root, with or without a trailing `\*`. */
const CATASTROPHIC =
  /^(?:\$env:(?:USERPROFILE|HOMEDRIVE|HOMEPATH|SystemDrive|SystemRoot|windir|ProgramFiles|APPDATA|LOCALAPPDATA|HOME)|\$HOME|~|[A-Za-z]:|[A-Za-z]:[\\/](?:Users|Windows|Program Files(?: \(x86\))?)(?:[\\/][^\\/]*)?|)(?:[\\/]\*?|\*)?$/i;
/** Visual Studio's folder of every clone (`~\\source\\repos`): all of a user's projects at once. */
const PROFILE_REPOS =
  /^(?:\$env:USERPROFILE|\$HOME|~|[A-Za-z]:[\\/]Users[\\/][^\\/]+)[\\/]source[\\/]repos[\\/]?\*?$/i;
const DISK_WIPE = /\b(?:Format-Volume|Clear-Disk|Remove-Partition|Initialize-Disk)\b/i;
const RUNS_CODE =
  /\b(?:IEX|Invoke-Expression)\b|\|\s*(?:pwsh|powershell)\b|\[ScriptBlock\]::Create/i;
const DOWNLOADS =
  /\b(?:Download(?:String|Data|File)|Invoke-WebRequest|Invoke-RestMethod|iwr|irm|Start-BitsTransfer|Net\.WebClient|curl|wget)\b/i;
/** A download saved to a file, then that file started. */
const SAVED_AND_RUN =
  /(?:\bDownloadFile\b|-OutFile\b)[\s\S]{0,400}(?:\bStart-Process\b|\bsaps\b|(?:^|[;&|\s])&\s*['"]?[.\\/$\w])/i;
const DEFENDER_OFF =
  /\bSet-MpPreference\b[^;\n]*-Disable\w+\s+(?:\$true|1)|\bAdd-MpPreference\b[^;\n]*-Exclusion(?:Path|Process|Extension)/i;

function unquote(w: string): string {
  return w.replace(/^['"]|['"]$/g, '');
}

/** The items of a PowerShell list (`'a','b'`, `@('a', 'b')`): each path a cmdlet is given. */
function listItems(w: string): string[] {
  if (!w.includes(',')) return [w];
  return w
    .replace(/^@\(|\)$/g, '')
    .split(',')
    .map((p) => unquote(p.trim()))
    .filter((p) => p !== '');
}

/** The paths among a cmdlet's words: positional, or after `-Path`, never a filter's pattern. */
function pathWords(rest: readonly string[]): string[] {
  return rest
    .filter(
      (w, j) =>
        (!w.startsWith('-') &&
          (j === 0 || !/^-(?:Filter|Include|Exclude)$/i.test(rest[j - 1] ?? ''))) ||
        PATH_OPT.test(rest[j - 1] ?? ''),
    )
    .flatMap(listItems);
}

/**
 * Recursive deletes of a catastrophic target, in one pipeline's statements: `Remove-Item -Recurse`,
 * or a recursive listing piped into `Remove-Item` (every file it lists goes, whatever filter picks them).
 */
export function powershellDeleteTarget(code: string): string | null {
  for (const statement of code.split(/[;\n]/)) {
    const stages = statement.split('|').map((s) => s.trim().split(/\s+/).map(unquote));
    for (const [i, words] of stages.entries()) {
      const [cmdlet = '', ...rest] = words;
      // `gci ~ | Where-Object {...} | Remove-Item`: the filter stages between pass listed items on
      const prev = stages.slice(0, i).findLast((s) => !PASS_ON.test(s[0] ?? '')) ?? [];
      const listsAll = LIST.test(prev[0] ?? '') && prev.some((w) => RECURSE.test(w));
      if (!REMOVE.test(cmdlet) || !(listsAll || rest.some((w) => RECURSE.test(w)))) continue;
      const piped = LIST.test(prev[0] ?? '') ? pathWords(prev.slice(1)) : [];
      const named = prev.some((w) => /^-(?:Include|Filter)$/i.test(w));
      // a folder of a user's profile weighs as the same folder of a Unix home (`~/source`); a
      // listing of the project's own folder filtered by name (`gci . -r -Include bin,obj`) is a
      // cleanup, as `rm -rf bin obj` is
      const hit = [...pathWords(rest), ...piped].find(
        (t) =>
          CATASTROPHIC.test(t) ||
          PROFILE_REPOS.test(t) ||
          (isCatastrophicTarget(portable(t)) &&
            !((named || rest.every((w) => !RECURSE.test(w))) && /^\.[\\/]?$/.test(t))),
      );
      if (hit !== undefined) return hit;
    }
  }
  return null;
}

/**
 * A command line whose commands include a PowerShell cmdlet (`Invoke-RestMethod`, `iwr`, `iex`) or `rundll32`: an agent's shell tool on Windows is PowerShell, so the whole line is read
 * as PowerShell code as well as shell.
 */
const BARE_POWERSHELL =
  /(?:^|[;&|(]\s*)(?:(?:(?:Get|Set|New|Remove|Invoke|Start|Add|Copy|Move|Import|Export|Send|Out|ConvertTo|ConvertFrom|Register|Enable|Disable|Expand|Compress)-[A-Za-z]+|iwr|irm|iex|rundll32(?:\.exe)?)(?=\s|$|[;|)])|\[(?:System\.)?Environment\]::)/i;

export function barePowershell(source: string): boolean {
  return BARE_POWERSHELL.test(source);
}

/** Effects of PowerShell code (`pwsh -Command`, `powershell -c`); null for other interpreters. */
export function powershellEffects(interpreter: string, code: string): CodeEffects | null {
  if (interpreter !== 'pwsh') return null;
  const hits: IntentHit[] = [];
  const target = powershellDeleteTarget(code);
  if (target !== null)
    hits.push({ intent: 'destructive_delete', detail: `pwsh Remove-Item -Recurse ${target}` });
  if (DISK_WIPE.test(code))
    hits.push({ intent: 'disk_wipe', detail: 'pwsh formats or clears a disk' });
  if ((RUNS_CODE.test(code) && DOWNLOADS.test(code)) || SAVED_AND_RUN.test(code))
    hits.push({ intent: 'fetch_pipe_shell', detail: 'pwsh runs downloaded code' });
  if (DEFENDER_OFF.test(code))
    hits.push({ intent: 'security_disable', detail: 'pwsh turns off Defender scanning' });
  hits.push(...windowsRecoveryHits(code), ...powershellPersistentEnv(code));
  hits.push(...powershellScheduledTasks(code));
  hits.push(...powershellAccess(code), ...powershellFileSends(code), ...powershellRequests(code));
  return { shell: [], argvs: [], hits };
}
