// Programs that take a secret store's output for their own use and show none of it: a database
// client's password on the developer's own server, a login to a local server, a platform's or
// cloud's secret store, a cluster fed a secret's manifest (docs/guard.md "Credential routing").
// Anything that prints the value, talks to a server the command does not name as local, or runs
// with credentials of its own in its environment stays a read.
import type { ShellAnalysis, ShellCommand } from './model.js';
import { LOCAL_HOST } from './local-test-data.js';
import { isPrivateAddress } from '../egress/internal-hosts.js';
import { optionAt } from './option-values.js';

const SUBST = /\$\(|`/;

/** Client words that run shell commands or read files the command does not show (`\!`, `-f`). */
export const CLIENT_ESCAPES =
  /\\!|\\setenv|\\getenv|\\o\b|\\copy|^\s*system\s|^-f$|^--file\b|^--init-command\b/m;

/**
 * A host of the developer's machine or network: loopback, a private address, a name only local
 * resolvers answer (`db.internal`, `postgres.svc.cluster.local`) or a single label (a compose
 * service, `/etc/hosts`).
 */
export function localServer(raw: string): boolean {
  const host = raw
    .replace(/^\[([^\]]+)\](?::\d+)?$/, '$1')
    .replace(/:\d+$/, '')
    .toLowerCase();
  return (
    LOCAL_HOST.test(host) ||
    isPrivateAddress(host) ||
    /^[a-z0-9](?:[a-z0-9_-]{0,62})$/.test(host) ||
    /^(?:[a-z0-9-]+\.)+(?:internal|local|localhost|lan|svc|cluster\.local|home\.arpa)$/.test(host)
  );
}

interface Client {
  /** The variable the client reads its password from. */
  env?: RegExp;
  /** Options whose value is the password (`--password VALUE`, `--password=VALUE`). */
  password: readonly string[];
  /** A password glued to a short option (`mysql -pSECRET`). */
  glued?: RegExp;
  /** Options naming the server. */
  host: readonly string[];
  /** The server is this word of argv (`argocd login localhost:8080`). */
  hostOperand?: number;
}

const PG: Client = { env: /^PGPASSWORD$/, password: [], host: ['-h', '--host'] };
const MY: Client = {
  env: /^MYSQL_PWD$/,
  password: ['--password'],
  glued: /^-p(?=.)/,
  host: ['-h', '--host'],
};
const CLIENTS: Readonly<Record<string, Client>> = {
  psql: PG,
  pg_dump: PG,
  pg_restore: PG,
  pg_isready: PG,
  pgbench: PG,
  createdb: PG,
  mysql: MY,
  mariadb: MY,
  mysqldump: MY,
  mysqladmin: MY,
  'redis-cli': {
    env: /^REDISCLI_AUTH$/,
    password: ['-a', '--pass', '--password'],
    host: ['-h'],
  },
  mongosh: { password: ['-p', '--password'], host: ['--host'] },
  argocd: { password: ['--password'], host: [], hostOperand: 2 },
};

/** A connection URI's host (`postgresql://u:$(...)@localhost:5433/db`), or null. */
function uriHost(word: string): string | null {
  // the host follows the last `@`: a substituted password may hold `/` (`$(vault kv get secret/db)`)
  const m = /^[a-z][\w+.-]*:\/\/(?:.*@)?(\[[^\]]+\]|[^/:?,@]+)/i.exec(word);
  return m?.[1] ?? null;
}

/**
 * True when `c` is a client that takes the substituted value only as its password for a local
 * server: in its own prefix assignment, or in `exported`, the variables an `export` just before it
 * set to the value (client-env-route).
 */
