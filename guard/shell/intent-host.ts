// Intents on the host itself: privilege changes, credential reads and writes that persist or escalate.
import { distroPackages } from './distro-packages.js';
import { deviceGroupsForSelf } from './device-groups.js';
import { credentialKeyLinesOnly } from './credential-key-lines.js';
import { namesProjectionFiles, pipedToNamesOnly } from './names-projection.js';
import { grepsNamedKeys } from './grep-named-keys.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { isCredentialPath, isPersistencePath, normalizePath } from '../sensitive-paths.js';
import { SHELLS } from './wrappers.js';
import { cliCredentialRead } from './credential-clis.js';
import { excludedName } from './excluded-names.js';
import { sudoServiceOp } from './sudo-service-ops.js';
import { pipedToUserinfoMask } from './masked-output.js';
import { cmdPersistentEnv } from '../interp/persistent-env.js';
import { credentialArgUnread } from './credential-unread.js';
import { harmlessRcText, isShellRc } from './rc-lines.js';
import { silentCommand } from './silent-test.js';
import { localCrontab } from './dev-crontab.js';
import { macPersistence } from './launch-agents.js';
import { searchHuntsSecrets } from './secret-hunt.js';
import { evalPipeline } from './static-eval.js';
import { browserStoreMember } from './browser-store-members.js';
import { remoteAccessSessions } from './remote-access-sessions.js';
import { windowsCredentialStore } from './windows-credential-stores.js';
import { importIntoPth, pathOnlyPth, writesStartupHook } from './startup-hooks.js';

const PRIV_PROGRAMS = new Set([
  'sudo',
  'su',
  'doas',
  'pkexec',
  'runuser',
  'visudo',
  'passwd',
  'setcap',
  'chpasswd',
]);
const PRIV_GROUPS = /(?:^|,)(?:sudo|wheel|admin|root|docker|adm)(?:,|$)/;

/** Programs that name a credential path without reading its content. */
const NOT_READING = new Set([
  'ls',
  'stat',
  'test',
  '[',
  'file',
  'chmod',
  'chown',
  'mkdir',
  'touch',
  'ssh-keygen',
  'ssh-add',
  'rm',
  'shred',
  'wc',
  'du',
  'source',
  '.',
  'echo',
  'printf',
  'dirname',
  'basename',
  'realpath',
  'readlink',
]);
const DESTINATION_LAST = new Set(['cp', 'mv', 'install', 'ln', 'rsync']);
/** Options of these programs whose value is a file they write or use as a key, not read out. */
const SKIP_NEXT = new Set(['-i', '-f', '-o', '--output', '-F', '-e', '--exclude']);
const SKIP_NEXT_PROGRAMS = new Set(['ssh', 'scp', 'sftp', 'rsync', 'git', 'curl', 'wget']);
/** A variable or argument named as a credential (`VAULT_TOKEN`, `DB_PASSWORD`). */
export const SECRET_NAME =
  /(?:SECRET|TOKEN|PASSWORD|PASSWD|PRIVATE_KEY|API_KEY|ACCESS_KEY|CREDENTIAL)/i;

/** Wrappers that only run their command as it is: a shell under them is the shell asked for. */
const PLAIN_WRAPPERS = new Set(['xargs', 'env', 'command', 'exec', 'builtin', 'time', 'nohup']);

/**
 * An interactive shell (`sh`, `bash -i`, `/bin/sh -p`: no `-c`, script or input) started through
 * another program's hook (`awk 'BEGIN{system("/bin/sh")}'`, `vim -c ':sh'`, `find -exec /bin/sh`)
 * or a wrapper that changes its namespace, root or session (`nsenter -t 1 -m sh`), or by `script`.
 */
function spawnedShell(cmd: ShellCommand): string | null {
  if (cmd.name === 'script' && !cmd.argv.some((a) => /^(?:-[a-zA-Z]*c|--command)(?:=|$)/.test(a)))
    return 'script starts a shell';
  if (!SHELLS.has(cmd.name) || cmd.stdin !== undefined || cmd.stage > 0) return null;
  const outer = cmd.via ?? cmd.wrappers.find((w) => !PLAIN_WRAPPERS.has(w));
  if (outer === undefined || SHELLS.has(outer)) return null;
  const args = cmd.argv.slice(1);
  if (args.some((a) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(a) || !/^[-+]/.test(a))) return null;
  return `${outer} starts a shell`;
}

