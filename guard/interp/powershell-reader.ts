// A bounded reader of the PowerShell a shell tool on Windows is given when bash's grammar cannot read
// it (docs/guard.md "Interpreter code"): assignments, hashtables (`@{ k = v }`), arrays, casts and
// static calls of a few .NET types (`[Convert]::ToBase64String(...)`), member calls, string
// concatenation, and pipelines of the cmdlets the PowerShell checks read. Anything else (a script
// block, a call operator, a subexpression in a string, a redirect, another command) is not read,
// so the line stays unanalysed and is held (fail closed).

/** Most characters read: the text is attacker-controlled (an agent wrote it). */
const MAX_CHARS = 16 * 1024;
const MAX_DEPTH = 16;

/** The cmdlets whose effects guard/interp/powershell*.ts read, and their aliases. */
const COMMANDS =
  /^(?:Invoke-RestMethod|irm|Invoke-WebRequest|iwr|ConvertTo-Json|ConvertFrom-Json|Select-Object|select|Write-Output|Write-Host|echo|Out-Null|Out-String|Format-Table|ft|Format-List|fl|Get-Date|Measure-Object|Get-Content|gc|Select-String|sls|Register-ScheduledTask|New-ScheduledTask(?:Action|Trigger|Settings(?:Set)?|Principal))$/i;
/** .NET types whose static members encode, convert or read (a read is an upload when sent). */
const TYPES =
  /^(?:System\.)?(?:Convert|Text\.Encoding|Text\.UTF8Encoding|Uri|Math|Guid|DateTime|TimeSpan|String|Int32|Int64|int|long|string|bool|datetime|guid|uri|byte\[\]|char\[\]|string\[\]|IO\.File|IO\.Path|Web\.HttpUtility|Net\.WebUtility|Environment|EnvironmentVariableTarget)$/i;

/** One statement's words at depth 0 and every command name the statement runs. */
export interface PsStatement {
  text: string;
  commands: string[];
}

/** The statements of `code` when every construct is one this reader knows, else null. */
export function readPowershell(code: string): PsStatement[] | null {
  if (code.length > MAX_CHARS) return null;
  const out: PsStatement[] = [];
  const stack: string[] = [];
  let start = 0;
  let commands: string[] = [];
  /** A command word may come next: a statement's start, after `|`, `(` or `=` at its level. */
  let commandNext = true;
  const close = (end: number): void => {
    const text = code.slice(start, end).trim();
    if (text !== '') out.push({ text, commands });
    commands = [];
    start = end + 1;
    commandNext = true;
  };
  let i = 0;
  while (i < code.length) {
    const c = code[i] ?? '';
    const rest = code.slice(i, i + 256);
    if (/\s/.test(c)) {
      if (c === '\n' && stack.length === 0) close(i);
      i++;
      continue;
    }
    if (c === ';') {
      if (stack.length === 0) close(i);
      else if (stack.at(-1) !== '@{') return null;
      commandNext = stack.length === 0;
      i++;
      continue;
    }
    if (c === "'") {
      const m = /^'(?:[^']|'')*'/.exec(code.slice(i, i + MAX_CHARS));
      if (m === null) return null;
      i += m[0].length;
      commandNext = false;
      continue;
    }
    if (c === '"') {
      const m = /^"(?:[^"`$]|`.|\$(?:env:)?[A-Za-z_]\w*|\$(?![({]))*"/.exec(
        code.slice(i, i + MAX_CHARS),
      );
      if (m === null) return null;
      i += m[0].length;
      commandNext = false;
      continue;
    }
    if (c === '$') {
      const m = /^\$(?:(?:env|script|global|local):)?[A-Za-z_]\w*/i.exec(rest);
      if (m === null) return null;
      i += m[0].length;
      commandNext = false;
      continue;
    }
    if (c === '@' && (code[i + 1] === '{' || code[i + 1] === '(')) {
      stack.push(`@${code[i + 1] ?? ''}`);
      if (stack.length > MAX_DEPTH) return null;
      i += 2;
      commandNext = code[i - 1] === '(';
      continue;
    }
    if (c === '(') {
      stack.push('(');
      if (stack.length > MAX_DEPTH) return null;
      i++;
      commandNext = true;
      continue;
    }
    if (c === ')' || c === '}') {
      const open = stack.pop();
      if (open === undefined || (c === '}') !== (open === '@{')) return null;
      i++;
      commandNext = false;
      continue;
    }
    // an index into the value before it (`.Split('=')[1]`, `$lines[-1]`)
    if (c === '[' && !commandNext && /^\[-?\d{1,6}\]/.test(rest)) {
      i += (/^\[-?\d{1,6}\]/.exec(rest)?.[0] ?? '').length;
      continue;
    }
    if (c === '[') {
      const m = /^\[([A-Za-z_][\w.]*(?:\[\])?)\]/.exec(rest);
      if (m === null || !TYPES.test(m[1] ?? '')) return null;
      i += m[0].length;
      const member = /^::[A-Za-z_]\w*/.exec(code.slice(i, i + 128));
      if (member !== null) {
        if (/^IO\.File$|^System\.IO\.File$/i.test(m[1] ?? '') && !/^::Read\w*$/i.test(member[0]))
          return null;
        // of the process environment, only its variables and folders (persistent-env.ts reads the sets)
        if (
          /^(?:System\.)?Environment$/i.test(m[1] ?? '') &&
          !/^::(?:[GS]etEnvironmentVariables?|ExpandEnvironmentVariables|GetFolderPath|UserName|MachineName|NewLine)$/i.test(
            member[0],
          )
        )
          return null;
        i += member[0].length;
      }
      commandNext = false;
      continue;
    }
    if (c === '.' && /^\.[A-Za-z_]\w*/.test(rest) && !commandNext) {
      i += (/^\.[A-Za-z_]\w*/.exec(rest)?.[0] ?? '').length;
      continue;
    }
    if (c === '|' && code[i + 1] !== '|') {
      i++;
      commandNext = true;
      continue;
    }
    if (c === '=' || c === '+' || c === ',' || c === '*' || c === '/') {
      i += /^(?:\+=|-=|==?)/.test(rest) ? (/^(?:\+=|-=|==)/.test(rest) ? 2 : 1) : 1;
      // the right side of an assignment at statement level may start with a command
      commandNext = c === '=' && stack.length === 0;
      continue;
    }
    const word = /^[^\s;|(){}'"$@[\],=+]+/.exec(rest)?.[0];
    // a leading `.` or `&` runs a script only where a command goes; elsewhere `.\\f` is a path
    if (word === undefined || /[<>&]/.test(word) || (commandNext && word.startsWith('.')))
      return null;
    if (commandNext && !word.startsWith('-') && !/^\d/.test(word)) {
      if (!COMMANDS.test(word)) return null;
      commands.push(word);
    }
    commandNext = false;
    i += word.length;
  }
  if (stack.length > 0) return null;
  close(code.length);
  return out;
}
