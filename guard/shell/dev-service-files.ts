// A systemd --user unit or a launchd LaunchAgent written by a file tool, read for the program it
// starts (docs/guard.md "Shell analysis"): only a local tool's call passes.
import { lineWords, localToolCall } from './dev-services.js';

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
    if (/^Environment/.test(key) && LOADER_ENV.test(` ${value}`)) return false;
    if (!/^Exec/.test(key)) continue;
    const words = lineWords(value.replace(/^-/, ''));
    if (words === null || !localToolCall(words)) return false;
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
  return LAUNCH_AGENT.test(path) && agentText(text);
}