function privilege(cmd: ShellCommand): string | null {
  const priv = cmd.wrappers.find((w) => PRIV_PROGRAMS.has(w));
  if (priv !== undefined)
    return distroPackages(cmd) ||
      deviceGroupsForSelf(cmd) ||
      (priv === 'sudo' && sudoServiceOp(cmd))
      ? null
      : priv;
  if (PRIV_PROGRAMS.has(cmd.name)) return cmd.name;
  const spawned = spawnedShell(cmd);
  if (spawned !== null) return spawned;
  if (cmd.name !== 'chmod' && cmd.name !== 'chown' && cmd.name !== 'chgrp')
    return (cmd.name === 'usermod' || cmd.name === 'gpasswd' || cmd.name === 'adduser') &&
      cmd.argv.some((a) => PRIV_GROUPS.test(a))
      ? `${cmd.name} into an admin group`
      : null;
  const ops = cmd.argv.slice(1).filter((a) => !a.startsWith('-') || /^-[ugoa]*[+-=]/.test(a));
  if (cmd.name === 'chmod' && /^(?:[ugoa]*\+[rwxX]*s|[0-7]?[2-7][0-7]{3})$/.test(ops[0] ?? ''))
    return 'setuid chmod';
  if (
    (cmd.name === 'chown' || cmd.name === 'chgrp') &&
    /^(?:root|0)?(?::(?:root|wheel|0))?$/.test(ops[0] ?? 'x') &&
    (ops[0] ?? '') !== ''
  )
    return 'chown root';
  return null;
}

/**
 * Filters after a whole-environment dump that keep no values: `wc`, the names alone (`cut -d= -f1`),
 * or a `grep` for names that are not secrets. `head`, `tail` and `sort` only cut or reorder the
 * dump: what they let through still carries values.
 */
function envDump(cmd: ShellCommand, all: ShellAnalysis): string | null {
  if (cmd.pipeline < 0) return 'dumps the whole environment';
  const later = all.commands.filter((c) => c.pipeline === cmd.pipeline && c.stage > cmd.stage);
  const namesOnly = (c: ShellCommand): boolean => {
    const opts = c.argv.slice(1).join(' ');
    return c.name === 'cut' && /-d\s*=/.test(opts) && /(?:-f\s*|--fields=)1(?![\d,-])/.test(opts);
  };
  // `tee` keeps the whole dump in a file before any filter
  if (later.some((c) => c.name === 'tee')) return 'dumps the whole environment';
  const keepsNone = later.some((c) => c.name === 'wc' || namesOnly(c));
  if (keepsNone) return null;
  const next = later.find((c) => c.stage === cmd.stage + 1);
  if (next !== undefined && grepsNamedKeys(next.argv)) return null;
  const grep = later.find((c) => c.name === 'grep' || c.name === 'rg');
  if (
    grep !== undefined &&
    !grep.argv.some((a) => /^-[a-zA-Z]*v/.test(a) || a === '--invert-match')
  ) {
    const pattern = grep.argv.slice(1).find((a) => !a.startsWith('-'));
    if (pattern !== undefined && !/KEY|SECRET|TOKEN|PASS|AUTH|CRED|AWS|API/i.test(pattern))
      return null;
  }
  return 'dumps the whole environment';
}

/**
 * The folder relative operands are read from: tar's `-C DIR` / `--directory=DIR`, else the last
 * `cd DIR` the script ran before this command at the same level.
 */
export function baseDir(cmd: ShellCommand, all: ShellAnalysis): string | null {
  if (cmd.name === 'tar') {
    const i = cmd.argv.findIndex((a) => a === '-C' || a === '--directory');
    const v =
      i > 0 ? cmd.argv[i + 1] : cmd.argv.find((a) => a.startsWith('--directory='))?.slice(12);
    if (v !== undefined) return v;
  }
  const before = all.commands.slice(0, Math.max(0, all.commands.indexOf(cmd)));
  const cd = before.findLast(
    (c) => (c.name === 'cd' || c.name === 'pushd') && c.nested === cmd.nested,
  );
  const dir = cd?.argv.slice(1).find((a) => !a.startsWith('-'));
  return dir ?? (cd !== undefined ? '~' : null);
}

