// Commands run inside a running container or pod (`docker exec`, `kubectl exec`): the inner command, read as any other (docs/guard.md "Indirection").
import { basename } from './wrappers.js';

/** Options of `docker exec`, `docker compose exec` and `kubectl exec` that take a value. */
const VALUE_OPTS = new Set([
  '-e',
  '--env',
  '--env-file',
  '-u',
  '--user',
  '-w',
  '--workdir',
  '--detach-keys',
  '--index',
  '-n',
  '--namespace',
  '-c',
  '--container',
  '--context',
  '--kubeconfig',
  '--pod-running-timeout',
  '-f',
  '--filename',
  '-p',
  '--project-name',
]);

/** The engine's own options before its subcommand that take a value (`docker -H HOST exec`). */
const GLOBAL_VALUE_OPTS = new Set([
  '-H',
  '--host',
  '--context',
  '-c',
  '--config',
  '-l',
  '--log-level',
  '--tlscacert',
  '--tlscert',
  '--tlskey',
  '--url',
]);

/** Where the words after `exec` start: `docker exec`, `docker container exec`, `docker compose exec`, `kubectl exec`. */
export function execAt(argv: readonly string[]): number {
  const name = basename(argv[0] ?? '');
  const at = argv.indexOf('exec');
  if (at < 1) return -1;
  if (name === 'kubectl' || name === 'oc') return at;
  if (name === 'docker-compose') return at;
  if (name !== 'docker' && name !== 'podman' && name !== 'nerdctl') return -1;
  const before: string[] = [];
  for (let i = 1; i < at; i++) {
    const a = argv[i] ?? '';
    if (GLOBAL_VALUE_OPTS.has(a)) i++;
    else if (!a.startsWith('-')) before.push(a);
  }
  return before.length === 0 ||
    (before.length === 1 && /^(?:container|compose)$/.test(before[0] ?? ''))
    ? at
    : -1;
}

/** The argv a container exec runs inside the container, or null when this is none. */
export function containerExec(argv: readonly string[]): string[] | null {
  const at = execAt(argv);
  if (at < 0) return null;
  const dash = argv.indexOf('--', at);
  if (dash > at) return argv.length > dash + 1 ? argv.slice(dash + 1) : null;
  let i = at + 1;
  for (; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('-')) break;
    if (VALUE_OPTS.has(a)) i++;
  }
  // the container (or pod, or service), then the command
  return argv.length > i + 1 ? argv.slice(i + 1) : null;
}
