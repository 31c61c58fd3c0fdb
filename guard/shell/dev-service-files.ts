// A systemd --user unit or a launchd LaunchAgent written by a file tool, read for the program it
// starts (docs/guard.md "Shell analysis"): only a local tool's call passes. A user unit's drop-in
// passes when it only tunes the unit (priority, limits, plain variables) and runs nothing new.
import { lineWords, localToolCall } from './dev-services.js';
import { exposesServerEnv } from './dev-server-exposure.js';

const USER_UNIT = /^~\/\.config\/systemd\/user\/[\w@.-]+\.(?:service|timer)$/;
const LAUNCH_AGENT = /^~\/Library\/LaunchAgents\/[\w.-]+\.plist$/;

/** Variables that load code into every program started with them. */
export const LOADER_ENV =
  /(?:^|\s|")(?:LD_\w+|DYLD_\w+|NODE_OPTIONS|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|RUBYOPT|JAVA_TOOL_OPTIONS|BASH_ENV|ENV)=/;

/** `ExecStart=-/usr/local/bin/ollama serve`: `-` only ignores failure; `+`, `!`, `@`, `:` change how it runs. */
function unitText(text: string): boolean {
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || /^[#;]/.test(line) || /^\[[A-Za-z]+\]$/.test(line)) continue;
    const m = /^([A-Za-z]+)\s*=\s*(.*)$/.exec(line);
    if (m === null) return false;
    const key = m[1] ?? '';
    const value = m[2] ?? '';
    if (/^Environment/.test(key) && (LOADER_ENV.test(` ${value}`) || exposesServerEnv(value)))
      return false;
    if (!/^Exec/.test(key)) continue;
    const words = lineWords(value.replace(/^-/, ''));
    if (words === null || !localToolCall(words)) return false;
  }
  return true;
}

/** A drop-in of a user unit: `~/.config/systemd/user/syncthing.service.d/override.conf`. */
const USER_DROP_IN = /^~\/\.config\/systemd\/user\/[\w@.-]+\.(?:service|timer)\.d\/[\w@.-]+\.conf$/;

/**
 * Settings a drop-in may change without changing what the unit runs: its priority, limits,
 * restart policy, description and plain variables. Any `Exec*` line, `EnvironmentFile=`, a
 * loader variable or `PATH` changes the program or the code it loads, so it stays a persistence
 * write, as any other key does.
 */
const DROP_IN_KEY =
  /^(?:Environment|Nice|IOSchedulingClass|IOSchedulingPriority|CPUWeight|CPUQuota|Memory(?:Max|High|Low)|TasksMax|Limit(?:NOFILE|NPROC|CORE)|Restart|RestartSec|Timeout(?:Start|Stop)?Sec|StartLimit(?:Burst|IntervalSec)|Description|Documentation)$/;

function dropInText(text: string): boolean {
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || /^[#;]/.test(line) || /^\[(?:Unit|Service|Timer)\]$/.test(line)) continue;
    const m = /^([A-Za-z]+)\s*=\s*(.*)$/.exec(line);
    if (m === null || !DROP_IN_KEY.test(m[1] ?? '')) return false;
    const value = ` ${m[2] ?? ''}`;
    if (m[1] === 'Environment' && (LOADER_ENV.test(value) || /(?:^|\s|")PATH=/.test(value)))
      return false;
  }
  return true;
}

/** The strings of the plist's `ProgramArguments` array, or its `Program`. */
function plistArgv(text: string): string[] | null {
  const args = /<key>ProgramArguments<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(text);
  const program = /<key>Program<\/key>\s*<string>([^<]*)<\/string>/.exec(text);
  if (args === null) return program === null ? null : [program[1] ?? ''];
  const argv = [...(args[1] ?? '').matchAll(/<string>([^<]*)<\/string>/g)].map((s) => s[1] ?? '');
  if (program !== null && program[1] !== argv[0]) return null;
  return argv;
}

function agentText(text: string): boolean {
  // entities could spell any character; a loader variable changes what the program loads
  if (/&(?!amp;)|DYLD_|LD_PRELOAD/.test(text.replace(/<!DOCTYPE[^>]*>/, ''))) return false;
  const argv = plistArgv(text);
  return argv !== null && argv.length > 0 && localToolCall(argv);
}

/** Whether `text`, written to `path` (normalised), is a user service or agent that runs a local tool. */
export function localServiceFile(path: string, text: string): boolean {
  if (text.length > 16384) return false;
  if (USER_UNIT.test(path)) return unitText(text);
  if (USER_DROP_IN.test(path)) return dropInText(text);
  return LAUNCH_AGENT.test(path) && agentText(text);
}