/**
 * A search that prints only a count or file names (`grep -c`, `grep -l`, `rg --count`) for a
 * pattern that names no value: nothing of the file's values reaches the output. A pattern with a
 * literal after `=` (`grep -c 'KEY=ab'`) can test a value one guess at a time, so it stays a read.
 */
function countsOnly(cmd: ShellCommand): boolean {
  if (cmd.name !== 'grep' && cmd.name !== 'egrep' && cmd.name !== 'rg') return false;
  const flags = cmd.argv.slice(1).filter((a) => a.startsWith('-'));
  const counting = flags.some(
    (a) =>
      /^-[a-zA-Z]*[clL][a-zA-Z]*$/.test(a) ||
      a === '--count' ||
      a === '--files-with-matches' ||
      a === '--files-without-match',
  );
  if (!counting || flags.some((a) => /^-[a-zA-Z]*[oA-C]/.test(a) || a === '--only-matching'))
    return false;
  const pattern = cmd.argv.slice(1).find((a) => !a.startsWith('-')) ?? '';
  return !/=[^\][*.^$)(|+?{}\s]/.test(pattern);
}

function credentialRead(cmd: ShellCommand, all: ShellAnalysis): string | null {
  if (!NOT_READING.has(cmd.name) && !countsOnly(cmd)) {
    // the folder a relative name is read in, found only for a relative name
    let base: string | null | undefined;
    const credential = (v: string): boolean => {
      if (isCredentialPath(v)) return true;
      if (!/^[^/~$]/.test(v)) return false;
      base = base === undefined ? baseDir(cmd, all) : base;
      return base !== null && isCredentialPath(`${base.replace(/\/+$/, '')}/${v}`);
    };
    // the destination of a copy is written, not read
    const last = DESTINATION_LAST.has(cmd.name)
      ? cmd.argv.length - 1
      : cmd.name === 'tee'
        ? 1
        : cmd.argv.length;
    for (let i = 1; i < last; i++) {
      const a = cmd.argv[i] ?? '';
      if (SKIP_NEXT.has(a) && SKIP_NEXT_PROGRAMS.has(cmd.name)) {
        i++;
        continue;
      }
      // `--file=PATH`, `if=PATH`, `@PATH`: the path (a plain word, most of them, is copied as is)
      let v = a.charAt(0) === '-' ? a.replace(/^--?[\w-]+=/, '') : a;
      if (v.charAt(0) === 'i' || v.charAt(0) === '@') v = v.replace(/^(?:if=|@)/, '');
      if (
        credential(v) &&
        !credentialArgUnread(cmd, i) &&
        !excludedName(cmd, i) &&
        !credentialKeyLinesOnly(cmd, v, all)
      )
        return `${cmd.name} ${v}`;
    }
    const member = browserStoreMember(cmd, all);
    if (member !== null) return member;
  }
  const r = cmd.redirects.find((x) => x.op === '<' && isCredentialPath(x.target));
  if (r !== undefined && namesProjectionFiles(cmd)?.length !== 0)
    return `${cmd.name} < ${r.target}`;
  const cli = cliCredentialRead(cmd);
  if (cli !== null && !pipedToNamesOnly(cmd, all) && !pipedToUserinfoMask(cmd, all)) return cli;
  const store = windowsCredentialStore(cmd) ?? remoteAccessSessions(cmd);
  if (store !== null) return store;
  if (searchHuntsSecrets(cmd.name, cmd.argv))
    return `${cmd.name} searches for keys outside the project`;
  switch (cmd.name) {
    case 'printenv':
      return cmd.argv.length === 1
        ? envDump(cmd, all)
        : cmd.argv.slice(1).some((a) => SECRET_NAME.test(a))
          ? 'printenv of a secret'
          : null;
    case '':
      return cmd.wrappers.at(-1) === 'env' ? envDump(cmd, all) : null;
    case 'ps':
      // BSD-style `e` (`ps eww`, `ps auxe`) prints every process's environment; `ps -e` is all processes
      return cmd.argv.some(
        (a, i) => /^[a-zA-Z]*e[a-zA-Z]*$/.test(a) && !/^-/.test(cmd.argv[i - 1] ?? ''),
      )
        ? "ps prints processes' environments"
        : null;
    default:
      return null;
  }
}

