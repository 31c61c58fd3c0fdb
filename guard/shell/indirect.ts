// Commands that run other commands given in options or mounts (docs/guard.md "Shell analysis"): the text to re-parse.
import { ansibleCommand } from './ansible.js';
import { hookScripts } from './hooks.js';
import { basename } from './wrappers.js';

/** Quotes a word for re-parsing so it stays one word with its text unchanged. */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_@%+=:,./~-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

/** A function body with `$1`..`$9`, `$@`, `$*` (quoted or not) replaced by the call's words. */
export function substitutePositional(body: string, args: readonly string[]): string {
  const all = args.map(shellQuote).join(' ');
  return body
    .replace(/"\$[@*]"|\$\{[@*]\}|\$[@*]/g, all)
    .replace(
      /"\$\{?([1-9])\}?"|\$\{([1-9])\}|\$([1-9])/g,
      (_m, a?: string, b?: string, c?: string) => shellQuote(args[Number(a ?? b ?? c) - 1] ?? ''),
    );
}

/** git settings whose value is a program git runs (git-config(1)); keys are case-insensitive. */
const GIT_RUNS =
  /^(?:alias\.[^=]+=!|credential\.helper=!|(?:core\.(?:sshCommand|pager|fsmonitor|editor|hooksPath|askPass|gitProxy)|diff\.external|sequence\.editor|gpg\.(?:[^.=]+\.)?program|filter\.[^=]+\.(?:clean|smudge|process)|diff\.[^=]+\.textconv|merge\.[^=]+\.driver|pager\.[^.=]+|uploadpack\.packObjectsHook|sendemail\.(?:sendmailCmd|toCmd|ccCmd)|web\.browser)=)(.*)$/is;
const TAR_RUNS = /^--checkpoint-action=exec=(.*)$/s;

/**
 * Shell text an option of this command will run: `env -S`, `git -c alias.x='!...'` and the git
 * settings that name a program, `tar --checkpoint-action=exec=...`, and the hooks of hooks.ts.
 */
export function optionScripts(argv: readonly string[]): string[] {
  const name = basename(argv[0] ?? '');
  const out: string[] = [];
  argv.forEach((a, i) => {
    if (i === 0) return;
    const next = argv[i + 1];
    if (name === 'env') {
      if ((a === '-S' || a === '--split-string') && next !== undefined)
        out.push([next, ...argv.slice(i + 2)].join(' '));
      else if (/^-S./s.test(a)) out.push([a.slice(2), ...argv.slice(i + 1)].join(' '));
      else if (a.startsWith('--split-string='))
        out.push([a.slice(15), ...argv.slice(i + 1)].join(' '));
    } else if (name === 'git' && a === '-c' && next !== undefined) {
      const m = GIT_RUNS.exec(next);
      if (m?.[1] !== undefined) out.push(m[1]);
    } else if (name === 'tar') {
      const m = TAR_RUNS.exec(a);
      if (m?.[1] !== undefined) out.push(m[1]);
      else if ((a === '-I' || a === '--checkpoint-action') && next !== undefined)
        out.push(next.replace(/^exec=/, ''));
    }
  });
  out.push(...hookScripts(argv));
  const remote = ansibleCommand(argv);
  if (remote !== null) out.push(remote);
  return out;
}

const RUN_VALUE_OPTS = new Set([
  '-e',
  '--env',
  '--name',
  '-w',
  '--workdir',
  '-u',
  '--user',
  '--network',
  '--entrypoint',
  '-p',
  '--publish',
  '--platform',
  '--env-file',
  '-l',
  '--label',
  '--hostname',
  '-h',
  '--cpus',
  '-m',
  '--memory',
  '--pull',
  '--restart',
]);

export interface ContainerRun {
  /** Host paths bound into the container, as written (`~/`, `/`, `$PWD`). */
  sources: string[];
  /** The command run inside, with bound container paths mapped back to the host paths. */
  argv: string[];
}

/** `docker run` / `podman run` with bind mounts: what the inner command does to the host's files. */
export function containerRun(argv: readonly string[]): ContainerRun | null {
  const name = basename(argv[0] ?? '');
  if (name !== 'docker' && name !== 'podman' && name !== 'nerdctl') return null;
  const run = argv.findIndex((a, i) => i > 0 && (a === 'run' || a === 'create'));
  if (run < 0 || (argv[run - 1] !== 'container' && run !== 1)) return null;
  const mounts: [string, string][] = [];
  let i = run + 1;
  for (; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('-')) break;
    let v: string | undefined;
    if (a === '-v' || a === '--volume' || a === '--mount') v = argv[++i];
    else if (/^(?:-v|--volume=|--mount=)/.test(a)) v = a.replace(/^(?:-v|--volume=|--mount=)/, '');
    else if (RUN_VALUE_OPTS.has(a)) i++;
    if (v === undefined) continue;
    const kv = Object.fromEntries(
      v.split(',').map((p) => [p.split('=')[0] ?? '', p.slice(p.indexOf('=') + 1)]),
    );
    if (a.includes('mount')) {
      const src = kv.source ?? kv.src;
      const dst = kv.target ?? kv.destination ?? kv.dst;
      if (src !== undefined && dst !== undefined) mounts.push([src, dst]);
    } else {
      const [src, dst] = v.split(':');
      if (src !== undefined && dst !== undefined && /^[~/.$]/.test(src)) mounts.push([src, dst]);
    }
  }
  if (mounts.length === 0) return null;
  const inner = argv.slice(i + 1).map((w) => {
    for (const [src, dst] of mounts) {
      const d = dst.replace(/\/+$/, '');
      if (w === d || w === `${d}/`) return src;
      if (w.startsWith(`${d}/`)) return `${src.replace(/\/+$/, '')}/${w.slice(d.length + 1)}`;
    }
    return w;
  });
  return { sources: mounts.map((m) => m[0]), argv: inner };
}
