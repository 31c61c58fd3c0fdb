// `dotnet user-secrets set "ConnectionStrings:Default" "...Password=..."`: a secret written into a
// store on this machine (.NET user secrets, the macOS keychain, the Secret Service, pass, Python
// keyring) stays on it; that is what the store is for. A remote store's set (`gh secret set`,
// `wrangler secret put`) follows its issuer's routing instead (docs/guard.md "Credentials and
// their issuers").
import type { ShellCommand } from '../shell/model.js';
import type { ShellView } from './detector.js';

const STORE_PROGRAMS = new Set(['dotnet', 'security', 'secret-tool', 'pass', 'gopass', 'keyring']);

/** `c` writes one entry into a local store (its value as a word or on stdin). */
function localSet(c: ShellCommand): boolean {
  const [, a1, a2] = c.argv;
  switch (c.name) {
    case 'dotnet':
      return a1 === 'user-secrets' && a2 === 'set';
    case 'security':
      return a1 === 'add-generic-password' || a1 === 'add-internet-password';
    case 'secret-tool':
      return a1 === 'store';
    case 'pass':
    case 'gopass':
      return a1 === 'insert';
    case 'keyring':
      return a1 === 'set';
    default:
      return false;
  }
}

/** `printf '%s' "$v" | pass insert -e name`: the value's printer feeding the store. */
const printer = (c: ShellCommand): boolean =>
  (c.name === 'printf' || c.name === 'echo') && c.stage === 0 && c.stages === 2;

/**
 * True when every command of the script is a local store's set (or `cd`, or a printer piped into
 * one), with no redirect, substitution or dynamic word. Attacker-controlled: the agent wrote it.
 */
export function localStoreOnly(view: ShellView): boolean {
  const cmds = view.analysis.commands;
  if (view.analysis.status !== 'ok' || !cmds.some((c) => STORE_PROGRAMS.has(c.name))) return false;
  let sets = 0;
  for (const c of cmds) {
    if (c.dynamic === true || c.tainted === true || c.via !== undefined || c.substitution)
      return false;
    if (c.redirects.length > 0 || c.wrappers.length > 0) return false;
    if (localSet(c)) sets++;
    else if (c.name === 'printf' || c.name === 'echo') {
      const next = cmds.find((d) => d.pipeline === c.pipeline && d.stage === 1);
      if (c.pipeline < 0 || !printer(c) || next === undefined || !localSet(next)) return false;
    } else if (c.name !== 'cd') return false;
  }
  return sets > 0;
}
