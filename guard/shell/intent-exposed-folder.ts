// A folder served to the network by a static file server, and tunnels that put a local port on the
// internet (docs/guard.md "Egress"): home or the root served is every key under it handed to anyone
// who asks; the project's own tree behind a tunnel is its source, `.git` and `.env` made public.
import { isCredentialPath, normalizePath } from '../sensitive-paths.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { basename, runnerTarget } from './wrappers.js';

/** Where a tunnel's public address lives, by the tunnel program. */
const TUNNEL_HOST: Record<string, string> = {
  ngrok: 'ngrok-free.app',
  cloudflared: 'trycloudflare.com',
  lt: 'loca.lt',
  localtunnel: 'loca.lt',
  tailscale: 'ts.net',
  bore: 'bore.pub',
  zrok: 'share.zrok.io',
  pinggy: 'a.pinggy.io',
  loophole: 'loophole.site',
  devtunnel: 'devtunnels.ms',
};
/** `ssh -R` to a host that gives the forwarded port a public name. */
const SSH_TUNNEL_HOST =
  /(?:^|@)(?:serveo\.net|localhost\.run|[\w.-]*pinggy\.io|ssh\.localhost\.run)$/;
/** What a preview is built into, or a scratch folder: served, it is the site, not the project. */
const BUILD_OUTPUT =
  /(?:^|\/)(?:dist|build|out|public|_site|site|www|static|storybook-static|coverage|htmlcov|_build)(?:\/|$)|^\/tmp(?:\/|$)/;

interface Served {
  folder: string;
  detail: string;
  /** Bound to loopback only (`--bind 127.0.0.1`): no one else reaches it without a tunnel. */
  loopback: boolean;
}

function optValue(argv: readonly string[], names: readonly string[]): string | undefined {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (names.includes(a)) return argv[i + 1];
    const eq = names.find((n) => n.startsWith('--') && a.startsWith(`${n}=`));
    if (eq !== undefined) return a.slice(eq.length + 1);
  }
  return undefined;
}

const LOOPBACK = /^(?:localhost|127(?:\.\d+){3}|::1|\[::1\])(?::\d+)?$/;

