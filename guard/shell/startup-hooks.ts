// Inline code (`python3 -c`, `node -e`, `ruby -e`, `perl -e`) that writes a Python start-up hook:
// a `.pth` file in site-packages or sitecustomize/usercustomize, which every later interpreter runs
// (docs/guard.md "Detectors"). The file name is usually built at run time, so the text is read.
import type { ShellCommand } from './model.js';

const INLINE = /^(?:python[0-9.]*|py|node|ruby|perl)$/;
const HOOK_FILE = /\.pth\b|\b(?:sitecustomize|usercustomize)(?:\.py)?\b/;
const SITE =
  /getsitepackages|getusersitepackages|USER_SITE|site-packages|dist-packages|sysconfig|sitecustomize|usercustomize/;
const WRITES =
  /write_text|write_bytes|\.write\s*\(|open\s*\([^)]*['"][wa]\+?b?['"]|writeFileSync|appendFileSync|writeFile\s*\(|File\.write|>>?\s*\$|print\s*\{/;

/** Why this command's inline code writes a Python start-up hook, or null. */
export function writesStartupHook(cmd: ShellCommand): string | null {
  if (!INLINE.test(cmd.name)) return null;
  const code = cmd.argv.slice(1).join('\n');
  // a `.pth` whose text starts a line with `import` runs wherever it lands
  const site = SITE.test(code) || (/\.pth\b/.test(code) && /['"]import\s/.test(code));
  return HOOK_FILE.test(code) && site && WRITES.test(code)
    ? `${cmd.name} writes a Python start-up hook`
    : null;
}

const PTH = /\.pth$/;

/**
 * A `.pth` written by `echo`/`printf` with only folder lines: Python adds them to `sys.path` and
 * runs nothing (only lines starting `import` run), the usual way to put a project's source on it.
 */
export function pathOnlyPth(cmd: ShellCommand, target: string): boolean {
  if (!PTH.test(target) || (cmd.name !== 'echo' && cmd.name !== 'printf')) return false;
  return !/(?:^|\n|\\n)\s*import\b/.test(cmd.argv.slice(1).join('\n'));
}

/** An `echo`/`printf` of an `import` line into any `.pth`, wherever its folder comes from. */
export function importIntoPth(cmd: ShellCommand): string | null {
  const r = cmd.redirects.find((x) => x.op.startsWith('>') && PTH.test(x.target));
  if (r === undefined || (cmd.name !== 'echo' && cmd.name !== 'printf')) return null;
  return /(?:^|\n|\\n)\s*import\b/.test(cmd.argv.slice(1).join('\n'))
    ? `${cmd.name} writes an import line into ${r.target}`
    : null;
}
