// Flow and taint: the files a shell command reads (each file operand of a reading command,
// and every `<` redirection), so a Bash result is labelled by the paths it read, as a Read result is
// by its file_path, and `cat .env` taints like Read(.env) does.
import { posix } from 'node:path';
import type { ShellAnalysis, ShellCommand } from '../shell/model.js';

/**
 * Reading commands and the short options of each that take a value (`head -c 100`), so the value is
 * not taken for a file. `pattern`: the first operand is a pattern or program, not a file, unless
 * one of `scriptOpts` gave it.
 */
interface Reader {
  valued: string;
  pattern?: true;
  scriptOpts?: string;
}

const PLAIN: Reader = { valued: '' };
const READERS = new Map<string, Reader>([
  ...[
    'cat',
    'tac',
    'nl',
    'less',
    'more',
    'rev',
    'strings',
    'xxd',
    'hexdump',
    'od',
    'base64',
    'base32',
    'basenc',
    'md5sum',
    'sha1sum',
    'sha256sum',
    'sha512sum',
    'zcat',
    'bzcat',
    'xzcat',
    'gzip',
    'bzip2',
    'xz',
    'diff',
    'cmp',
    'source',
    '.',
    'paste',
    'uniq',
    'fold',
    'fmt',
    'expand',
  ].map((n): [string, Reader] => [n, PLAIN]),
  ['head', { valued: 'nc' }],
  ['tail', { valued: 'ncs' }],
  ['wc', PLAIN],
  ['cut', { valued: 'bcdf' }],
  ['sort', { valued: 'kotST' }],
  ['tr', { valued: '' }],
  ['grep', { valued: 'ABCdDefmX', pattern: true, scriptOpts: 'ef' }],
  ['egrep', { valued: 'ABCdDefmX', pattern: true, scriptOpts: 'ef' }],
  ['fgrep', { valued: 'ABCdDefmX', pattern: true, scriptOpts: 'ef' }],
  ['rg', { valued: 'ABCegtTmM', pattern: true, scriptOpts: 'ef' }],
  ['awk', { valued: 'Fvf', pattern: true, scriptOpts: 'f' }],
  ['gawk', { valued: 'Fvf', pattern: true, scriptOpts: 'f' }],
  ['sed', { valued: 'ef', pattern: true, scriptOpts: 'ef' }],
  ['jq', { valued: 'f', pattern: true, scriptOpts: 'f' }],
  ['cp', PLAIN],
  ['scp', { valued: 'iFPlocS' }],
]);

/** Home and `./` written differently name the same file; `~` stays `~` (globs such as **\/.aws/** see it). */
function clean(p: string): string {
  const s = p.replace(/^\$\{?HOME\}?(?=\/|$)/, '~').replace(/\/{2,}/g, '/');
  return s.startsWith('./') ? s.slice(2) : s;
}

function operandFiles(c: ShellCommand, r: Reader): string[] {
  const files: string[] = [];
  let patternGiven = false;
  let endOfOptions = false;
  const args = c.argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (!endOfOptions && a === '--') {
      endOfOptions = true;
      continue;
    }
    if (!endOfOptions && a.startsWith('-') && a.length > 1) {
      if (a.startsWith('--')) continue;
      const flag = a[a.length - 1] ?? '';
      if (r.scriptOpts?.includes(flag)) patternGiven = true;
      // `-n 5` takes the next word; `-n5` carries its value.
      if (r.valued.includes(flag) && a.length === 2) {
        const value = args[++i];
        if (flag === 'f' && r.scriptOpts?.includes('f') && value !== undefined) files.push(value);
      }
      continue;
    }
    if (/^[0-9]+$/.test(a) && (c.name === 'head' || c.name === 'tail')) continue;
    files.push(a);
  }
  if (r.pattern && !patternGiven) files.shift();
  // cp reads every operand but the destination.
  if (c.name === 'cp' || c.name === 'scp') files.pop();
  return files;
}

/** Every file the analysed command reads, cleaned, relative ones resolved against cwd when known. */
export function bashReads(analysis: ShellAnalysis, cwd?: string): string[] {
  const out = new Set<string>();
  for (const c of analysis.commands) {
    const found: string[] = [];
    for (const rd of c.redirects) if (rd.op === '<' && rd.target !== '') found.push(rd.target);
    const r = READERS.get(c.name);
    if (r !== undefined) found.push(...operandFiles(c, r));
    if (c.name === 'dd') for (const a of c.argv) if (a.startsWith('if=')) found.push(a.slice(3));
    for (const f of found) {
      if (f === '' || f === '-' || f.startsWith('/dev/')) continue;
      const p = clean(f);
      out.add(
        cwd !== undefined && !p.startsWith('/') && !p.startsWith('~') ? posix.resolve(cwd, p) : p,
      );
    }
  }
  return [...out];
}
