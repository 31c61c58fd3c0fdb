// Tools that run code (a Jupyter kernel's cell, a Python REPL, a Node eval), read as the command an
// interpreter would be given for it (docs/guard.md "Interpreter code"): the shell analysis then reads
// their code as it reads `python3 -c`, so every shell rule covers them.
import type { GuardEvent } from '../event.js';
import { toolMatcher, type ToolMatcher } from '../rules/tool-match.js';

/** MCP tools that run the code of their `code` (or `source`, `script`, `cell`) argument. */
export const CODE_TOOLS = [
  'mcp__*jupyter*__*execute*',
  'mcp__*jupyter*__*run*',
  'mcp__*notebook*__*execute*',
  'mcp__*notebook*__*run*',
  'mcp__*__execute_cell*',
  'mcp__*__run_cell*',
  'mcp__*__*_execute_code_cell',
  'mcp__*__execute_ipython',
  'mcp__*__execute_code',
  'mcp__*__run_code',
  'mcp__*__exec_code',
  'mcp__*__eval_code',
  'mcp__*__execute_python*',
  'mcp__*__run_python*',
  'mcp__*__python_exec*',
  'mcp__*__python_repl*',
  'mcp__*__python',
  'mcp__*__repl',
  'mcp__*__*_repl',
  'mcp__*__run_script',
  'mcp__*__execute_script',
  'mcp__*__node_eval',
  'mcp__*__eval_js',
  'mcp__*__run_javascript',
  'mcp__*__execute_javascript',
];

const CODE_FIELDS = ['code', 'source', 'script', 'cell'] as const;
const LANGUAGE_FIELDS = ['language', 'lang', 'kernel', 'kernel_name'] as const;
// Made on the first MCP call, not at import: 24 globs a hook process deciding a Bash or Read call
// would compile for nothing (docs/guard.md "Hook start-up").
let codeTools: ToolMatcher | undefined;
const isCodeTool = (tool: string): boolean => (codeTools ??= toolMatcher(CODE_TOOLS))(tool);

type Runner = 'python3' | 'node' | 'ruby' | 'perl' | 'sh';

function runnerOf(name: string): Runner | null {
  const n = name.toLowerCase();
  if (/python|(?<![a-z])py3?(?![a-z])/.test(n)) return 'python3';
  if (/node|javascript|typescript|deno|(?<![a-z])[jt]s(?![a-z])/.test(n)) return 'node';
  if (/ruby/.test(n)) return 'ruby';
  if (/perl/.test(n)) return 'perl';
  if (/(?<![a-z])(?:ba|z)?sh(?![a-z])|shell/.test(n)) return 'sh';
  return null;
}

/** A single-quoted shell word: `'` closes, is escaped, and reopens. */
function quoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * IPython's own syntax in a cell: `!cmd` and `%%bash` bodies are shell commands, other magics
 * (`%matplotlib inline`, `%%time`) are the kernel's settings, no Python a parser could read.
 */
function splitCell(code: string): { python: string; shell: string[] } {
  const lines = code.split('\n');
  const first = (lines[0] ?? '').trim();
  if (/^%%(?:bash|sh|script\s+(?:ba)?sh|system)\b/.test(first))
    return { python: '', shell: [lines.slice(1).join('\n')] };
  if (/^%%(?:writefile|html|markdown|latex|javascript|js|svg|capture)\b/.test(first))
    return { python: '', shell: [] };
  const shell: string[] = [];
  const python = lines.map((l) => {
    const m = /^\s*(?:[A-Za-z_][\w, ]*=\s*)?(?:!|%(?:system|sx)\s)(.*)$/.exec(l);
    if (m !== null) {
      shell.push(m[1] ?? '');
      return '';
    }
    return /^\s*%/.test(l) ? '' : l;
  });
  return { python: python.join('\n'), shell };
}

/** The command line that runs this code (several lines when a cell holds shell escapes). */
export function codeCommand(code: string, runner: Runner): string {
  if (runner === 'sh') return code;
  if (runner !== 'python3') return `${runner} -e ${quoted(code)}`;
  const cell = splitCell(code);
  const parts = cell.python.trim() === '' ? [] : [`python3 -c ${quoted(cell.python)}`];
  return [...parts, ...cell.shell].join('\n');
}

/**
 * The event a code tool's call is judged as: its arguments with `command` set to the command line
 * that would run its code. Any other event, or one that already names a command, is returned as is.
 */
export function asCodeCommand(event: GuardEvent): GuardEvent {
  // every code tool is an MCP server's
  if (
    event.phase !== 'call' ||
    event.args.command !== undefined ||
    !event.tool.startsWith('mcp__') ||
    !isCodeTool(event.tool)
  )
    return event;
  const field = CODE_FIELDS.find((f) => typeof event.args[f] === 'string');
  const code = field === undefined ? undefined : event.args[field];
  if (typeof code !== 'string' || code.trim() === '') return event;
  const named = LANGUAGE_FIELDS.map((f) => event.args[f]).find((v) => typeof v === 'string');
  const runner =
    (typeof named === 'string' ? runnerOf(named) : null) ??
    runnerOf(event.tool.replace(/^mcp__/, '')) ??
    'python3';
  const command = codeCommand(code, runner);
  return command === '' ? event : { ...event, args: { ...event.args, command } };
}
