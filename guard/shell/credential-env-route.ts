// `export GITHUB_TOKEN=$(gh auth token) && goreleaser release`, `export STRIPE_API_KEY="$(op read
// op://...)" && stripe customers list`: a token exported under its issuer's own variable for the
// issuer's release tools or own CLI, and nothing else run, is their use, not a read
// (docs/guard.md "Credential routing").
import { issuerOfProgram, issuersNamedIn, type Issuer } from '../egress/issuers.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import { printsHeaders, writesFile } from './issuer-request.js';
import { reshapes } from './secret-consumers.js';
import { runnerTarget } from './wrappers.js';
import { cliStaysWithIssuer } from './issuer-cli-hosts.js';
import { publishesTo } from './registry-publish.js';

/** Release tools that publish to the issuer with the token from its variable, by issuer name. */
const RELEASE_TOOLS: Readonly<Record<string, RegExp>> = {
  GitHub: /^(?:gh|hub|goreleaser|semantic-release|release-please|ghr)$/,
  GitLab: /^(?:glab|goreleaser|semantic-release|release-cli)$/,
};
/**
 * The program a command runs: a package runner's package (`npx @vscode/vsce`, `pnpm dlx
 * wrangler@3`) by its bare name, else the command itself.
 */
export function programRun(c: ShellCommand): string {
  const run = runnerTarget(c.argv);
  if (run === null) return c.name;
  const pkg = (run[0] ?? '').replace(/(?!^)@[^/]*$/, '');
  // a vendor's CLI published as `@vendor/cli` installs the program `vendor-cli` (`@sentry/cli`)
  const scoped = /^@([a-z0-9][\w.-]*)\/cli$/i.exec(pkg);
  if (scoped !== null) return `${scoped[1] ?? ''}-cli`;
  return pkg.slice(pkg.lastIndexOf('/') + 1);
}

/** CLI words that show the CLI's own configuration or credential rather than use it. */
const SHOWS_CREDENTIAL =
  /^(?:auth|config|token|login|logout|env|whoami|credentials?|--print-\S*|--show-\S*)$/i;

/** The issuer's own CLI (`stripe`, `vercel`) or registry publisher (`npm publish`), run for anything but showing its credential. */
export function ownCli(c: ShellCommand, issuer: Issuer): boolean {
  return (
    ((issuerOfProgram(programRun(c)) === issuer && cliStaysWithIssuer(c, issuer)) ||
      publishesTo(c, issuer)) &&
    !c.argv.slice(1).some((a) => SHOWS_CREDENTIAL.test(a)) &&
    !printsHeaders(c) &&
    !writesFile(c)
  );
}

function releaseTool(c: ShellCommand, tools: RegExp): boolean {
  return tools.test(programRun(c)) && !printsHeaders(c) && !writesFile(c);
}

/**
 * True when `cmd` runs inside the substitution of the script's first command, an `export` of only
 * the issuer's variables, and every later command is one of the issuer's release tools printing no
 * headers and keeping no output in a file. Attacker-controlled: the agent wrote the command.
 */
export function exportedToReleaseTools(
  cmd: ShellCommand,
  all: ShellAnalysis,
  issuer: Issuer | null,
): boolean {
  if (!cmd.substitution) return false;
  const [owner] = all.commands;
  if (owner === undefined || owner.name !== 'export' || owner.substitution) return false;
  if (owner.nested !== cmd.nested || all.commands.indexOf(cmd) !== 1) return false;
  // the substitution's pipeline may reshape the value (`| cut -d= -f2`), nothing more
  const inside = all.commands.filter((c, i) => i > 0 && c.substitution);
  if (!inside.slice(1).every((c) => c.pipeline === cmd.pipeline && reshapes(c))) return false;
  const words = owner.argv.slice(1);
  const names = words.map((w) => /^([A-Za-z_]\w*)=/.exec(w)?.[1]);
  // a secret store's read names no issuer: the exported variables do, when they name one
  const named = issuersNamedIn(names.map((n) => `$${n ?? ''}`).join(' '));
  const who = issuer ?? (named.length === 1 ? (named[0] ?? null) : null);
  if (who === null) return false;
  if (words.length === 0 || !names.every((n) => n !== undefined && who.vars.test(n))) return false;
  const tools = RELEASE_TOOLS[who.name];
  const rest = all.commands.slice(1).filter((c) => !c.substitution);
  return (
    rest.length > 0 &&
    rest.every((c) => (tools !== undefined && releaseTool(c, tools)) || ownCli(c, who))
  );
}
