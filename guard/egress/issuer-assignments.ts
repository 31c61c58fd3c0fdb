// `WANDB_API_KEY=<key> wandb login`: a value assigned to an issuer's own variable for one command,
// that command the issuer's CLI or a request program, is given to that issuer (docs/guard.md
// "Credentials and their issuers"). An `export`, a bare assignment, or any other program the
// variable reaches is no such binding.
import type { ShellView } from '../detectors/detector.js';
import { issuerOfProgram, issuerOfVariable, REQUEST_PROGRAMS, type Issuer } from './issuers.js';
import { envStaysWithIssuer } from '../shell/issuer-cli-hosts.js';
import { registryCliIssuer } from './registry-clis.js';

/** `NAME=value` as a word of its own, the value bare or quoted without expansions. */
export const ASSIGNMENT =
  /(?<![^\s;&|(])([A-Z][A-Z0-9_]{0,127})=("[^"$`\\]*"|'[^']*'|[^\s'"$`;&|()<>]+)/g;

export interface IssuerSpan {
  start: number;
  end: number;
  issuer: Issuer;
}

/** The values of `command` assigned to an issuer's variable prefixing its CLI or a request. */
export function issuerAssignments(command: string, view: ShellView): IssuerSpan[] {
  const out: IssuerSpan[] = [];
  const all = [...command.slice(0, 65_536).matchAll(ASSIGNMENT)];
  for (const m of all) {
    const name = m[1] ?? '';
    const issuer = issuerOfVariable(name);
    if (issuer === null) continue;
    const users = view.analysis.commands.filter((c) => c.env?.some((e) => e.name === name));
    const own = (c: (typeof users)[number]): boolean =>
      issuerOfProgram(c.name) === issuer || registryCliIssuer(c) === issuer;
    if (!users.some((c) => own(c) || REQUEST_PROGRAMS.has(c.name))) continue;
    // a server variable beside the key sends it elsewhere (docs/guard.md "Credential routing")
    const pairs = all.map((a) => [a[1] ?? '', a[2] ?? ''] as const);
    if (!envStaysWithIssuer(pairs, name, issuer)) continue;
    const start = m.index + name.length + 1;
    out.push({ start, end: start + (m[2] ?? '').length, issuer });
  }
  return out;
}
