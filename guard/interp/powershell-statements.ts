// A PowerShell line's top-level statements, for a line that mixes statements only the PowerShell
// reader knows (`$env:X = (Get-Content f | Select-String p).ToString()`) with plain program runs
// bash's grammar reads (`npx @vscode/vsce publish -p $env:X`) (docs/guard.md "Interpreter code").
import { readPowershell } from './powershell-reader.js';

/** Most statements split: the text is attacker-controlled (an agent wrote it). */
const MAX_STATEMENTS = 64;

/**
 * A plain program run bash reads as PowerShell runs it: no cmdlet (`Verb-Noun`), expression (`$x`),
 * script block, subexpression, index, pipe, call operator, redirect or escape.
 */
const PROGRAM_RUN = /^(?![A-Za-z]+-[A-Za-z]+(?:\s|$)|\$)[^{}()[\]|&<>`]*$/;

/** The statements split at `;` and newlines outside quotes and brackets; null when unbalanced. */
export function powershellStatements(code: string): string[] | null {
  const out: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i] ?? '';
    if (quote !== '') {
      if (c === '`' && quote === '"') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      if (--depth < 0) return null;
    } else if ((c === ';' || c === '\n') && depth === 0) {
      out.push(code.slice(start, i).trim());
      start = i + 1;
      if (out.length > MAX_STATEMENTS) return null;
    }
  }
  if (quote !== '' || depth !== 0) return null;
  out.push(code.slice(start).trim());
  return out.filter((s) => s !== '');
}

/**
 * The statements the PowerShell reader cannot read, as bash reads them (`$env:X` is `$X`), when at
 * least one statement is one it reads; null otherwise, so the line stays unanalysed (fail closed).
 */
export function programStatements(code: string): string[] | null {
  const statements = powershellStatements(code);
  if (statements === null || statements.length < 2) return null;
  const rest = statements.filter((s) => readPowershell(s) === null);
  if (rest.length === statements.length || !rest.every((s) => PROGRAM_RUN.test(s))) return null;
  return rest.map((s) => s.replace(/\$env:(?=[A-Za-z_])/gi, '$'));
}
