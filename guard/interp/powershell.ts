// What PowerShell code handed to `pwsh -Command` would do, read from its common cmdlets and their
// aliases: recursive deletes of home or a drive, disk wipes, downloads run as code, Defender
// switched off (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';
import type { CodeEffects } from './code-effects.js';
import { portable, powershellAccess } from './powershell-access.js';
import { powershellFileSends, powershellRequests } from './powershell-sends.js';
import { isCatastrophicTarget } from '../sensitive-paths.js';
import { windowsRecoveryHits } from './windows-recovery.js';
import { windowsCredentialDumps } from './windows-credential-dumps.js';
import { powershellPersistentEnv } from './persistent-env.js';
import { powershellScheduledTasks } from './powershell-scheduled-tasks.js';
import { eachRemove, FOREACH } from './powershell-foreach.js';

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

/** `Set-Location`, `cd`, `Push-Location` and their aliases: where a listing without a path lists. */
const MOVE = /^(?:Set-Location|sl|cd|chdir|Push-Location|pushd)$/i;

/** The statements of code, split at `;` and new lines outside `{ }` blocks (a loop's body stays whole). */
function statements(code: string): string[] {
  // `cd ~ && gci | ri -r`: PowerShell 7 chains statements with `&&` too
  if (code.includes('&&')) code = code.replace(/&&/g, ';');
  if (!code.includes('{')) return code.split(/[;\n]/);
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) depth = Math.max(0, depth - 1);
    else if ((c === 59 || c === 10) && depth === 0) {
      out.push(code.slice(start, i));
      start = i + 1;
    }
  }
  out.push(code.slice(start));
  return out;
}

/**
 * A folder a recursive delete must not reach. A folder of a user's profile weighs as the same folder
 * of a Unix home (`~/source`); the project's own `.`, when a listing of it is filtered by name
 * (`gci . -r -Include bin,obj`), is a cleanup, as `rm -rf bin obj` is.
 */
function mustSurvive(t: string, scoped: boolean): boolean {
  return (
    CATASTROPHIC.test(t) ||
    PROFILE_REPOS.test(t) ||
    (isCatastrophicTarget(portable(t)) && !(scoped && /^\.[\\/]?$/.test(t)))
  );
}

/**
 * Recursive deletes of a catastrophic target, in one pipeline's statements: `Remove-Item -Recurse`,
 * or a recursive listing piped into `Remove-Item` (every file it lists goes, whatever filter picks
 * them), or into a `ForEach-Object` block deleting each item. A listing naming no folder lists the
 * one an earlier `Set-Location` moved to.
 */
export function powershellDeleteTarget(code: string): string | null {
  let here: string | null = null;
  for (const statement of statements(code)) {
    const stages = statement.split('|').map((s) => s.trim().split(/\s+/).map(unquote));
    if (stages.length === 1 && MOVE.test(stages[0]?.[0] ?? '')) {
      here = pathWords(stages[0]?.slice(1) ?? [])[0] ?? '~';
      continue;
    }
    for (const [i, words] of stages.entries()) {
      const [cmdlet = '', ...rest] = words;
      // `gci ~ | Where-Object {...} | Remove-Item`: the filter stages between pass listed items on
      const prev = stages.slice(0, i).findLast((s) => !PASS_ON.test(s[0] ?? '')) ?? [];
      const lists = LIST.test(prev[0] ?? '');
      const listsAll = lists && prev.some((w) => RECURSE.test(w));
      const listed = lists ? pathWords(prev.slice(1)) : [];
      const piped = lists && listed.length === 0 && here !== null ? [here] : listed;
      const named = prev.some((w) => /^-(?:Include|Filter)$/i.test(w));
      if (FOREACH.test(cmdlet) && lists) {
        const each = eachRemove(words.join(' '));
        if (each === null || !(each.recursive || listsAll)) continue;
        // `% { ri "$($_.FullName)\Documents" -r }` over `gci C:\Users`: that folder of every user
        const hit = piped.find((t) =>
          each.below === '' ? mustSurvive(t, named) : CATASTROPHIC.test(t),
        );
        if (hit !== undefined) return `${hit}\\*${each.below}`;
        continue;
      }
      if (!REMOVE.test(cmdlet) || !(listsAll || rest.some((w) => RECURSE.test(w)))) continue;
      const scoped = named || rest.every((w) => !RECURSE.test(w));
      const hit = [...pathWords(rest), ...piped].find((t) => mustSurvive(t, scoped));
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
  hits.push(...windowsCredentialDumps(code));
  hits.push(...powershellScheduledTasks(code));
  hits.push(...powershellAccess(code), ...powershellFileSends(code), ...powershellRequests(code));
  return { shell: [], argvs: [], hits };
}
