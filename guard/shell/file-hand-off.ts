// `base64 -w0 release.keystore > keystore.b64 && gh secret set ANDROID_KEYSTORE_B64 < keystore.b64
// && shred -u keystore.b64`: a project file encoded into a scratch file that only a secret store's
// setter reads, removed right after, reaches the store and nothing else (docs/guard.md "Credential
// routing"). Any other command naming the scratch file, or a scratch file left behind, keeps the read.
import type { ShellAnalysis, ShellCommand } from './model.js';

/** Readers and encoders that hand a file's bytes on unchanged in meaning. */
export const PASS_ON = /^(?:cat|base64|xxd|tr|gzip|openssl)$/;

/** A project file: relative, not climbing out, no expansion. */
export function inProject(p: string): boolean {
  return !/^[~/$]/.test(p) && !/(?:^|\/)\.\.(?:\/|$)/.test(p) && !p.includes('$');
}

/** The one file `c` writes its output to: its `>` redirect or base64's `-o FILE`. */
function scratchOf(c: ShellCommand): string | null {
  const out = c.redirects.filter((r) => r.op !== '<');
  const at = c.name === 'base64' ? c.argv.findIndex((a) => a === '-o' || a === '--output') : -1;
  if (out.length === 1 && at < 0 && out[0]?.op === '>') return out[0].target;
  if (out.length === 0 && at > 0) return c.argv[at + 1] ?? null;
  return null;
}

const names = (c: ShellCommand, f: string): boolean =>
  c.argv.includes(f) || c.redirects.some((r) => r.target === f);

/** `rm [-f] F`, `shred -u F`: removes the scratch file. */
const removes = (c: ShellCommand, f: string): boolean =>
  c.argv.includes(f) &&
  (c.name === 'rm' || (c.name === 'shred' && c.argv.some((a) => /^-\w*u|^--remove/.test(a))));

/**
 * The `gh secret set` that alone reads the file `cmd` (an encoder of project files, run on its own)
 * writes, when a later command removes that file; null otherwise.
 */
export function handedOffFile(cmd: ShellCommand, all: ShellAnalysis): ShellCommand | null {
  if (cmd.substitution || cmd.pipeline >= 0 || !PASS_ON.test(cmd.name)) return null;
  if (cmd.name === 'openssl' && cmd.argv[1] !== 'base64') return null;
  const f = scratchOf(cmd);
  if (f === null || !inProject(f)) return null;
  const later = all.commands
    .slice(all.commands.indexOf(cmd) + 1)
    .filter((c) => !c.substitution && names(c, f));
  const [setter, remover, ...more] = later;
  if (setter === undefined || remover === undefined || more.length > 0) return null;
  const reads =
    setter.name === 'gh' &&
    setter.argv[1] === 'secret' &&
    setter.argv[2] === 'set' &&
    setter.pipeline < 0 &&
    !setter.argv.includes(f) &&
    setter.redirects.some((r) => r.op === '<' && r.target === f);
  return reads && removes(remover, f) ? setter : null;
}
