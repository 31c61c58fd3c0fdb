// The uploader's own credential in the request's `Authorization` header (`-H "Authorization: Bearer
// $(cat /tmp/gp_token)"`, `$(<token)`, `$(gcloud auth print-access-token)`): it goes to the
// distribution service with the package, as that service's documented upload asks, and is no
// project data sent along (docs/guard.md "Egress"). A credential file of another tool (`~/.aws/...`,
// `.env`) or the same substitution anywhere else in the command stays data.
import { issuerHost, issuerOfTokenCommand } from '../egress/issuers.js';
import { isCredentialPath } from '../sensitive-paths.js';
import type { ShellAnalysis, ShellCommand } from './model.js';

const AUTH = /^\s*Authorization\s*:/i;

/** The values of `-H V`, `-HV`, `--header V`, `--header=V` that set `Authorization`. */
function authHeaders(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    const v =
      a === '-H' || a === '--header'
        ? argv[++i]
        : a.startsWith('--header=')
          ? a.slice(9)
          : a.startsWith('-H')
            ? a.slice(2)
            : undefined;
    if (v !== undefined && AUTH.test(v) && v.includes('$(')) out.push(v);
  }
  return out;
}

export interface AuthReads {
  /** Files whose text fills the header, once per read. */
  files: string[];
  /** The substitutions that fill it. */
  commands: ShellCommand[];
}

/** The substitutions of `cmd`'s words that only fill its `Authorization` header, for `hosts`. */
export function authHeaderReads(
  cmd: ShellCommand,
  all: ShellAnalysis,
  hosts: ReadonlySet<string>,
): AuthReads {
  const out: AuthReads = { files: [], commands: [] };
  if (!cmd.argv.some((a) => AUTH.test(a))) return out;
  const headers = authHeaders(cmd.argv);
  const others = cmd.argv.slice(1).filter((a) => a.includes('$(') && !headers.includes(a));
  for (const h of headers)
    for (const m of h.matchAll(/\$\(<\s*["']?([^)"'\s]{1,256})/g)) {
      const f = m[1] ?? '';
      if (!isCredentialPath(f)) out.files.push(f);
    }
  for (const c of all.commands) {
    if (!c.substitution || c.redirects.length > 0) continue;
    const held = (w: string): boolean => c.argv.every((x) => w.includes(x));
    if (!headers.some(held) || others.some(held)) continue;
    const file = c.argv[1] ?? '';
    if (
      c.name === 'cat' &&
      c.argv.length === 2 &&
      !file.startsWith('-') &&
      !isCredentialPath(file)
    ) {
      out.files.push(file);
      out.commands.push(c);
      continue;
    }
    const issuer = issuerOfTokenCommand(c.argv);
    if (issuer !== null && [...hosts].every((x) => issuerHost(issuer, x))) out.commands.push(c);
  }
  return out;
}
