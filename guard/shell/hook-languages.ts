// The little languages other programs run commands from (awk, sed, vim, gdb, make, expect, Lua), read
// from each program's manual: the shell text a program given this code would run (docs/guard.md
// "Indirection").
import { ansiC } from './words.js';

/** A double- or single-quoted literal's body with its backslash escapes decoded. */
const STR = String.raw`"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'`;
const lit = (m: RegExpExecArray, at: number): string => ansiC(m[at] ?? m[at + 1] ?? '');

function each(re: RegExp, text: string, pick: (m: RegExpExecArray) => string | null): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(re)) {
    const s = pick(m);
    if (s !== null && s.trim() !== '' && out.length < 32) out.push(s);
  }
  return out;
}

/**
 * awk (POSIX and gawk manuals): `system(cmd)`, `cmd | getline`, `cmd |& getline` (a coprocess) and
 * `print ... | cmd` / `|& cmd`; of a command the program assembles, its literal start.
 */
export function awkCommands(code: string): string[] {
  return [
    ...each(new RegExp(String.raw`\bsystem\s*\(\s*(?:${STR})`, 'g'), code, (m) => lit(m, 1)),
    ...each(new RegExp(String.raw`(?:${STR})\s*\|&?\s*getline`, 'g'), code, (m) => lit(m, 1)),
    ...each(new RegExp(String.raw`\bprint[f]?\b[^|;}\n]*\|&?\s*(?:${STR})`, 'g'), code, (m) =>
      lit(m, 1),
    ),
  ];
}

/**
 * sed (GNU manual): the `e COMMAND` command, with or without an address, and the `e` flag of `s`,
 * which runs the pattern space after the substitution: the replacement, when it is the whole line.
 */
export function sedCommands(script: string): string[] {
  const out = each(
    /(?:^|[;\n{}])\s*(?:\d+|\$|\/(?:[^/\\\n]|\\.)*\/)?(?:,\s*(?:\d+|\$|\/(?:[^/\\\n]|\\.)*\/))?\s*!?\s*e(?:[ \t]+([^;\n}]+)|(?=[;\n}]|$))/g,
    script,
    (m) => m[1] ?? null,
  );
  for (const m of script.matchAll(/(?:^|[;\n{}]|\/)\s*s(.)/g)) {
    const d = m[1] ?? '/';
    if (/[\w\s\\]/.test(d)) continue;
    const q = d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const body = new RegExp(
      `^(?:[^${q}\\\\]|\\\\.)*${q}((?:[^${q}\\\\]|\\\\.)*)${q}([a-zA-Z0-9]*)`,
    );
    const r = body.exec(script.slice(m.index + m[0].length));
    if (r?.[2]?.includes('e') === true && r[1] !== undefined) out.push(r[1]);
  }
  return out;
}

/**
 * An ex command line of vim, nvim, view or ex (`-c`, `+`, `--cmd`): `:!cmd`, `:r !cmd`, `:w !cmd`,
 * `:shell`, `:terminal cmd`, `system('cmd')`, and Python or Lua code given to `:py3`/`:lua`
 * (returned as a shell command that runs the same code).
 */
export function exCommands(line: string): string[] {
  const out: string[] = [];
  for (const part of line.split(/\s*\|\s*(?=[a-z:!])/)) {
    const c = part.replace(/^[\s:]+/, '').replace(/^(?:sil(?:ent)?!?\s+|exe(?:cute)?\s+)/, '');
    const bang = /^(?:[.$%\d,]*\s*(?:r(?:ead)?|w(?:rite)?)?\s*)!(.*)$/s.exec(c);
    if (bang?.[1] !== undefined) out.push(bang[1]);
    else if (/^(?:sh(?:ell)?|st(?:op)?|sus(?:pend)?)\s*$/.test(c)) out.push('sh');
    else if (/^ter(?:minal)?\b/.test(c))
      out.push(c.replace(/^ter(?:minal)?(?:\s+\+\+\S+)*\s*/, '') || 'sh');
    const py = /^(?:py(?:thon)?3?|pyx?)\s+(.*)$/s.exec(c);
    if (py?.[1] !== undefined) out.push(`python3 -c ${quote(py[1])}`);
    const lua = /^lua\s+(.*)$/s.exec(c);
    if (lua?.[1] !== undefined) out.push(...luaCommands(lua[1]));
    out.push(
      ...each(new RegExp(String.raw`\bsystem(?:list)?\s*\(\s*(?:${STR})`, 'g'), c, (m) =>
        lit(m, 1),
      ),
    );
    if (/^exe(?:cute)?\s+["']!/.test(part.replace(/^[\s:]+/, ''))) {
      const e = new RegExp(String.raw`^exe(?:cute)?\s+(?:${STR})`).exec(
        part.replace(/^[\s:]+/, ''),
      );
      if (e !== null) out.push(lit(e, 1).replace(/^!/, ''));
    }
  }
  return out;
}

/** gdb commands (`-ex`): `shell cmd`, `!cmd`, `pipe ... | cmd`, and `python` code. */
export function gdbCommands(line: string): string[] {
  const c = line.trim();
  const sh = /^(?:shell\b|!)\s*(.*)$/s.exec(c);
  if (sh?.[1] !== undefined) return [sh[1] === '' ? 'sh' : sh[1]];
  const pipe = /^(?:pipe|\|)\s.*?\|\s*(.+)$/s.exec(c);
  if (pipe?.[1] !== undefined) return [pipe[1]];
  const py = /^(?:python3?|py|pi)\s+(.*)$/s.exec(c);
  if (py?.[1] !== undefined) return [`python3 -c ${quote(py[1])}`];
  return [];
}

/** Makefile text (`make --eval`): recipes (after `;` or a tab) and `$(shell ...)` calls. */
export function makeCommands(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const rule = /^[^:=#\t]*[^:=#\t\s]\s*::?(?!=)[^;=]*;(.*)$/.exec(line);
    const recipe = rule?.[1] ?? (line.startsWith('\t') ? line.slice(1) : undefined);
    if (recipe !== undefined) out.push(recipe.replace(/^\s*[@+-]+/, ''));
  }
  for (const m of text.matchAll(/\$[({]shell\s+([^)}]*)[)}]/g))
    if (m[1] !== undefined) out.push(m[1]);
  return out;
}

/** Tcl of expect (`-c` or stdin): `spawn cmd args`, `exec cmd args`, `system cmd`. */
export function expectCommands(code: string): string[] {
  return each(/(?:^|[;\n[{])\s*(?:spawn|exec|system)(?:\s+-\S+)*\s+([^;\n\]}]+)/g, code, (m) =>
    (m[1] ?? '').replace(/[{}]/g, "'"),
  );
}

/** Lua (`lua -e`, vim's `:lua`, an nmap script): `os.execute(cmd)` and `io.popen(cmd)`. */
export function luaCommands(code: string): string[] {
  return each(
    new RegExp(String.raw`\b(?:os\.execute|io\.popen)\s*\(?\s*(?:${STR}|\[\[([\s\S]*?)\]\])`, 'g'),
    code,
    (m) => (m[3] !== undefined ? m[3] : lit(m, 1)),
  );
}

function quote(s: string): string {
  return `'${s.replaceAll("'", `'\\''`)}'`;
}