/** The first word from `from` that is no option nor an option's value. */
function positional(argv: readonly string[], from: number, valued: RegExp): string | undefined {
  for (let i = from; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (valued.test(a)) i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

const SERVERS = ['serve', 'http-server', 'miniserve', 'darkhttpd', 'live-server'];
const SERVER_VALUED = /^(?:-[lpaic]|--(?:listen|port|address|host|interfaces|config|cors))$/;

/** A static file server and the folder it serves (`.` is the folder it was started in). */
function served(argv: readonly string[]): Served | null {
  const name = basename(argv[0] ?? '');
  if (/^(?:python[\d.]*|py)$/.test(name)) {
    const m = argv.indexOf('-m');
    const mod = argv[m + 1];
    if (m < 0 || (mod !== 'http.server' && mod !== 'SimpleHTTPServer')) return null;
    const bind = optValue(argv, ['--bind', '-b']) ?? '';
    const folder = optValue(argv, ['--directory', '-d']) ?? '.';
    return { folder, detail: `python -m ${mod}`, loopback: LOOPBACK.test(bind) };
  }
  if (name === 'php' && argv.includes('-S')) {
    const host = optValue(argv, ['-S']) ?? '';
    return {
      folder: optValue(argv, ['-t']) ?? '.',
      detail: 'php -S',
      loopback: LOOPBACK.test(host),
    };
  }
  const httpd = name === 'ruby' ? argv.findIndex((a) => /^(?:-e)?httpd$/.test(a)) : -1;
  if (argv.includes('-run') && httpd > 0) {
    const folder = positional(argv, httpd + 1, /^(?:-p|--port|-b|--bind-address)$/) ?? '.';
    const bind = optValue(argv, ['-b', '--bind-address']) ?? '';
    return { folder, detail: 'ruby -run -e httpd', loopback: LOOPBACK.test(bind) };
  }
  // busybox's applet (`busybox httpd` is read as `httpd`): `-h` names the folder it serves
  const applet = name === 'busybox' && argv[1] === 'httpd';
  if (applet || (name === 'httpd' && optValue(argv, ['-h']) !== undefined)) {
    const port = optValue(argv, ['-p']) ?? '';
    return {
      folder: optValue(argv, ['-h']) ?? '.',
      detail: 'busybox httpd',
      loopback: LOOPBACK.test(port),
    };
  }
  const run = runnerTarget(argv) ?? (SERVERS.includes(name) ? argv : null);
  const prog = basename(run?.[0] ?? '').replace(/@.*$/, '');
  if (run === null || !SERVERS.includes(prog)) return null;
  const listen =
    optValue(run, ['-l', '--listen', '-a', '--address', '--host', '-i', '--interfaces']) ?? '';
  return {
    folder: positional(run, 1, SERVER_VALUED) ?? '.',
    detail: prog,
    loopback: LOOPBACK.test(listen.replace(/^tcp:\/\//, '')),
  };
}

/** A tunnel's public host, or null when the command opens none. */
function tunnel(cmd: ShellCommand): { host: string; path?: string } | null {
  const run = runnerTarget(cmd.argv) ?? cmd.argv;
  const prog = basename(run[0] ?? '').replace(/@.*$/, '');
  const sub = run[1] ?? '';
  if (prog === 'ssh' && run.some((a) => a === '-R' || /^-\w*R/.test(a))) {
    const dest = run.slice(1).find((a) => SSH_TUNNEL_HOST.test(a));
    return dest === undefined ? null : { host: dest.replace(/^.*@/, '') };
  }
  const host = Object.hasOwn(TUNNEL_HOST, prog) ? TUNNEL_HOST[prog] : undefined;
  if (host === undefined) return null;
  if (prog === 'ngrok') {
    if (!['http', 'tcp', 'tls', 'start'].includes(sub)) return null;
    // ngrok serves a folder itself when given `file://PATH`
    const file = run.find((a) => a.startsWith('file://'));
    return file === undefined ? { host } : { host, path: file.slice('file://'.length) };
  }
  if (prog === 'cloudflared') return sub === 'tunnel' ? { host } : null;
  if (prog === 'tailscale') {
    if (sub !== 'funnel') return null;
    const path = run.slice(2).find((a) => /^[~/.$]/.test(a));
    return path === undefined ? { host } : { host, path };
  }
  if (prog === 'bore') return { host: optValue(run, ['--to', '-t']) ?? host };
  if (prog === 'zrok') return sub === 'share' && run.includes('public') ? { host } : null;
  return { host };
}

const CHANGE_DIR = /^(?:cd|pushd|chdir|Set-Location|sl|Push-Location)$/i;

/** The folder a command runs in after the script's `cd`s before it (null: the working folder). */
function folderAt(commands: readonly ShellCommand[], end: number): string | null {
  let dir: string | null = null;
  for (let i = 0; i < end; i++) {
    const c = commands[i];
    if (c === undefined || c.substitution || !CHANGE_DIR.test(c.name)) continue;
    const to = c.argv.slice(1).find((a) => !a.startsWith('-'));
    dir =
      to === undefined
        ? '~'
        : to.startsWith('/') || to.startsWith('~') || to.startsWith('$') || dir === null
          ? to
          : `${dir}/${to}`;
  }
  return dir;
}

/** Home, the root, a top-level system folder, or a credential folder: never for anyone to read. */
function privateFolder(path: string): boolean {
  const n = normalizePath(path);
  return (
    /^(?:~|\/|\/(?:etc|root|home|Users|var|opt|srv)|[A-Za-z]:[\\/]?)$/.test(n) ||
    isCredentialPath(n) ||
    /^~\/\.[^/]+$/.test(n)
  );
}

/** The folder as the server sees it: its own path, under the script's `cd` when relative. */
function resolved(folder: string, cwd: string | null): string {
  if (/^[~/$]/.test(folder) || cwd === null) return folder;
  return folder === '.' || folder === './' ? cwd : `${cwd}/${folder}`;
}

/** Folders served to the network, and tunnels publishing a served project, as uploads. */
/** Programs that serve a folder or open a tunnel, by the name `served` and `tunnel` read. */
const PROGRAMS = new Set([
  ...SERVERS,
  ...Object.keys(TUNNEL_HOST),
  'ssh',
  'php',
  'ruby',
  'busybox',
  'httpd',
]);

function mayServe(c: ShellCommand): boolean {
  const name = basename(c.argv[0] ?? '');
  return PROGRAMS.has(name) || /^(?:python[\d.]*|py)$/.test(name) || runnerTarget(c.argv) !== null;
}

export function exposedFolderIntents(analysis: ShellAnalysis): IntentHit[] {
  const { commands } = analysis;
  // most scripts run neither: nothing below need be read for them
  if (!commands.some(mayServe)) return [];
  const tunnels = commands.map(tunnel).filter((t) => t !== null);
  const hits: IntentHit[] = [];
  for (const t of tunnels)
    if (t.path !== undefined && (privateFolder(t.path) || !BUILD_OUTPUT.test(t.path)))
      hits.push({ intent: 'upload', detail: `tunnel serving ${t.path}`, hosts: [t.host] });
  commands.forEach((c, i) => {
    const s = served(c.argv);
    if (s === null) return;
    const cwd = folderAt(commands, i);
    const folder = resolved(s.folder, cwd);
    const hosts = tunnels.map((t) => t.host);
    if (privateFolder(folder) && (!s.loopback || hosts.length > 0))
      hits.push({
        intent: 'upload',
        detail: `${s.detail} serving ${folder} to the network`,
        hosts,
      });
    else if (hosts.length > 0 && !BUILD_OUTPUT.test(folder))
      hits.push({ intent: 'upload', detail: `${s.detail} of the project behind a tunnel`, hosts });
  });
  return hits;
}
