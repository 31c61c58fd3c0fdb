// The command lines C#, Java, Kotlin and Groovy code starts: `Process.Start(file, arguments)`,
// `new ProcessStartInfo { FileName = ..., Arguments = ... }`, `new ProcessBuilder("sh", "-c", ...)`,
// `Runtime.getRuntime().exec(...)`, Groovy's `"...".execute()`. Each is rebuilt as one shell line
// the shell analysis reads (docs/guard.md "Interpreter code"). .NET's `Arguments` is one command
// line, split as a shell splits it; ProcessBuilder's and exec's list items are one word each.
import { shellQuote } from '../shell/indirect.js';

/** Calls that start a process, and whether their string arguments are separate words. */
const STARTS =
  /\b(?:(Process\s*\.\s*Start|ProcessStartInfo)|(ProcessBuilder|\.\s*exec|\.\s*command))\s*\(/g;
/** A C#, Java or Kotlin string literal (C# verbatim `@"..."` with `""` escapes too). */
const LITERAL = /@"((?:[^"]|""){0,4096})"|"((?:[^"\\\n]|\\.){0,4096})"/g;
const PROPERTY = /\b(FileName|Arguments)\s*=\s*@?"((?:[^"\\\n]|\\.){0,4096})"/g;
const GROOVY_EXECUTE = /"((?:[^"\\\n]|\\.){1,4096})"\s*\.\s*execute\s*\(/g;
/** How far past a call's `(` its arguments are read. */
const SPAN = 4096;
const MAX_LINES = 64;

/** A literal's text: verbatim (`@"..."`) or with backslash escapes. */
function unescape(verbatim: string | undefined, plain: string | undefined): string {
  if (verbatim !== undefined) return verbatim.replace(/""/g, '"');
  return (plain ?? '')
    .replace(/\\(["'\\])/g, '$1')
    .replace(/\\n/g, '\n')
    .replace(/\\t/g, '\t');
}

/** The literals of one call's arguments: up to its closing parenthesis at depth zero. */
function callLiterals(code: string, open: number): string[] {
  let depth = 1;
  let end = open;
  const stop = Math.min(code.length, open + SPAN);
  while (end < stop && depth > 0) {
    const ch = code[end];
    if (ch === '"') {
      const m = /^"(?:[^"\\\n]|\\.)*"/.exec(code.slice(end, end + SPAN));
      end += m === null ? 1 : m[0].length;
      continue;
    }
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    end++;
  }
  return [...code.slice(open, end).matchAll(LITERAL)].map((l) => unescape(l[1], l[2]));
}

/** Shell lines the code's process starts run; empty when it starts none with literal text. */
export function processCommandLines(code: string): string[] {
  if (!/Process|exec|command|FileName/.test(code)) return [];
  const out: string[] = [];
  for (const m of code.matchAll(STARTS)) {
    const lits = callLiterals(code, m.index + m[0].length);
    if (lits.length === 0) continue;
    if (m[1] !== undefined) {
      // .NET: a file, then one command line of arguments
      const [file = '', args = ''] = lits;
      out.push(lits.length === 1 ? file : `${shellQuote(file)} ${args}`);
    } else out.push(lits.length === 1 ? (lits[0] ?? '') : lits.map(shellQuote).join(' '));
    if (out.length >= MAX_LINES) return out;
  }
  const props = [...code.matchAll(PROPERTY)];
  const file = props.find((p) => p[1] === 'FileName');
  const args = props.find((p) => p[1] === 'Arguments');
  if (file !== undefined)
    out.push(
      `${shellQuote(unescape(undefined, file[2]))} ${args === undefined ? '' : unescape(undefined, args[2])}`,
    );
  for (const g of code.matchAll(GROOVY_EXECUTE)) out.push(unescape(undefined, g[1]));
  return out;
}