export function clientPassword(c: ShellCommand, exported: readonly string[] = []): boolean {
  const client = CLIENTS[c.name];
  if (client === undefined) return false;
  if (c.name === 'argocd' && c.argv[1] !== 'login') return false;
  // a shell escape or a script the command does not show could print the password variable
  if (
    /^(?:psql|mysql|mariadb)$/.test(c.name) &&
    (c.argv.some((a) => CLIENT_ESCAPES.test(a)) || c.redirects.some((r) => r.op === '<'))
  )
    return false;
  const env = [...(c.env ?? []), ...exported.map((name) => ({ name, substituted: true }))];
  if (env.some((e) => !(e.substituted && client.env?.test(e.name) === true))) return false;
  const hosts: string[] = [];
  let placed = env.length > 0;
  for (let i = 1; i < c.argv.length; i++) {
    const a = c.argv[i] ?? '';
    const host = optionAt(c.argv, i, client.host);
    if (host !== undefined) hosts.push(host);
    const pass = optionAt(c.argv, i, client.password);
    if (pass !== undefined && SUBST.test(pass)) {
      placed = true;
      if (a === pass || !a.includes('=')) i++;
      continue;
    }
    if (client.glued?.test(a) === true && SUBST.test(a)) {
      placed = true;
      continue;
    }
    const uri = uriHost(a);
    if (uri !== null) hosts.push(uri);
    if (SUBST.test(a)) {
      // only a connection URI's password: `postgresql://user:$(...)@host/db`
      if (uri === null || !/^[^:]+:\/\/[^:@/]*:[^@]*\$\(/.test(a)) return false;
      placed = true;
    }
  }
  if (client.hostOperand !== undefined) {
    const server = c.argv[client.hostOperand] ?? '-';
    hosts.push(server.startsWith('-') ? '' : server);
  }
  return placed && hosts.length > 0 && hosts.every(localServer);
}

/** stdout discarded: the setter echoes the values it set (`heroku config:set`). */
const quiet = (c: ShellCommand): boolean =>
  c.redirects.some((r) => /^(?:>|&>)$/.test(r.op) && r.target === '/dev/null');

/** `NAME=$(...)` words of a store setter: each a variable of the store. */
const assignedWord = (a: string): boolean => /^[A-Za-z_][\w.-]*=/.test(a);

interface Setter {
  /** The words (program's sub-commands) that set a secret, joined by spaces from argv[1]. */
  verb: RegExp;
  /** Options whose value is the secret. */
  value: readonly string[];
  /** Variables assigned as words (`fly secrets set K=$(...)`). */
  assigned?: true;
  /** The setter prints what it set: stdout must be discarded. */
  echoes?: true;
  /** Options that point the CLI at another endpoint or account: never with these. */
  elsewhere?: RegExp;
}

/**
 * Stores that keep what they are given for the account the CLI is logged in to. Each refuses a
 * write to a place its caller does not administer (GitHub's secrets API needs admin rights on the
 * repository, and only the current one is taken; a platform app, a cloud account or a vault path is
 * the logged-in user's).
 */
const SETTERS: Readonly<Record<string, Setter>> = {
  // a named repository's or organisation's workflows could read the value (ghSecretOfAccount)
  gh: {
    verb: /^secret set /,
    value: ['-b', '--body'],
    elsewhere: /^(?:--hostname|-R|--repo|-o|--org)(?:=|$)/,
  },
  fly: { verb: /^secrets set /, value: [], assigned: true },
  flyctl: { verb: /^secrets set /, value: [], assigned: true },
  supabase: { verb: /^secrets set /, value: [], assigned: true },
  heroku: { verb: /^config:set /, value: [], assigned: true, echoes: true },
  vault: { verb: /^kv (?:put|patch) /, value: [], assigned: true, elsewhere: /^-address/ },
  aws: {
    verb: /^(?:secretsmanager (?:put-secret-value|create-secret|update-secret)|ssm put-parameter) /,
    value: ['--secret-string', '--value'],
    elsewhere: /^--endpoint-url/,
  },
  kubectl: {
    verb: /^create secret generic /,
    value: [],
    assigned: true,
    elsewhere: /^(?:-o|--output|--server|-s$|--kubeconfig)/,
  },
};

/**
 * `gh secret set` of the current repository (the one the working folder's remotes name) or of the
 * user's own codespaces, with the logged-in account: no credential or host in its environment
 * (`GH_TOKEN=...`, `GH_HOST=...`), no `--hostname`, and no `--repo` or `--org`, because every
 * workflow of a named repository, and of an organisation's repositories, can read what is stored
 * there. Its value may come on stdin.
 */
export function ghSecretOfAccount(c: ShellCommand): boolean {
  return (
    c.name === 'gh' &&
    c.argv[1] === 'secret' &&
    c.argv[2] === 'set' &&
    (c.env ?? []).length === 0 &&
    !c.argv.some((a) => /^(?:--hostname|-R|--repo|-o|--org)(?:=|$)/.test(a))
  );
}

/** True when `c` stores the substituted value in a secret store of the account it is logged in to. */
function storeSetter(c: ShellCommand): boolean {
  const s = SETTERS[c.name];
  if (s === undefined || (c.env ?? []).length > 0) return false;
  if (!s.verb.test(`${c.argv.slice(1).join(' ')} `)) return false;
  if (s.echoes === true && !quiet(c)) return false;
  let placed = false;
  for (let i = 1; i < c.argv.length; i++) {
    const a = c.argv[i] ?? '';
    if (s.elsewhere?.test(a) === true) return false;
    const v = optionAt(c.argv, i, s.value);
    if (v !== undefined) {
      placed ||= SUBST.test(v);
      if (s.value.includes(a)) i++;
      continue;
    }
    if (!SUBST.test(a)) continue;
    // `--from-literal=KEY=$(...)` for kubectl, `KEY=$(...)` for the others
    const w = c.name === 'kubectl' ? a.replace(/^--from-literal=/, '') : a;
    if (!(s.assigned === true && assignedWord(w)) || (c.name === 'kubectl' && w === a))
      return false;
    placed = true;
  }
  return placed;
}

/**
 * True when the substitution's output, given to `c` (see credential-route's `consumer`), is taken
 * as a local server's password or stored in a secret store, and `c` shows none of it.
 */
export function secretConsumer(c: ShellCommand): boolean {
  return clientPassword(c) || storeSetter(c);
}

/**
 * Stages that only reshape a value inside a substitution or before a reducer: `base64 -d`, `tr`,
 * `cut`, `head`, `tail`, `jq -r .field`. They write no file.
 */
export function reshapes(c: ShellCommand): boolean {
  if (c.redirects.some((r) => /^(?:>|>>|>\||&>|&>>)$/.test(r.op) && r.target !== '/dev/null'))
    return false;
  if (c.name === 'base64') return c.argv.slice(1).every((a) => /^(?:-d|--decode|-D)$/.test(a));
  if (c.name === 'jq' || c.name === 'yq')
    return c.argv.slice(1).every((a) => !/^--?(?:[a-z]*f|from-file|rawfile|slurpfile)$/.test(a));
  return /^(?:tr|cut|head|tail)$/.test(c.name);
}

/** A jq/yq filter that keeps only names or a count: `keys`, `.postgres | keys`, `.data | length`. */
export function namesOnlyFilter(f: string): boolean {
  return /^(?:(?:\.[A-Za-z_][\w-]*|\.\["[\w.-]+"\])+\s*\|\s*)?(?:keys(?:_unsorted)?(?:\[\])?|length|type|has\("[\w.-]+"\))$/.test(
    f.trim(),
  );
}

const KUBE_VALUED = /^(?:--context|--namespace|-n|--cluster|--user|--as|--request-timeout)$/;

/** `kubectl apply -f -`, `kubectl create -f -`, `kubeseal`: a manifest on stdin goes to the cluster. */
function clusterTakes(c: ShellCommand): boolean {
  const a = c.argv.slice(1);
  // kubeseal prints the values encrypted for the cluster's key, unless asked to unseal
  if (c.name === 'kubeseal') return !a.includes('--recovery-unseal');
  if (a.some((w) => /^(?:-o|--output)(?:=|$)|^-o\w/.test(w))) return false;
  // a server or kubeconfig named on the line is not the user's configured cluster
  if (a.some((w) => /^(?:-s|--server|--kubeconfig)(?:=|$)/.test(w))) return false;
  if (c.redirects.some((r) => /^(?:>|>>|&>)$/.test(r.op) && r.target !== '/dev/null')) return false;
  // the verb after global options (`kubectl --context kind-dev -n app apply`)
  let v = 0;
  for (;;) {
    const w = a[v] ?? '';
    if (KUBE_VALUED.test(w)) v += 2;
    else if (/^--(?:context|namespace|cluster|user)=/.test(w)) v += 1;
    else break;
  }
  return (
    (c.name === 'kubectl' || c.name === 'oc') &&
    (a[v] === 'apply' || a[v] === 'create') &&
    a.some((w, i) => w === '-' && /^(?:-f|--filename)$/.test(a[i - 1] ?? ''))
  );
}

/** `sops -d FILE`, `sops decrypt FILE`: an encrypted manifest decrypted to stdout. */
const sopsDecrypts = (argv: readonly string[]): boolean =>
  argv[1] === 'decrypt' || argv.some((a) => a === '-d' || a === '--decrypt');

/**
 * `kubectl create secret generic NAME --from-env-file=.env --dry-run=client -o yaml | kubectl
 * apply -f -` (or `| kubeseal`), `sops -d secrets/dev.enc.yaml | kubectl apply -f -`: the manifest
 * holding the values goes to the cluster, not the output.
 */
export function manifestIntoCluster(cmd: ShellCommand, all: ShellAnalysis): boolean {
  const source =
    cmd.name === 'sops'
      ? sopsDecrypts(cmd.argv)
      : (cmd.name === 'kubectl' || cmd.name === 'oc') &&
        cmd.argv[1] === 'create' &&
        cmd.argv[2] === 'secret';
  if (!source || cmd.pipeline < 0 || cmd.stage !== 0 || cmd.stages !== 2) return false;
  const next = all.commands.find(
    (c) => c.pipeline === cmd.pipeline && c.stage === 1 && c.substitution === cmd.substitution,
  );
  return next !== undefined && clusterTakes(next);
}
