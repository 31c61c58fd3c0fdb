// Egress channels that are not HTTP uploads (docs/guard.md "Egress"): a git push to a remote that is
// not the project's, `gh` publishing the project or a gist, and DNS lookups that carry data in labels.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { split } from './intent-git.js';
import { isCredentialPath } from '../sensitive-paths.js';
import { ordinaryPrivateGist } from './gist-share.js';

/** A remote given as a location (URL, scp-like `user@host:path`, a path) rather than a configured name. */
const REMOTE_LOCATION =
  /^(?:[a-z][a-z0-9+.-]*:\/\/|[^\s/:@]+@[^\s/:]+:|[^\s:]+:[^\s]|\/|\.\.?\/|~\/)/i;
/** Push options whose value is the next argument (so it is not the remote). */
const PUSH_VALUE_FLAGS = new Set(['--repo', '-o', '--push-option', '--receive-pack', '--exec']);
/** Programs that resolve the names they are given: each lookup reaches the name's DNS servers. */
const DNS_TOOLS = new Set([
  'dig',
  'nslookup',
  'host',
  'drill',
  'kdig',
  'delv',
  'resolvectl',
  'getent',
  'ping',
  'ping6',
  'traceroute',
  'traceroute6',
  'tracepath',
  'mtr',
]);
/**
 * A label that is run-time data (`$(...)`, `$VAR`, backticks), or encoded data: 24+ letters and
 * digits with no hyphen (hex, base32), or 40+ with hyphens; names such as an ELB's
 * `my-load-balancer-1234567890` are neither.
 */
const DATA_LABEL =
  /[$`]|(?:^|\.)(?:(?=[A-Za-z0-9_]*\d)(?=[A-Za-z0-9_]*[A-Za-z])[A-Za-z0-9_]{24,63}|[A-Za-z0-9_-]{40,63})(?:\.|$)/;

function operands(args: readonly string[], valueFlags: ReadonlySet<string>): string[] {
  return args.filter((a, i) => !a.startsWith('-') && !(i > 0 && valueFlags.has(args[i - 1] ?? '')));
}

/** Remote names this script adds (`git remote add NAME URL`, `git remote set-url NAME URL`). */
function addedRemotes(all: ShellAnalysis): Set<string> {
  const names = new Set<string>();
  for (const c of all.commands) {
    if (c.name !== 'git') continue;
    const { sub, rest } = split(c.argv);
    if (sub === 'remote' && (rest[0] === 'add' || rest[0] === 'set-url')) {
      const name = operands(rest.slice(1), new Set(['-t', '-m']))[0];
      if (name !== undefined) names.add(name);
    }
  }
  return names;
}

function gitPush(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const { sub, rest } = split(cmd.argv);
  if (sub !== 'push') return [];
  const repoFlag = rest.find((a) => a.startsWith('--repo='))?.slice(7);
  const repo = repoFlag ?? operands(rest, PUSH_VALUE_FLAGS)[0];
  if (repo === undefined) return [];
  if (REMOTE_LOCATION.test(repo))
    return [
      {
        intent: 'upload',
        detail: `git push to ${repo}, not a configured remote`,
        hosts: [],
        remote: repo,
      },
    ];
  if (addedRemotes(all).has(repo))
    return [{ intent: 'upload', detail: `git push to remote ${repo} added here`, hosts: [] }];
  return [];
}

function gh(cmd: ShellCommand): IntentHit[] {
  const [, group, verb] = cmd.argv;
  const args = cmd.argv.slice(3);
  const has = (f: string): boolean => args.some((a) => a === f || a.startsWith(`${f}=`));
  if (
    group === 'repo' &&
    verb === 'create' &&
    has('--public') &&
    (has('--push') || has('--source'))
  )
    return [{ intent: 'upload', detail: 'gh repo create publishes the project', hosts: [] }];
  if (group === 'gist' && (verb === 'create' || verb === 'new') && ordinaryPrivateGist(cmd))
    return [];
  if (group === 'gist' && (verb === 'create' || verb === 'new' || verb === 'edit')) {
    const hits: IntentHit[] = [{ intent: 'upload', detail: `gh gist ${verb}`, hosts: [] }];
    if (operands(args, new Set(['-d', '--desc', '-f', '--filename'])).some(isCredentialPath))
      hits.push({ intent: 'credential_read', detail: 'gh gist uploads a credential file' });
    return hits;
  }
  return [];
}

function dns(cmd: ShellCommand): IntentHit[] {
  if (!DNS_TOOLS.has(cmd.name)) return [];
  const names = cmd.argv.slice(1).filter((a) => !a.startsWith('-') && !a.startsWith('@'));
  const carrying = names.find((n) => n.includes('.') && DATA_LABEL.test(n));
  if (carrying === undefined) return [];
  return [
    { intent: 'upload', detail: `${cmd.name} lookup carries data in ${carrying}`, hosts: [] },
  ];
}

export function publishIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  if (cmd.name === 'git') return gitPush(cmd, all);
  if (cmd.name === 'gh') return gh(cmd);
  return dns(cmd);
}
