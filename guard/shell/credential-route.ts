// Where a credential a command reads goes: into a project file, a child's environment or another
// CLI's stdin rather than the agent's output is its use, not a read (docs/guard.md "Credential
// routing"). Anything printed, kept outside the project or handed to an unknown program stays a read.
import {
  issuerHost,
  issuerOfProgram,
  issuerOfTokenCommand,
  issuerOfVariable,
  issuersNamedIn,
  type Issuer,
} from '../egress/issuers.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import { requestToIssuers } from './issuer-request.js';
import { cliCredentialRead } from './credential-clis.js';
import { isCredentialPath } from '../sensitive-paths.js';
import { exportedToReleaseTools, programRun } from './credential-env-route.js';
import { cliStaysWithIssuer } from './issuer-cli-hosts.js';
import {
  ghSecretOfAccount,
  namesOnlyFilter,
  reshapes,
  secretConsumer,
} from './secret-consumers.js';
import { storeReadIssuer } from './secret-store-issuer.js';
import {
  connectionUrlIntoClient,
  connectionUrlIntoMigrator,
  readsConnectionUrl,
} from './dsn-into-client.js';
import { exportedIntoLocalClient } from './client-env-route.js';
import { stdinIntoSubstitution } from './stdin-substitution.js';
import { publishesTo } from './registry-publish.js';
import { handedOffFile } from './file-hand-off.js';
import { assignedForIssuer } from './assigned-issuer-token.js';
import { stdinLoginFor } from './stdin-logins.js';

const OUT = /^(?:>|>>|>\||&>|&>>)$/;
/** Project folders a web server or a published package serves: a secret there is published. */
const SERVED = /^(?:\.\/)?(?:public|static|www|dist|build|out|docs|assets|htdocs|_site)(?:\/|$)/;

/** A project file (relative, not climbing out, not served) the guard keeps as a credential file. */
function projectCredentialFile(target: string): boolean {
  return (
    !/^[~/$]/.test(target) &&
    !/(?:^|\/)\.\.(?:\/|$)/.test(target) &&
    !SERVED.test(target) &&
    isCredentialPath(target)
  );
}

/** `/dev/null`, or a project credential file (`.env.local`): reading it back is a read again. */
function keptPlace(target: string): boolean {
  return target === '/dev/null' || projectCredentialFile(target);
}

const FILE_READERS = new Set(['grep', 'rg', 'cat', 'sed', 'awk', 'head', 'tail', 'cut', 'base64']);

/**
 * What may be routed: a secret store's or cloud's CLI, an issuer's token CLI, or a reader of the
 * project's own env file. A key from home (`~/.ssh/id_rsa`) is never routed into the project.
 */
function routableSource(c: ShellCommand): boolean {
  if (cliCredentialRead(c) !== null || issuerOfTokenCommand(c.argv) !== null) return true;
  if (!FILE_READERS.has(c.name)) return false;
  const files = c.argv.slice(1).filter((a) => !a.startsWith('-'));
  return (
    files.some(projectCredentialFile) &&
    files.every((a) => !isCredentialPath(a) || projectCredentialFile(a))
  );
}

/** stdout written to a kept place (and nothing else of it printed). */
function stdoutKept(c: ShellCommand): boolean {
  const out = c.redirects.filter((r) => OUT.test(r.op) && !/^\d+$/.test(r.target));
  return (
    out.length > 0 &&
    out.every((r) => keptPlace(r.target)) &&
    !c.redirects.some((r) => r.op === '>&')
  );
}

