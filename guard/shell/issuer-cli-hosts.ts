// The issuer's own CLI given a server: `sentry-cli --url https://sentry.io info` sends the token to
// its issuer, `--url https://collector.example` to whoever runs that host (docs/guard.md
// "Credential routing").
import { canonicalHost } from '../egress/hosts.js';
import { isLoopbackHost, isPrivateAddress } from '../egress/internal-hosts.js';
import { issuerHost, type Issuer } from '../egress/issuers.js';
import type { ShellCommand } from './model.js';
import { runnerTarget } from './wrappers.js';

/** Global options whose value is the server a CLI talks to, as a URL or a bare host. */
const SERVER_OPTS = /^--(?:url|host|hostname|server|endpoint|api-url|base-url|api-host)$/;

/** `host` is one of `issuer`'s, this machine or a private address (a self-hosted instance). */
export function hostStaysWithIssuer(host: string, issuer: Issuer): boolean {
  return issuerHost(issuer, host) || isLoopbackHost(host) || isPrivateAddress(host);
}

/**
 * Variables by which SDKs and CLIs take the server they send their key to (`WANDB_BASE_URL`,
 * `OPENAI_BASE_URL`, `ANTHROPIC_BASE_URL`, `HF_ENDPOINT`, `NPM_CONFIG_REGISTRY`, `SENTRY_URL`).
 */
export const SERVER_VAR =
  /(?:^|_)(?:BASE_?URL|API_?BASE|API_?URL|API_?HOST|URL|HOST|ENDPOINT|REGISTRY|SERVER)$/;

/**
 * True unless one of the `NAME=value` assignments of the command names, by such a variable of the
 * key's own vendor (the same first word as `keyVar`: `WANDB_`, `HF_`, `NPM_`), a server outside
 * `issuer`'s hosts, this machine and private addresses: `WANDB_BASE_URL=https://x
 * WANDB_API_KEY=<key> wandb login` hands the key to x. This value is attacker-controlled.
 */
export function envStaysWithIssuer(
  assignments: readonly (readonly [string, string])[],
  keyVar: string,
  issuer: Issuer,
): boolean {
  const vendor = `${keyVar.split('_')[0] ?? keyVar}_`;
  for (const [name, value] of assignments) {
    if (!name.startsWith(vendor) || !SERVER_VAR.test(name)) continue;
    const raw = value.replace(/^(["'])(.*)\1$/, '$2');
    const host = canonicalHost(raw);
    if (host === null || !hostStaysWithIssuer(host, issuer)) return false;
  }
  return true;
}

/** The server a global option names (`--url U`, `--url=U`), or null when `word` names none. */
function serverNamed(word: string, prev: string): string | null {
  const eq = /^(--[\w-]+)=(.+)$/.exec(word);
  const value =
    eq !== null && SERVER_OPTS.test(eq[1] ?? '') ? eq[2] : SERVER_OPTS.test(prev) ? word : null;
  return value === null || value === undefined ? null : (canonicalHost(value) ?? value);
}

/**
 * True when every server the CLI's global options name (those before its first subcommand word:
 * after it, `--url` is often data, as in `stripe webhook_endpoints create --url`) is one of
 * `issuer`'s hosts, this machine or a private address (a self-hosted instance on the operator's
 * network). This value is attacker-controlled (an agent wrote the command).
 */
export function cliStaysWithIssuer(c: ShellCommand, issuer: Issuer): boolean {
  // most CLI runs start with their subcommand: one cheap test before reading words
  if (!c.argv.some((a) => a.startsWith('--'))) return true;
  const argv = runnerTarget(c.argv) ?? c.argv;
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i] ?? '';
    const prev = argv[i - 1] ?? '';
    const host = serverNamed(word, prev);
    if (host !== null) {
      if (!hostStaysWithIssuer(host, issuer)) return false;
    } else if (!word.startsWith('-') && !prev.startsWith('-')) return true;
  }
  return true;
}
