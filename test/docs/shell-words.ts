// Splits a POSIX sh script, as the docs write them, into its simple commands and their words
// (quotes removed, line continuations joined, comments, redirections and here-documents dropped),
// so a test can find each `mesh ...` command line without running the script.

/** Words that may precede a command without being it. */
const PREFIXES = new Set(['do', 'then', 'else', 'elif', '!', '{', '(', 'time', 'exec']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The simple commands of SCRIPT, each as its words, assignments and `do`/`then` prefixes removed. */
export function simpleCommands(script: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word: string | undefined;
  let heredocs: string[] = [];
  let redirect = false;
  const endWord = (): void => {
    if (word === undefined) return;
    if (redirect) redirect = false;
    else words.push(word);
    word = undefined;
  };
  const endCommand = (): void => {
    endWord();
    let i = 0;
    while (i < words.length && (PREFIXES.has(words[i] ?? '') || ASSIGNMENT.test(words[i] ?? '')))
      i++;
    if (i < words.length) commands.push(words.slice(i));
    words = [];
  };
  const s = script;
  let i = 0;
  while (i < s.length) {
    const c = s[i] ?? '';
    if (c === '\\' && s[i + 1] === '\n') {
      i += 2;
    } else if (c === '\\') {
      word = (word ?? '') + (s[i + 1] ?? '');
      i += 2;
    } else if (c === "'") {
      const end = s.indexOf("'", i + 1);
      word = (word ?? '') + s.slice(i + 1, end < 0 ? s.length : end);
      i = end < 0 ? s.length : end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      while (j < s.length && s[j] !== '"') {
        if (s[j] === '\\' && '"\\$`'.includes(s[j + 1] ?? '')) j++;
        text += s[j] ?? '';
        j++;
      }
      word = (word ?? '') + text;
      i = j + 1;
    } else if (c === '$' && s[i + 1] === '(') {
      let depth = 0;
      let j = i + 1;
      for (; j < s.length; j++) {
        if (s[j] === '(') depth++;
        else if (s[j] === ')' && --depth === 0) break;
      }
      word = (word ?? '') + s.slice(i, j + 1);
      i = j + 1;
    } else if (c === '#' && word === undefined) {
      while (i < s.length && s[i] !== '\n') i++;
    } else if (c === '\n') {
      endCommand();
      i++;
      for (const delimiter of heredocs) {
        while (i < s.length) {
          const eol = s.indexOf('\n', i);
          const line = s.slice(i, eol < 0 ? s.length : eol);
          i = eol < 0 ? s.length : eol + 1;
          if (line.replace(/^\t+/, '') === delimiter) break;
        }
      }
      heredocs = [];
    } else if (c === ' ' || c === '\t') {
      endWord();
      i++;
    } else if (c === '<' && s[i + 1] === '<') {
      endWord();
      i += s[i + 2] === '-' ? 3 : 2;
      while (s[i] === ' ') i++;
      const m = /^(['"]?)([A-Za-z0-9_-]+)\1/.exec(s.slice(i));
      heredocs.push(m?.[2] ?? '');
      i += m?.[0].length ?? 0;
    } else if (c === '>' || c === '<') {
      if (word !== undefined && /^[0-9]$/.test(word)) word = undefined;
      endWord();
      i += s[i + 1] === '>' || s[i + 1] === '&' ? 2 : 1;
      if (s[i - 1] === '&' && /[0-9]/.test(s[i] ?? '')) i++;
      else redirect = true;
    } else if (';&|()'.includes(c)) {
      endCommand();
      i += (c === '&' || c === '|') && s[i + 1] === c ? 2 : 1;
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  endCommand();
  return commands;
}

/** The arguments after `mesh` (or `npx mesh`) of each `mesh` command in SCRIPT. */
export function meshCommands(script: string): string[][] {
  return simpleCommands(script).flatMap((w) => {
    const at = w[0] === 'npx' && w[1] === 'mesh' ? 2 : w[0] === 'mesh' ? 1 : -1;
    return at < 0 ? [] : [w.slice(at)];
  });
}
