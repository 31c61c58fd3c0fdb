// What a Go program run by `go run` would do (docs/guard.md "Interpreter code"): what it removes
// (home, root, a credential or start-up file, by literal, variable or filepath.Join), the commands it
// runs through os/exec, and the hosts net/http and net.Dial reach.
import type { IntentHit } from '../shell/intents.js';
import type { CodeEffects } from './code-effects.js';
import { goKeyringReads } from './keyring-reads.js';
import { goCalls, goString } from './go-args.js';
import { hostOf, prefixHost } from './net-calls.js';
import {
  isCatastrophicTarget,
  isCredentialPath,
  isPersistencePath,
  normalizePath,
} from '../sensitive-paths.js';

/** `h, _ := os.UserHomeDir()`, `var d = "/etc"`, `p := filepath.Join(h, ".ssh")`: one binding. */
const BINDING =
  /\b(?:var\s+)?([A-Za-z_]\w*)\s*(?:,\s*[A-Za-z_]\w*\s*)?(?::=|=(?!=))\s*([^\n;]{1,512})/g;
const HOME_ENV = /^os\.Getenv\(\s*"(?:HOME|USERPROFILE)"\s*\)$/;
const SHELLS = /^(?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da|k)?sh$/;
/** The literal an address starts with: `"https://h/?k=" + t`, `fmt.Sprintf("https://h/%s", t)`. */
const LEADING = /^\s*(?:fmt\.Sprintf\(\s*)?"((?:[^"\\\n]|\\.){0,2048})"\s*[+,]/;
const SEND_METHOD = /^(?:"(?:POST|PUT|PATCH)"|http\.Method(?:Post|Put|Patch))$/;

/** The path an argument names, when the program shows it; null when only the run decides. */
function pathOf(arg: string, vars: Map<string, string>, depth = 0): string | null {
  const a = arg.trim();
  if (depth > 8) return null;
  const lit = goString(a);
  if (lit !== null) return lit;
  if (/^os\.UserHomeDir\(\)$/.test(a) || HOME_ENV.test(a)) return '~';
  if (/^[A-Za-z_]\w*$/.test(a)) return vars.get(a) ?? null;
  // `h + "/go"`: string concatenation (Go spec §"String concatenation") of parts each shown
  if (a.includes('+')) return concatOf(a, vars, depth);
  const join = /^(?:filepath|path)\.Join\(([^]*)\)$/.exec(a);
  if (join === null) return null;
  const parts = goCalls(`J(${join[1] ?? ''})`, 'J')[0]?.args ?? [];
  const resolved = parts.map((p) => pathOf(p, vars, depth + 1));
  if (resolved.some((p) => p === null)) return null;
  return (resolved as string[]).join('/').replace(/\/{2,}/g, '/');
}

/** `h + "/go" + name`: the parts split at top-level `+` outside string literals, each resolved. */
function concatOf(a: string, vars: Map<string, string>, depth: number): string | null {
  const parts: string[] = [];
  let start = 0;
  let nest = 0;
  for (let i = 0; i < a.length; i++) {
    const c = a[i];
    if (c === '"' || c === '`') {
      const close = c === '`' ? a.indexOf('`', i + 1) : closingQuote(a, i);
      if (close < 0) return null;
      i = close;
    } else if (c === '(') nest++;
    else if (c === ')') nest--;
    else if (c === '+' && nest === 0) {
      parts.push(a.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(a.slice(start));
  if (parts.length < 2) return null;
  const resolved = parts.map((p) => pathOf(p, vars, depth + 1));
  if (resolved.some((p) => p === null)) return null;
  return (resolved as string[]).join('').replace(/\/{2,}/g, '/');
}

/** Index of the `"` closing the interpreted literal opened at `at`, past its escapes; -1 when none. */
function closingQuote(a: string, at: number): number {
  for (let i = at + 1; i < a.length; i++) {
    if (a[i] === '\\') i++;
    else if (a[i] === '"') return i;
  }
  return -1;
}

function bindings(code: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const m of code.matchAll(BINDING)) {
    const p = pathOf(m[2] ?? '', vars);
    if (p !== null && m[1] !== undefined && m[1] !== '_' && vars.size < 256) vars.set(m[1], p);
  }
  return vars;
}

/** Effects of Go source; null for other interpreters. */
export function goEffects(interpreter: string, code: string): CodeEffects | null {
  if (interpreter !== 'go') return null;
  const hits: IntentHit[] = [];
  const vars = bindings(code);
  for (const c of goCalls(code, 'os\\.RemoveAll|os\\.Remove|os\\.Truncate')) {
    const p = pathOf(c.args[0] ?? '', vars);
    if (p === null) continue;
    if (isCatastrophicTarget(p) || isPersistencePath(p) || isCredentialPath(p)) {
      hits.push({ intent: 'destructive_delete', detail: `go ${c.name} of ${normalizePath(p)}` });
      break;
    }
  }
  const shell: string[] = [];
  const argvs: string[][] = [];
  for (const c of goCalls(code, 'exec\\.CommandContext|exec\\.Command')) {
    const words = (c.name.endsWith('Context') ? c.args.slice(1) : c.args).map(goString);
    if (words.some((w) => w === null)) continue;
    const [prog, flag, text] = words as string[];
    if (prog !== undefined && SHELLS.test(prog) && flag === '-c' && text !== undefined)
      shell.push(text);
    else if (prog !== undefined) argvs.push(words as string[]);
  }
  for (const c of goCalls(
    code,
    'http\\.Post|http\\.PostForm|http\\.Get|http\\.Head|http\\.NewRequest(?:WithContext)?|net\\.Dial(?:Timeout)?|tls\\.Dial',
  )) {
    const req = c.name.startsWith('http.NewRequest');
    const args = c.name.endsWith('WithContext') ? c.args.slice(1) : c.args;
    const dial = /Dial/.test(c.name);
    const arg = (req || dial ? args[1] : args[0]) ?? '';
    const target = goString(arg);
    const hosts = dial
      ? [target?.replace(/:\d+$/, '') ?? ''].filter(Boolean)
      : target === null
        ? prefixHost(LEADING.exec(arg)?.[1] ?? '')
        : hostOf(target);
    const upload = dial || /^http\.Post/.test(c.name) || (req && SEND_METHOD.test(args[0] ?? ''));
    hits.push({
      intent: upload ? 'upload' : 'network',
      detail: `go ${c.name} ${hosts.join(', ')}`.trim(),
      hosts,
    });
  }
  hits.push(...goKeyringReads(code));
  return { shell, argvs, hits };
}