function writeTargets(cmd: ShellCommand): string[] {
  const out = cmd.redirects
    .filter((r) => /^(?:>|>>|>\||&>|&>>)$/.test(r.op) && !/^\d+$/.test(r.target))
    .map((r) => r.target);
  const ops = cmd.argv.slice(1).filter((a) => !a.startsWith('-'));
  if (cmd.name === 'tee') out.push(...ops);
  if (['cp', 'mv', 'install', 'ln', 'rsync'].includes(cmd.name) && ops.length > 1)
    out.push(ops.at(-1) ?? '');
  if (cmd.name === 'dd')
    out.push(...cmd.argv.filter((a) => a.startsWith('of=')).map((a) => a.slice(3)));
  if (
    cmd.name === 'sed' &&
    cmd.argv.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith('--in-place'))
  )
    out.push(...ops.slice(1));
  return out;
}

/**
 * `echo 'export PATH="$HOME/.cargo/bin:$PATH"' >> ~/.zshrc`: an appended start-up line that only
 * names tool folders persists no command, so it is judged by what it says, not by the file.
 */
function pathLineAppended(cmd: ShellCommand, target: string): boolean {
  if (!isShellRc(normalizePath(target))) return false;
  if (!cmd.redirects.some((r) => r.op === '>>' && r.target === target)) return false;
  if (silentCommand(cmd)) return true;
  const text =
    cmd.name === 'echo' || cmd.name === 'printf'
      ? evalPipeline([{ argv: cmd.argv }], 4096)
      : cmd.name === 'cat' && cmd.argv.length === 1
        ? (cmd.stdin ?? null)
        : null;
  return text !== null && harmlessRcText(text);
}

/** Registry keys Windows runs at log-on or start-up, and services and tasks it starts by itself. */
// an unquoted key loses its backslashes to the shell (`HKCU\Software` reads `HKCUSoftware`)
export const AUTOSTART_KEY =
  /CurrentVersion[\\/]?(?:Run(?:Once|Services(?:Once)?)?|Policies[\\/]?Explorer[\\/]?Run)(?![a-z])|Windows NT[\\/]?CurrentVersion[\\/]?Winlogon|Image File Execution Options/i;

/** `reg add HKCU\...\CurrentVersion\Run`, `schtasks /create`, `sc create`. */
function windowsAutostart(cmd: ShellCommand): boolean {
  const name = cmd.name.toLowerCase().replace(/\.exe$/, '');
  const sub = (cmd.argv[1] ?? '').toLowerCase();
  if (name === 'reg')
    return (sub === 'add' || sub === 'import') && cmd.argv.some((a) => AUTOSTART_KEY.test(a));
  if (name === 'schtasks') return sub === '/create';
  return name === 'sc' && sub === 'create';
}

export function hostIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const hits: IntentHit[] = [];
  const p = privilege(cmd);
  if (p !== null) hits.push({ intent: 'privilege_change', detail: p });
  const c = credentialRead(cmd, all);
  if (c !== null) hits.push({ intent: 'credential_read', detail: c });
  const w = writeTargets(cmd).find(
    (t) =>
      (isPersistencePath(t) && !pathLineAppended(cmd, t) && !pathOnlyPth(cmd, t)) ||
      (isCredentialPath(t) && /^[~/]/.test(normalizePath(t))),
  );
  if (w !== undefined) hits.push({ intent: 'sensitive_write', detail: `writes ${w}` });
  if (cmd.name === 'crontab' && !cmd.argv.includes('-l') && !localCrontab(cmd, all))
    hits.push({ intent: 'sensitive_write', detail: 'crontab install' });
  const hook = writesStartupHook(cmd) ?? importIntoPth(cmd);
  if (hook !== null) hits.push({ intent: 'sensitive_write', detail: hook });
  const mac = macPersistence(cmd);
  if (mac !== null) hits.push(mac);
  if (windowsAutostart(cmd))
    hits.push({ intent: 'sensitive_write', detail: `${cmd.name} adds a Windows autostart` });
  else if (cmd.name === 'setx' || cmd.name === 'reg' || /^(?:setx|reg)\.exe$/i.test(cmd.name)) {
    const env = cmdPersistentEnv(cmd.argv);
    if (env !== null) hits.push(env);
  }
  return hits;
}
