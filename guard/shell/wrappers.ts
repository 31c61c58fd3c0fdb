// Command wrappers that run another command (sudo, env, xargs, nohup, timeout, ...): peeled to the real one.

export const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'busybox']);
export const INTERPRETERS = new Set([
  'python',
  'python2',
  'python3',
  'node',
  'nodejs',
  'perl',
  'ruby',
  'php',
  'lua',
  'deno',
  'bun',
  'osascript',
  'pwsh',
  'powershell',
  'cmd',
]);

/** Options of each wrapper that take a value, so the value is not mistaken for the command. */
const VALUE_OPTS: Record<string, Set<string>> = {
  sudo: new Set([
    '-u',
    '-g',
    '-C',
    '-D',
    '-h',
    '-p',
    '-r',
    '-t',
    '-U',
    '--user',
    '--group',
    '--chdir',
  ]),
  doas: new Set(['-u', '-C']),
  env: new Set(['-u', '-C', '-S', '--unset', '--chdir', '--split-string']),
  xargs: new Set([
    '-I',
    '-L',
    '-n',
    '-P',
    '-s',
    '-d',
    '-E',
    '-a',
    '--max-args',
    '--max-procs',
    '--delimiter',
    '--arg-file',
  ]),
  timeout: new Set(['-s', '-k', '--signal', '--kill-after']),
  nice: new Set(['-n', '--adjustment']),
  ionice: new Set(['-c', '-n', '-p']),
  stdbuf: new Set(['-i', '-o', '-e']),
  chroot: new Set(['--userspec', '--groups']),
  su: new Set(['-c', '-s', '--shell', '--command']),
  watch: new Set(['-n', '-d', '--interval']),
  flock: new Set(['-w', '-E']),
  runuser: new Set(['-u', '-g']),
  setsid: new Set([]),
  nohup: new Set([]),
  time: new Set(['-f', '-o']),
  command: new Set([]),
  exec: new Set(['-a']),
  builtin: new Set([]),
  unbuffer: new Set([]),
  caffeinate: new Set([]),
  sg: new Set([]),
  strace: new Set(['-e', '-o', '-p', '-s']),
  ltrace: new Set(['-e', '-o', '-p', '-s', '-u']),
  taskset: new Set([]),
  chrt: new Set([]),
  numactl: new Set(['-C', '-N', '-m', '-i', '-p', '--physcpubind', '--cpunodebind', '--membind']),
  prlimit: new Set(['-p', '--pid']),
  unshare: new Set(['-S', '-G', '-R', '-w', '--setuid', '--setgid', '--root', '--wd']),
  nsenter: new Set(['-t', '--target', '-S', '-G', '--setuid', '--setgid']),
  'systemd-run': new Set([
    '-u',
    '--unit',
    '-p',
    '--property',
    '-E',
    '--setenv',
    '--uid',
    '--gid',
    '--nice',
    '-M',
    '--machine',
    '-H',
    '--host',
    '--description',
    '--slice',
    '--working-directory',
    '--on-active',
    '--on-boot',
    '--on-startup',
    '--on-unit-active',
    '--on-unit-inactive',
    '--on-calendar',
    '--timer-property',
  ]),
  pkexec: new Set(['--user']),
  proxychains: new Set(['-f']),
  proxychains4: new Set(['-f']),
  torsocks: new Set(['-u', '-p', '-a', '-P']),
  fakeroot: new Set(['-l', '-s', '-i', '--lib', '--faked']),
  faketime: new Set(['-m', '-p', '-f']),
  'xvfb-run': new Set(['-n', '-s', '-e', '-f', '-p', '--server-num', '--server-args']),
  'dbus-run-session': new Set(['--config-file', '--dbus-daemon']),
  rlwrap: new Set(['-f', '-H', '-l', '-P', '-S']),
};

/** `pnpm dlx cdk`, `npm exec -- cdk`, `yarn dlx`, `bun x`: a package manager's runner verb. */
const RUNNER_VERBS: Record<string, Set<string>> = {
  npm: new Set(['exec', 'x']),
  pnpm: new Set(['dlx', 'exec']),
  yarn: new Set(['dlx', 'exec']),
  bun: new Set(['x']),
};
/** Runner options that take a value (`npx -p aws-cdk cdk`). */
const RUNNER_VALUE_OPTS = new Set([
  '-p',
  '--package',
  '-w',
  '--workspace',
  '--cache',
  '--registry',
]);

/**
 * The program a package runner runs and its words (`npx aws-cdk@2 destroy` is `aws-cdk@2
 * destroy`), or null when `argv` is no runner. The runner itself stays the command, so what reads
 * the runner's own options (a package fetched from a URL) still sees them.
 */
export function runnerTarget(argv: readonly string[]): string[] | null {
  const name = basename(argv[0] ?? '');
  let i: number;
  if (name === 'npx' || name === 'bunx' || name === 'pnpx') i = 1;
  else if (Object.hasOwn(RUNNER_VERBS, name) && RUNNER_VERBS[name]?.has(argv[1] ?? '') === true)
    i = 2;
  else return null;
  for (; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a === '--') return argv.slice(i + 1);
    if (!a.startsWith('-')) return argv.slice(i);
    if (RUNNER_VALUE_OPTS.has(a)) i++;
  }
  return null;
}

/** Wrappers whose first positional argument is not the command (a duration, a lock file, a root dir). */
const POSITIONAL_BEFORE: Record<string, number> = {
  timeout: 1,
  flock: 1,
  chroot: 1,
  taskset: 1,
  chrt: 1,
  faketime: 1,
};

export function basename(cmd: string): string {
  const i = cmd.lastIndexOf('/');
  return i >= 0 ? cmd.slice(i + 1) : cmd;
}

export function isWrapper(name: string): boolean {
  return Object.hasOwn(VALUE_OPTS, name);
}

/** Removes wrappers from the front of argv; returns the effective argv and the wrappers peeled. */
export function unwrap(argv: readonly string[]): { argv: string[]; wrappers: string[] } {
  let rest = [...argv];
  const wrappers: string[] = [];
  for (let guard = 0; guard < 32 && rest.length > 0; guard++) {
    const name = basename(rest[0] ?? '');
    const valueOpts = VALUE_OPTS[name];
    if (valueOpts === undefined || name === 'su') break;
    wrappers.push(name);
    let i = 1;
    let positional = POSITIONAL_BEFORE[name] ?? 0;
    while (i < rest.length) {
      const a = rest[i] ?? '';
      if (a === '--') {
        i++;
        break;
      }
      if (name === 'env' && /^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) {
        i++;
        continue;
      }
      if (a.startsWith('-') && a.length > 1) {
        i += valueOpts.has(a) ? 2 : 1;
        continue;
      }
      if (positional > 0) {
        positional--;
        i++;
        continue;
      }
      break;
    }
    rest = rest.slice(i);
  }
  return { argv: rest, wrappers };
}
