// A bounded reader of Go call arguments (Go spec §"String literals", §"Calls"): the text between a
// call's parentheses split at its top-level commas, string literals decoded. No grammar for Go is
// installed, so only the calls the checks name are read, each within a fixed span.

/** Longest argument list read for one call; longer ones stay unread (the call is not resolved). */
const MAX_SPAN = 4096;
const MAX_CALLS = 256;

/** Each call of `callee` (a regex source naming it) in `code`, as its raw top-level arguments. */
export function goCalls(code: string, callee: string): { name: string; args: string[] }[] {
  const out: { name: string; args: string[] }[] = [];
  const re = new RegExp(`\\b(${callee})\\s*\\(`, 'g');
  for (const m of code.matchAll(re)) {
    if (out.length >= MAX_CALLS) break;
    const args = splitArgs(code, m.index + m[0].length);
    if (args !== null) out.push({ name: m[1] ?? '', args });
  }
  return out;
}

/** Arguments from just after `(` to its matching `)`; null when unbalanced within the span. */
function splitArgs(code: string, from: number): string[] | null {
  const args: string[] = [];
  let depth = 0;
  let start = from;
  const end = Math.min(code.length, from + MAX_SPAN);
  for (let i = from; i < end; i++) {
    const c = code[i];
    if (c === '"' || c === '`' || c === "'") {
      const close = c === '`' ? code.indexOf('`', i + 1) : quotedEnd(code, i, c);
      if (close < 0) return null;
      i = close;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--;
    else if (c === ')') {
      const last = code.slice(start, i).trim();
      if (last !== '' || args.length > 0) args.push(last);
      return args;
    } else if (c === ',' && depth === 0) {
      args.push(code.slice(start, i).trim());
      start = i + 1;
    }
  }
  return null;
}

function quotedEnd(code: string, at: number, q: string): number {
  for (let i = at + 1; i < code.length && i < at + MAX_SPAN; i++) {
    if (code[i] === '\\') i++;
    else if (code[i] === q) return i;
    else if (code[i] === '\n') return -1;
  }
  return -1;
}

/** The value of a Go string literal (interpreted or raw), or null when `arg` is not one. */
export function goString(arg: string): string | null {
  if (/^`[^`]*`$/.test(arg)) return arg.slice(1, -1);
  if (!/^"(?:[^"\\\n]|\\.)*"$/.test(arg)) return null;
  try {
    return JSON.parse(arg) as string;
  } catch {
    // an escape JSON does not share with Go (`\x41`): the raw text is what the checks read
    return arg.slice(1, -1);
  }
}
