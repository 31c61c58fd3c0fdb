// An issuer's CLI logging in with a token read from stdin (`cargo login`, `gh auth login
// --with-token`): the piped secret is stored for that registry's own use, never printed
// (docs/guard.md "Credential routing"). Only the CLI's own default host counts for a secret whose
// issuer is unknown; a registry or host option naming another one sends it elsewhere.
import { issuerHost, type Issuer } from '../egress/issuers.js';
import type { ShellCommand } from './model.js';
import { optionValue } from './option-values.js';

/** The host a stdin login of `c` stores its token for, or null when `c` is none. */
function stdinLoginHost(c: ShellCommand): string | null {
  const [, a1, a2] = c.argv;
  if (c.name === 'cargo' && a1 === 'login') {
    // `cargo login TOKEN` takes no stdin; `--registry NAME` is a registry configured elsewhere
    const rest = c.argv.slice(2);
    if (rest.some((a) => !a.startsWith('-'))) return null;
    if (rest.some((a) => /^--(?:registry|index)(?:=|$)/.test(a))) return null;
    return 'crates.io';
  }
  if (c.name === 'gh' && a1 === 'auth' && a2 === 'login' && c.argv.includes('--with-token'))
    return optionValue(c.argv, ['--hostname', '-h']) ?? 'github.com';
  return null;
}

/**
 * True when `c` logs in with the secret on its stdin for `issuer` (a secret of unknown issuer only at the
 * CLI's default host).
 */
export function stdinLoginFor(c: ShellCommand, issuer: Issuer | null): boolean {
  if (c.name !== 'cargo' && c.name !== 'gh') return false;
  const host = stdinLoginHost(c);
  if (host === null) return false;
  if (issuer !== null) return issuerHost(issuer, host);
  return host === 'crates.io' || host === 'github.com';
}
