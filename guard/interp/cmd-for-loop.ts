// cmd.exe's `for` loop deleting each item of a set (docs/guard.md "Interpreter code"):
// `for /d %u in (C:\Users\*) do rd /s /q "%u\Documents"` removes that folder of every user, as
// PowerShell's `Get-ChildItem C:\Users | % { Remove-Item "$($_.FullName)\Documents" -Recurse }` does.

/** What a loop's delete reaches: each set item (`C:\Users\*`) with the path the body appends. */
export interface LoopDelete {
  items: string[];
  /** What the body appends to the loop variable (`\Documents`), '' for the item itself. */
  below: string;
  /** The delete program and its switches, as the body spells them. */
  head: string[];
}

/** The delete a `for ... in (SET) do rd /s ...` statement does; null for any other statement. */
export function forLoopDelete(words: readonly string[]): LoopDelete | null {
  const variable = words.find((w) => /^%%?[A-Za-z]$/.test(w));
  const inAt = words.findIndex((w) => w.toLowerCase() === 'in');
  const doAt = words.findIndex((w) => w.toLowerCase() === 'do');
  if (variable === undefined || inAt < 0 || doAt < inAt) return null;
  const items = words
    .slice(inAt + 1, doAt)
    .join(' ')
    .replace(/^\(|\)$/g, '')
    .split(/[\s,;]+/)
    .filter((w) => w !== '');
  const body = words.slice(doAt + 1).map((w, i) => (i === 0 ? w.replace(/^@/, '') : w));
  const [name = '', ...rest] = body;
  if (!/^(?:rd|rmdir|del|erase)$/i.test(name)) return null;
  const target = rest.find((w) => !w.startsWith('/'));
  if (target === undefined || !target.startsWith(variable)) return null;
  return {
    items,
    below: target.slice(variable.length),
    head: [name, ...rest.filter((w) => w.startsWith('/'))],
  };
}
