// A user or machine environment variable set on Windows (`[Environment]::SetEnvironmentVariable(
// 'NODE_OPTIONS', '--require x', 'User')`, `setx NODE_OPTIONS ...`, `reg add HKCU\Environment`)
// reaches every process the user starts later. A variable a runtime or loader reads to find code
// or where to fetch it is persistence; any other name (an opt-out, a locale) is a setting
// (docs/guard.md "Interpreter code").
import type { IntentHit } from '../shell/intents.js';

/**
 * Variables that make a program load or run code, or decide where it comes from: the search
 * path, module and library paths, runtime option strings, profilers and startup hooks, proxies,
 * package indexes, git's helpers, shell start-up files, and folders Windows resolves programs in.
 */
const LOADER =
  /^(?:PATH|PATHEXT|PSModulePath|ComSpec|windir|SystemRoot|TEMP|TMP|USERPROFILE|APPDATA|LOCALAPPDATA|HOME|[A-Z_]*_PROXY|NODE_OPTIONS|NODE_PATH|NODE_EXTRA_CA_CERTS|NODE_TLS_REJECT_UNAUTHORIZED|DOTNET_STARTUP_HOOKS|DOTNET_ADDITIONAL_DEPS|DOTNET_SHARED_STORE|DOTNET_ROOT(?:\w*)|(?:CORECLR|COR)_(?:PROFILER\w*|ENABLE_PROFILING)|PYTHON(?:PATH|STARTUP|HOME|USERBASE)|PERL5?(?:OPT|LIB)|RUBY(?:OPT|LIB)|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|CLASSPATH|LD_\w+|DYLD_\w+|GIT_(?:SSH|SSH_COMMAND|ASKPASS|EXEC_PATH|CONFIG\w*|TEMPLATE_DIR|EXTERNAL_DIFF)|SSH_ASKPASS|NPM_CONFIG_\w+|PIP_\w*(?:INDEX_URL|TRUSTED_HOST|FIND_LINKS|CONFIG_FILE)|UV_\w*INDEX\w*|BASH_ENV|ENV|ZDOTDIR|PROMPT_COMMAND)$/i;

/** A quoted literal, or `[EnvironmentVariableTarget]::User`, as the word it says. */
function literal(arg: string): string | null {
  const t = arg.trim();
  const q = /^'((?:[^']|'')*)'$|^"([^"`$]*)"$/.exec(t);
  if (q !== null) return (q[1] ?? q[2] ?? '').replace(/''/g, "'");
  const target = /^\[(?:System\.)?EnvironmentVariableTarget\]::(\w+)$/i.exec(t);
  return target?.[1] ?? null;
}

/** `Set-ItemProperty -Path HKCU:\Environment -Name X`: the same variables, written as registry values. */
const ENV_KEY_WRITE =
  /\b(?:New-ItemProperty|Set-ItemProperty|sp)\b[^;\n|]*(?:HKCU:|HKLM:|HKEY_CURRENT_USER|HKEY_LOCAL_MACHINE)[^;\n|]*?Environment\b[^;\n|]*/gi;

const SET_CALL = /\[(?:System\.)?Environment\]::SetEnvironmentVariable\s*\(/gi;

/** The comma-separated arguments from `from` to the parenthesis that closes them, or null. */
function callArgs(code: string, from: number): string[] | null {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = from;
  for (let i = from; i < code.length; i++) {
    const c = code[i] ?? '';
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(code.slice(start, i));
      start = i + 1;
    } else if (c === ')') {
      out.push(code.slice(start, i));
      return out;
    }
  }
  return null;
}

/** Persistent variables of a loader's name that PowerShell code sets for the user or machine. */
export function powershellPersistentEnv(code: string): IntentHit[] {
  if (!/Environment/i.test(code)) return [];
  const hits: IntentHit[] = [];
  for (const m of code.matchAll(ENV_KEY_WRITE)) {
    const name = /-Name\s+(?:'([^']*)'|"([^"`$]*)"|([\w-]+))/i.exec(m[0]);
    const v = name?.[1] ?? name?.[2] ?? name?.[3] ?? null;
    if (v === null || LOADER.test(v))
      hits.push({
        intent: 'sensitive_write',
        detail: `pwsh sets ${v ?? 'a variable'} in the registry's environment`,
      });
  }
  for (const m of code.matchAll(SET_CALL)) {
    const args = callArgs(code, m.index + m[0].length) ?? [];
    const target = args[2];
    const scope = target === undefined ? 'Process' : literal(target);
    // the default target is this process alone; a target not written out may be any
    if (args.length >= 2 && scope !== null && /^Process$/i.test(scope)) continue;
    const name = args.length >= 2 ? literal(args[0] ?? '') : null;
    if (name === null || LOADER.test(name))
      hits.push({
        intent: 'sensitive_write',
        detail: `pwsh sets ${name ?? 'a variable'} for every later process`,
      });
  }
  return hits;
}

/**
 * `setx NAME VALUE [/M]` and `reg add HKCU\Environment /v NAME`: the same persistent variables
 * from cmd. A variable named only at run time, or one set on another machine (`/s`), is held.
 */
export function cmdPersistentEnv(argv: readonly string[]): IntentHit | null {
  const name = (argv[0] ?? '').toLowerCase().replace(/\.exe$/, '');
  if (name === 'setx') {
    const words = argv.slice(1).filter((a) => !/^\/[mM]$/.test(a));
    const v = words[0] ?? '';
    if (!/^\/[sS]$/.test(v) && !/[%$]/.test(v) && !LOADER.test(v) && !/^\//.test(v)) return null;
    return { intent: 'sensitive_write', detail: `setx ${v}` };
  }
  if (name !== 'reg' || !/^(?:add|import)$/i.test(argv[1] ?? '')) return null;
  const key = argv[2] ?? '';
  if (!/^(?:HKCU|HKEY_CURRENT_USER)[\\/]?Environment$|Session Manager[\\/]?Environment$/i.test(key))
    return null;
  const v = argv[argv.findIndex((a) => /^\/v$/i.test(a)) + 1] ?? '';
  if (argv.some((a) => /^\/v$/i.test(a)) && !LOADER.test(v) && !/[%$]/.test(v)) return null;
  return { intent: 'sensitive_write', detail: `reg add ${key} ${v}` };
}