/** `jq`/`yq` filters that keep names or a field that is no secret (`keys`, `.database.host`). */
function reducesToNames(c: ShellCommand): boolean {
  if (c.name === 'wc') return true;
  if (c.name !== 'jq' && c.name !== 'yq') return false;
  const filters = c.argv.slice(1).filter((a) => !a.startsWith('-') && a !== 'e' && a !== 'eval');
  if (filters.length !== 1) return false;
  const f = (filters[0] ?? '').trim();
  if (namesOnlyFilter(f)) return true;
  return (
    /^(?:\.[A-Za-z_][\w-]*)+$/.test(f) &&
    !/(?:^|\.)(?:data|stringData)(?:\.|$)|pass|secret|token|key|cred|auth|private|cert|dsn|url|conn/i.test(
      f,
    )
  );
}

/** The registry a `docker login`-like command logs in to, when it reads the password from stdin or its words. */
function registryLogin(c: ShellCommand): string | null {
  if (!['docker', 'podman', 'buildah', 'helm', 'oras', 'nerdctl'].includes(c.name)) return null;
  const words = c.argv.slice(1);
  const at = words.findIndex((a) => a === 'login');
  if (at < 0 || (c.name === 'helm' && words[0] !== 'registry')) return null;
  const VALUED = new Set(['-u', '--username', '-p', '--password']);
  for (let i = at + 1; i < words.length; i++) {
    const a = words[i] ?? '';
    if (VALUED.has(a)) i++;
    else if (!a.startsWith('-')) return a.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  }
  return 'docker.io';
}

/**
 * A program that takes the credential for its own store: a registry login, `gh secret set` of the
 * current repository, the issuer's own CLI, `npm config set //host/:_authToken`, a request to the
 * issuer's API. `issuer` is the credential's issuer when known: then the destination must be its.
 */
function sink(c: ShellCommand, issuer: Issuer | null, all: ShellAnalysis): boolean {
  if (stdinLoginFor(c, issuer)) return true;
  const registry = registryLogin(c);
  if (registry !== null) return issuer === null || issuerHost(issuer, registry);
  if (c.name === 'gh' && c.argv[1] === 'secret' && c.argv[2] === 'set') return ghSecretOfAccount(c);
  if (issuer === null) return false;
  if (issuerOfProgram(programRun(c)) === issuer) return cliStaysWithIssuer(c, issuer);
  if (publishesTo(c, issuer)) return true;
  if (/^(?:npm|pnpm|yarn)$/.test(c.name) && c.argv[1] === 'config' && c.argv[2] === 'set') {
    const host = /^\/\/([^/:]+)[^=]*:_authToken$/.exec(c.argv[3] ?? '')?.[1];
    return host !== undefined && issuerHost(issuer, host);
  }
  return requestToIssuers(c, all, [issuer]);
}

/** The credential's issuer: a token CLI's (`gh auth token`) or the one variable an env-file grep names. */
function issuerOf(cmds: readonly ShellCommand[]): Issuer | null {
  for (const c of cmds) {
    const cli = issuerOfTokenCommand(c.argv);
    if (cli !== null) return cli;
    const named = cliCredentialRead(c) !== null ? storeReadIssuer(c) : null;
    if (named !== null) return named;
    if (c.name === 'grep' || c.name === 'rg') {
      const name = c.argv
        .slice(1)
        .find((a) => !a.startsWith('-'))
        ?.replace(/^\^/, '')
        .replace(/=$/, '');
      if (name !== undefined && /^[A-Z_][A-Z0-9_]*$/.test(name)) {
        const found = issuersNamedIn(`$${name}`);
        if (found.length === 1) return found[0] ?? null;
      }
    }
  }
  return null;
}

/** The stages of `cmd`'s pipeline (itself alone when it is in none). */
function pipelineOf(cmd: ShellCommand, all: ShellAnalysis): ShellCommand[] {
  if (cmd.pipeline < 0) return [cmd];
  return all.commands.filter(
    (c) => c.pipeline === cmd.pipeline && c.substitution === cmd.substitution,
  );
}

