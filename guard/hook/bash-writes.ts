// Bash writes count as file writes: the files a shell command writes (redirections, tee,
// sed -i, cp/mv/install/dd destinations, heredocs and inline code fed to interpreters), so rules about
// file writes see them as Write calls.
import type { ShellAnalysis, ShellCommand } from '../shell/model.js';

export interface BashWrite {
  path: string;
  /** What writes it: `>`, `tee`, `sed -i`, `cp`, `python heredoc`, ... */
  via: string;
  /** Content, where the command carries it (a heredoc or here-string). */
  content: string;
}

const WRITE_REDIRECTS = new Set(['>', '>>', '&>', '&>>', '>|', '>&']);
const INTERPRETERS = /^(python[0-9.]*|node|nodejs|ruby|perl|php|deno|bun|sh|bash|zsh|dash)$/;
// Paths that interpreter code opens for writing; best effort (the code may compute the path).
const CODE_WRITES = [
  /open\(\s*['"]([^'"]+)['"]\s*,\s*['"][wax]/g,
  /writeFile(?:Sync)?\(\s*['"]([^'"]+)['"]/g,
  /appendFile(?:Sync)?\(\s*['"]([^'"]+)['"]/g,
  /Path\(\s*['"]([^'"]+)['"]\s*\)\.write_(?:text|bytes)/g,
  /File\.(?:write|open)\(\s*['"]([^'"]+)['"]/g,
];

function operands(argv: string[]): string[] {
  return argv.slice(1).filter((a) => !a.startsWith('-'));
}

function commandWrites(c: ShellCommand): BashWrite[] {
  const out: BashWrite[] = [];
  const content = c.stdin ?? '';
  for (const r of c.redirects)
    if (WRITE_REDIRECTS.has(r.op) && !/^\d+$|^-$/.test(r.target) && r.target !== '/dev/null')
      out.push({ path: r.target, via: r.op, content });
  const args = operands(c.argv);
  switch (c.name) {
    case 'tee':
      for (const p of args) out.push({ path: p, via: 'tee', content });
      break;
    case 'sed':
    case 'perl':
      if (c.argv.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith('--in-place')))
        for (const p of args.slice(c.argv.some((a) => a === '-e' || a === '-f') ? 0 : 1))
          out.push({ path: p, via: `${c.name} -i`, content: '' });
      break;
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln':
    case 'rsync': {
      const dest = args[args.length - 1];
      if (args.length >= 2 && dest !== undefined)
        out.push({ path: dest, via: c.name, content: '' });
      break;
    }
    case 'dd':
      for (const a of c.argv)
        if (a.startsWith('of=')) out.push({ path: a.slice(3), via: 'dd', content: '' });
      break;
    case 'truncate':
    case 'touch':
      for (const p of args) out.push({ path: p, via: c.name, content: '' });
      break;
    default:
      break;
  }
  return out;
}

function codeWrites(interpreter: string, code: string): BashWrite[] {
  const out: BashWrite[] = [];
  for (const re of CODE_WRITES)
    for (const m of code.matchAll(re))
      if (m[1])
        out.push({ path: m[1], via: `${interpreter} code`, content: code.slice(0, 64 * 1024) });
  return out;
}

/** Every file write the analysed command would make, deduplicated by path and means. */
export function bashWrites(analysis: ShellAnalysis): BashWrite[] {
  const all: BashWrite[] = analysis.commands.flatMap(commandWrites);
  for (const s of analysis.scripts) all.push(...codeWrites(s.interpreter, s.code));
  for (const c of analysis.commands)
    if (c.stdin !== undefined && INTERPRETERS.test(c.name))
      all.push(...codeWrites(`${c.name} heredoc`, c.stdin));
  const seen = new Set<string>();
  return all.filter((w) => {
    const k = `${w.path}\u0000${w.via}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
