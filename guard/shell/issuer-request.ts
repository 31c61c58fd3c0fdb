// A request that hands a credential to its own issuer and shows the agent nothing of it: the one
// test behind a token CLI's output, an env file's variables and a routed value sent to their
// issuer (docs/guard.md "Credentials and their issuers").
import { issuerHost, REQUEST_PROGRAMS, type Issuer } from '../egress/issuers.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import { networkIntents } from './intent-network.js';

const OUT = /^(?:>|>>|>\||&>|&>>)$/;

/** A reply or trace written to a file may hold the credential; `2>/dev/null` and `2>&1` are fine. */
export const writesFile = (c: ShellCommand): boolean =>
  c.redirects.some((r) => OUT.test(r.op) && r.target !== '/dev/null' && !/^\d+$/.test(r.target));

/** A verbose or trace run prints the request's headers, the credential with them. */
export const printsHeaders = (c: ShellCommand): boolean =>
  c.argv.some((a) => /^-[a-zA-Z]*v|^--(?:verbose|trace|print)/.test(a));

/**
 * True when `c` is a request program sending only to hosts of `issuers`, reaching each of them
 * (one issuer's credential sent with another's request reaches a host it was not issued for),
 * printing no headers and keeping no reply in a file. This value is attacker-controlled (an agent
 * wrote the command).
 */
export function requestToIssuers(
  c: ShellCommand,
  all: ShellAnalysis,
  issuers: readonly Issuer[],
): boolean {
  if (!REQUEST_PROGRAMS.has(c.name) || printsHeaders(c) || writesFile(c)) return false;
  const hosts = networkIntents(c, all).flatMap((h) => h.hosts ?? []);
  return (
    issuers.length > 0 &&
    hosts.length > 0 &&
    hosts.every((h) => issuers.some((i) => issuerHost(i, h))) &&
    issuers.every((i) => hosts.some((h) => issuerHost(i, h)))
  );
}
