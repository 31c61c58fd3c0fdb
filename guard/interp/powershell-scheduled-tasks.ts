// `Register-ScheduledTask` makes code run again later, unattended: persistence (MITRE ATT&CK
// T1053.005). A task whose one action runs the project's own PowerShell script file in plain view
// (`pwsh.exe -File C:\Users\dev\source\repos\app\scripts\nightly-e2e.ps1`) is a developer's
// schedule; a hidden window, an encoded or inline command, another program, a script under a
// temp, download or profile folder, a task from XML or at the highest run level stay a write
// (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';

const REGISTERS = /\b(?:Register|Set)-ScheduledTask\b/i;
const ACTION = /\bNew-ScheduledTaskAction\b/gi;
const EXECUTE = /-Execute\s+(?:'([^']*)'|"([^"]*)"|([^\s'"()]+))/i;
const ARGUMENT = /-Argument\s+(?:'([^']*)'|"([^"`$]*)")/i;
const SHELL = /^(?:pwsh|powershell)(?:\.exe)?$/i;
/** The switches a plain script run may carry before `-File`. */
const PLAIN_SWITCH = /^-(?:NoProfile|NonInteractive|NoLogo)$/i;
const SCRIPT_PATH = /^[A-Za-z]:\\(?:[\w .-]+\\)+[\w .-]+\.ps1$/;
/** Folders a project never lives in: temporary, downloaded, profile and system places. */
const NOT_PROJECT =
  /^(?:temp|tmp|downloads|appdata|programdata|public|startup|windows|system32|\$recycle\.bin)$/i;
/** Folders source checkouts live under. */
const SOURCE_ROOT = /^(?:source|repos|src|projects|code|git|dev|work|workspace|workspaces)$/i;
const ELSEWHERE = /-(?:Xml|InputObject|RunLevel\s+Highest)\b/i;

/** True when `code`'s one action runs a project's PowerShell script file, plainly. */
function projectScriptTask(code: string): boolean {
  const actions = code.match(ACTION) ?? [];
  if (actions.length !== 1 || ELSEWHERE.test(code)) return false;
  const from = code.search(ACTION);
  const action = code.slice(from, from + 1024);
  const exe = EXECUTE.exec(action);
  const arg = ARGUMENT.exec(action);
  if (exe === null || arg === null || !SHELL.test(exe[1] ?? exe[2] ?? exe[3] ?? '')) return false;
  const words = (arg[1] ?? arg[2] ?? '').trim().split(/\s+/);
  const file = words.findIndex((w) => /^-File$/i.test(w));
  if (file < 0 || !words.slice(0, file).every((w) => PLAIN_SWITCH.test(w))) return false;
  const path = words[file + 1] ?? '';
  // words after the script are its own parameters: pwsh reads none of them
  if (!SCRIPT_PATH.test(path)) return false;
  const folders = path.split('\\').slice(1, -1);
  return (
    folders.some((f) => SOURCE_ROOT.test(f)) &&
    !folders.some((f) => NOT_PROJECT.test(f) || f.startsWith('.'))
  );
}

/** The scheduled task `code` registers, unless it runs a project's script plainly. */
export function powershellScheduledTasks(code: string): IntentHit[] {
  if (!REGISTERS.test(code) || projectScriptTask(code)) return [];
  return [{ intent: 'sensitive_write', detail: 'pwsh registers a scheduled task' }];
}