/** Commands of a `sh -c` body run by `c`: those re-parsed right after it, one level deeper. */
function bodyOf(c: ShellCommand, all: ShellAnalysis): ShellCommand[] {
  const at = all.commands.indexOf(c);
  const out: ShellCommand[] = [];
  for (const d of all.commands.slice(at + 1)) {
    if (d.nested <= c.nested) break;
    out.push(d);
  }
  return out;
}

/** The stages after the credential's: a reducer, a sink on stdin, `xargs sh -c` writing to the project. */
function laterStagesKeep(
  stages: readonly ShellCommand[],
  issuer: Issuer | null,
  all: ShellAnalysis,
  dsn: boolean,
): boolean {
  // `| base64 -d | wc -c`: reshaping stages before the one that decides print nothing themselves
  const at = stages.findIndex((c) => !reshapes(c) || reducesToNames(c));
  const next = at < 0 ? undefined : stages[at];
  if (next === undefined) return false;
  if (reducesToNames(next) || sink(next, issuer, all)) return true;
  if (stdinIntoSubstitution(next, all) && secretConsumer(next)) return true;
  if (dsn && next.wrappers.includes('xargs') && connectionUrlIntoClient(next)) return true;
  if (next.name === 'tee')
    return stdoutKept(next) && next.argv.slice(1).every((a) => a.startsWith('-') || keptPlace(a));
  if (next.wrappers.includes('xargs') && /^(?:ba|da|z)?sh$/.test(next.name)) {
    const body = bodyOf(next, all);
    return (
      body.length > 0 &&
      body.every((d) => (d.name === 'echo' || d.name === 'printf') && stdoutKept(d))
    );
  }
  return false;
}

/**
 * The command that takes a substitution's output: the first later command that is not itself part
 * of a substitution, at the same level, whose words or redirects hold a `$(`, backtick or `<(`.
 */
function consumer(cmd: ShellCommand, all: ShellAnalysis): ShellCommand | null {
  const at = all.commands.indexOf(cmd);
  for (const c of all.commands.slice(at + 1)) {
    if (c.substitution) continue;
    if (c.nested !== cmd.nested) return null;
    const viaStdin = c.redirects.some((r) => r.op === '<' && r.target.startsWith('<('));
    const inWords = c.argv.some((a) => a.includes('$(') || a.includes('`'));
    const inEnv = c.env?.some((e) => e.substituted) === true;
    return viaStdin || inWords || inEnv ? c : null;
  }
  return null;
}

/** True when the credential `cmd` reads never reaches the agent's output (see the file's header). */
export function credentialRouted(cmd: ShellCommand, all: ShellAnalysis): boolean {
  if (!routableSource(cmd)) return false;
  const stages = pipelineOf(cmd, all);
  const issuer = issuerOf(stages);
  const later = stages.filter((c) => c.stage > cmd.stage);
  if (cmd.substitution) {
    // inside `$(...)`: its last stage's output is the value, given to the consumer
    if (later.length > 0 && !later.every(reshapes)) return false;
    if (exportedToReleaseTools(cmd, all, issuer) || exportedIntoLocalClient(cmd, all)) return true;
    const c = consumer(cmd, all);
    if (c === null) return assignedForIssuer(issuer, all);
    // `CLOUDFLARE_API_TOKEN=$(op read ...) npx wrangler deploy`: a store's read names no issuer,
    // the one variable it is assigned to does
    const assigned = c.env?.filter((e) => e.substituted) ?? [];
    const named = assigned.length === 1 ? issuerOfVariable(assigned[0]?.name ?? '') : null;
    return (
      sink(c, issuer ?? named, all) ||
      secretConsumer(c) ||
      (readsConnectionUrl(cmd) && (connectionUrlIntoClient(c) || connectionUrlIntoMigrator(c)))
    );
  }
  if (later.length === 0) {
    const setter = handedOffFile(cmd, all);
    return stdoutKept(cmd) || (setter !== null && ghSecretOfAccount(setter));
  }
  return laterStagesKeep(later, issuer, all, readsConnectionUrl(cmd));
}
