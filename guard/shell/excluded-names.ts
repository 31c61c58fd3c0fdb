// Words that name files a command leaves out: an archiver's or a copier's exclusion pattern
// (`tar --exclude=.env`, `rsync --exclude .env`, `zip -r x.zip . -x .env`, `7z a x.7z . -xr!.env`)
// and a git pathspec's exclusion (`git archive HEAD -- . ':!.env'`). The file so named is not read
// (docs/guard.md "Credential routing"). A file of patterns (`--exclude-from=F`, `-X F`) is read.
import type { ShellCommand } from './model.js';

const EXCLUDING = new Set(['tar', 'bsdtar', 'gtar', 'rsync', 'zip', '7z', '7za', 'git', 'rg']);
/** Options whose next word, or `=value`, is one exclusion pattern. */
const EXCLUDE_OPT = /^--(?:exclude|exclude-dir|exclude-vcs-ignores)$/;
const GIT_EXCLUDE = /^:(?:!|\^|\(exclude\)|\([\w,]*exclude[\w,]*\))/;

/** True when `cmd.argv[i]` is a pattern `cmd` excludes, not a file it reads. */
export function excludedName(cmd: ShellCommand, i: number): boolean {
  const { argv, name } = cmd;
  if (!EXCLUDING.has(name)) return false;
  const a = argv[i] ?? '';
  const prev = argv[i - 1] ?? '';
  if (name === 'git') return GIT_EXCLUDE.test(a);
  if (name === 'rg')
    return (a.startsWith('!') && /^(?:-g|--glob|--iglob)$/.test(prev)) || /^--i?glob=!/.test(a);
  if (name === '7z' || name === '7za') return /^-xr?[-0]?!/.test(a);
  if (/^--exclude=/.test(a) || EXCLUDE_OPT.test(prev)) return true;
  // zip: every word after `-x` (up to the next option) is a pattern; `-x@F` reads F
  if (name === 'zip') {
    for (let k = i - 1; k > 0; k--) {
      const w = argv[k] ?? '';
      if (w === '-x' || w === '--exclude') return true;
      if (w.startsWith('-')) return false;
    }
  }
  return false;
}
