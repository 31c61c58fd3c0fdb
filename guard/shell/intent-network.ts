// Intents of network use: fetch-to-shell, decode-to-shell, reverse shells, uploads and the hosts reached.
import { BYTE_ENCODERS } from './byte-encoders.js';
import { constantBody, dataBody } from './constant-body.js';
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { INTERPRETERS, SHELLS, basename } from './wrappers.js';
import { isCredentialPath } from '../sensitive-paths.js';
import { isBuildOutput } from './build-output.js';
import { officialInstall } from './official-installers.js';
import { releaseUpload } from './release-upload.js';
import { inProject } from './project-paths.js';
import { isPrivateAddress } from '../egress/internal-hosts.js';
import { REQUEST_PROGRAMS } from '../egress/issuers.js';

/** Programs that fetch a URL: the request programs and the other downloaders. */
const FETCHERS = new Set([
  ...REQUEST_PROGRAMS,
  'aria2c',
  'fetch',
  'lwp-request',
  'GET',
  'Invoke-WebRequest',
  'iwr',
]);
const RAW_NET = new Set(['nc', 'ncat', 'netcat', 'telnet', 'socat', 'openssl']);
const DECODERS: Record<string, RegExp> = {
  base64: /^(?:-d|-D|--decode)$/,
  xxd: /^-r/,
  openssl: /^(?:-d|base64|enc)$/,
  uudecode: /./,
  rev: /./,
  gunzip: /./,
  zcat: /./,
  gzip: /^-d$/,
  bzip2: /^-d$/,
  xz: /^-d$/,
  base32: /^(?:-d|--decode)$/,
  basenc: /^(?:-d|--decode)$/,
};
const URL_HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/@\s]*@)?(\[[^\]]+\]|[^/:?#\s]+)/i;
const SCP_HOST = /^(?:[^@/\s:]+@)?([A-Za-z0-9.-]+|\[[^\]]+\]):/;
const BARE_HOST = /^([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})(?:[:/]|$)/;

/** Hosts named by a URL, `user@host:path` or a bare `host.tld/...` argument. */
export function hostOf(arg: string, bare: boolean): string | null {
  const u = URL_HOST.exec(arg);
  if (u?.[1] !== undefined) return u[1].toLowerCase();
  if (bare) {
    const b = BARE_HOST.exec(arg);
    if (b?.[1] !== undefined) return b[1].toLowerCase();
  }
  return null;
}

/** A shell or interpreter that reads its program from stdin: `sh`, `bash -s`, `python3 -`. */
function readsProgramFromStdin(cmd: ShellCommand): boolean {
  if (!SHELLS.has(cmd.name) && !INTERPRETERS.has(cmd.name.replace(/[0-9.]+$/, ''))) return false;
  const rest = cmd.argv.slice(1);
  if (rest.some((a) => a === '-c' || a === '-e')) return cmd.wrappers.includes('xargs');
  const firstOperand = rest.find((a) => !a.startsWith('-'));
  return firstOperand === undefined || rest.includes('-') || rest.includes('-s');
}

function isDecoder(cmd: ShellCommand): boolean {
  const r = DECODERS[cmd.name];
  if (r === undefined) return false;
  return r.source === '.' || cmd.argv.slice(1).some((a) => r.test(a));
}

function earlierStages(cmd: ShellCommand, all: ShellAnalysis): ShellCommand[] {
  if (cmd.pipeline < 0) return [];
  return all.commands.filter((c) => c.pipeline === cmd.pipeline && c.stage < cmd.stage);
}

function runsSubstitution(cmd: ShellCommand): boolean {
  const runner =
    SHELLS.has(cmd.name) ||
    cmd.name === 'eval' ||
    cmd.name === 'source' ||
    cmd.name === '.' ||
    INTERPRETERS.has(cmd.name.replace(/[0-9.]+$/, ''));
  if (!runner) return false;
  for (let i = 1; i < cmd.argv.length; i++) {
    const a = cmd.argv[i] ?? '';
    if (a.includes('$(') || a.includes('<(') || a.includes('`')) return true;
  }
  return false;
}

/** Files a fetcher saves (`curl -o F`, `wget -O F`, `curl -O URL`), so a later `sh F` is fetch-then-run. */
function savedFiles(cmd: ShellCommand): string[] {
  const out: string[] = [];
  cmd.argv.forEach((a, i) => {
    const next = cmd.argv[i + 1];
    if (
      (a === '-o' ||
        a === '--output' ||
        (cmd.name === 'curl' && /^-[a-zA-Z]+o$/.test(a)) ||
        (cmd.name === 'wget' && /^-[a-zA-Z]*O$/.test(a))) &&
      next !== undefined
    )
      out.push(basename(next));
    if (
      (cmd.name === 'curl' && (a === '-O' || a === '--remote-name')) ||
      (cmd.name === 'wget' && !a.startsWith('-') && i > 0)
    ) {
      const url = cmd.argv.slice(i).find((x) => URL_HOST.test(x));
      if (url !== undefined) out.push(basename(url.replace(/[?#].*$/, '')));
    }
  });
  return out.filter((f) => f !== '' && f !== '-');
}

function reverseShell(cmd: ShellCommand, all: ShellAnalysis): string | null {
  if (cmd.redirects.some((r) => /^\/dev\/(?:tcp|udp)\//.test(r.target)))
    return 'redirect to /dev/tcp';
  const args = cmd.argv.slice(1);
  if (
    (cmd.name === 'nc' || cmd.name === 'ncat' || cmd.name === 'netcat') &&
    args.some((a) => /^-[a-zA-Z]*[ec]$/.test(a) || a === '--exec' || a === '--sh-exec')
  )
    return `${cmd.name} -e`;
  if (
    cmd.name === 'socat' &&
    args.some((a) => /^(?:exec|system):/i.test(a)) &&
    args.some((a) => /tcp|udp|ssl|openssl/i.test(a))
  )
    return 'socat exec';
  if (/^[gmn]?awk$/.test(cmd.name) && args.some((a) => /\/inet[46]?\/(?:tcp|udp)\//.test(a)))
    return `${cmd.name} /inet socket`;
  if (cmd.name === 'ssh' && args.some((a) => /^-[a-zA-Z]*R/.test(a))) return 'ssh remote forward';
  if (RAW_NET.has(cmd.name) && cmd.pipeline >= 0) {
    const mates = all.commands.filter((c) => c.pipeline === cmd.pipeline && c !== cmd);
    if (mates.some((c) => SHELLS.has(c.name))) return `${cmd.name} piped with a shell`;
  }
  if (
    SHELLS.has(cmd.name) &&
    cmd.argv.includes('-i') &&
    all.commands.some((c) => RAW_NET.has(c.name) || c.name === 'mkfifo')
  )
    return 'interactive shell with a raw socket';
  return null;
}

/** Options of fetchers and copiers whose value is a file, header or datum, never the host reached. */
const VALUE_FLAGS = new Set([
  '-o',
  '--output',
  '-T',
  '--upload-file',
  '-d',
  '--data',
  '--data-binary',
  '--data-raw',
  '--data-urlencode',
  '-F',
  '--form',
  '-H',
  '--header',
  '-u',
  '--user',
  '-A',
  '--user-agent',
  '-e',
  '--referer',
  '-b',
  '--cookie',
  '-c',
  '--cookie-jar',
  '-K',
  '--config',
  '-w',
  '--write-out',
  '-X',
  '--request',
  '-O',
  '--output-document',
  '-P',
  '--directory-prefix',
  '--post-file',
  '--post-data',
  '--body-file',
  '-i',
  '-p',
  '-l',
  '--json',
  '--cacert',
  '--cert',
  '--key',
  '-m',
  '--max-time',
]);

/**
 * Options of the file copiers that take a value, by program: their boolean flags (`scp -p`,
 * `rsync -P -i -l`) are no value options, so the path after them is still a source.
 */
const COPY_VALUE_FLAGS: Record<string, ReadonlySet<string>> = {
  scp: new Set(['-c', '-D', '-F', '-i', '-J', '-l', '-o', '-P', '-S', '-X']),
  sftp: new Set(['-B', '-b', '-c', '-D', '-F', '-i', '-J', '-l', '-o', '-P', '-R', '-S', '-s']),
  rsync: new Set([
    '-e',
    '--rsh',
    '-f',
    '--filter',
    '--exclude',
    '--include',
    '--exclude-from',
    '--include-from',
    '--files-from',
    '-T',
    '--temp-dir',
    '--partial-dir',
    '--backup-dir',
    '--log-file',
    '--chmod',
    '--chown',
    '--password-file',
    '--port',
    '-M',
    '--remote-option',
    '--rsync-path',
    '--compare-dest',
    '--copy-dest',
    '--link-dest',
    '-B',
    '--block-size',
    '--timeout',
    '--bwlimit',
    '--max-size',
    '--min-size',
    '--suffix',
    '--out-format',
  ]),
};

const UPLOAD_FLAGS = new Set([
  '-d',
  '--data',
  '--data-binary',
  '--data-raw',
  '--data-urlencode',
  '--data-ascii',
  '-F',
  '--form',
  '-T',
  '--upload-file',
  '--json',
  '--post-file',
  '--post-data',
  '--body-file',
]);

/** curl's bundled short options (`-sT`, `-fsSd`) name their value-taking option last. */
const shortFlag = (cmd: ShellCommand, a: string): string =>
  cmd.name === 'curl' && /^-[a-zA-Z]{2,}$/.test(a) ? `-${a.slice(-1)}` : a;

function uploadedFiles(cmd: ShellCommand): string[] {
  const files: string[] = [];
  cmd.argv.forEach((raw, i) => {
    const a = shortFlag(cmd, raw);
    const joined = /^--(?:data[a-z-]*|form|upload-file|post-file|body-file|json)=/.test(a);
    const v = UPLOAD_FLAGS.has(a)
      ? cmd.argv[i + 1]
      : joined
        ? a.slice(a.indexOf('=') + 1)
        : undefined;
    if (v === undefined) return;
    const flag = joined ? a.slice(0, a.indexOf('=')) : a;
    if (['-T', '--upload-file', '--post-file', '--body-file'].includes(flag)) files.push(v);
    // a form field's name is any text before `=` (`f:1=@file`); `<file` sends the file as its value
    const form = flag === '-F' || flag === '--form';
    const m = (form ? /^(?:[^=]*=)?[@<]([^;]+)/ : /^(?:[\w.-]+=)?@([^;]+)/).exec(v);
    if (m?.[1] !== undefined) files.push(m[1]);
  });
  return files;
}

/** Programs that put a whole file's content (or its start or end) on their output. */
const FILE_READERS = new Set([
  'cat',
  'tac',
  'head',
  'tail',
  ...BYTE_ENCODERS,
  'brotli',
  'tar',
  'zip',
  'openssl',
  'uuencode',
]);
/** One-line files that name a version or revision: their content in a URL is a path, not data. */
const VERSION_FILE =
  /(?:^|\/)(?:VERSION|\.?version|\.nvmrc|\.node-version|\.python-version|\.ruby-version|\.tool-versions|REVISION|\.git\/HEAD)$/i;

/**
 * Whether an operand of a file reader names what it reads: a path (with `.` or `/`), a file named at
 * run time (below), or any operand
 * of an archiver, which reads folders named bare (`tar cz config`), except tar's old-style mode word.
 */
function readOperand(c: ShellCommand, a: string, i: number): boolean {
  if (/[./]/.test(a)) return true;
  // a file named at run time by a loop, `read` or xargs: `$f`, `${chunk}`, `{}` (a lower-case name
  // is the script's own; an upper-case one is configuration, such as `$TOKEN_FILE`)
  if (a === '{}' || /^\$\{?[a-z_][a-z0-9_]{0,31}\}?$/.test(a)) return true;
  if (c.name === 'tar') return !(i === 0 && /^[A-Za-z]+$/.test(a) && /[crux]/.test(a));
  return c.name === 'zip' && i > 0;
}

/**
 * HTTPie and xh request items that send a file: `@path` (the raw body), `field@path` (a file field:
 * form mode, xh, or a path with a folder), `field=@path`, `field:=@path`.
 */
function httpieFiles(cmd: ShellCommand): string[] {
  if (!['http', 'https', 'xh', 'xhs'].includes(cmd.name)) return [];
  const form =
    cmd.name.startsWith('xh') ||
    cmd.argv.some((a) => a === '--form' || a === '-f' || a === '--multipart');
  const files: string[] = [];
  for (const a of cmd.argv.slice(1)) {
    if (/^@[^@\s]/.test(a)) {
      files.push(a.slice(1));
      continue;
    }
    const m = /^[\w.[\]-]{1,128}(:?=)?@(.+)$/.exec(a);
    if (m?.[2] !== undefined && (m[1] !== undefined || form || m[2].includes('/')))
      files.push(m[2].replace(/;.*$/, ''));
  }
  return files;
}

/**
 * Whether `word` holds the substitution `c`: its words as written, or its program's name after
 * `$(` with a variable the analysis expanded (`$(cat $f)` read as `cat /tmp/p_*` inside
 * `for f in /tmp/p_*`).
 */
function holdsSubstitution(word: string, c: ShellCommand): boolean {
  if (c.argv.every((x) => word.includes(x))) return true;
  const at = word.indexOf(`$(${c.name} `);
  if (at < 0) return false;
  const end = word.indexOf(')', at);
  return word.slice(at, end < 0 ? undefined : end).includes('$', 2);
}

/** Bash's `$(<FILE)`, which reads FILE without running a program. */
function bashFileReads(word: string): string[] {
  if (!word.includes('$(<')) return [];
  return [...word.matchAll(/\$\(<\s*["']?([^)"'\s]{1,256})/g)]
    .map((m) => m[1] ?? '')
    .filter((f) => !VERSION_FILE.test(f));
}

/**
 * Files whose content a `$(...)` in one of this command's arguments puts there
 * (`curl "https://h/?d=$(base64 -w0 config/database.yml)"`): the call carries that file.
 */
function substitutedFiles(cmd: ShellCommand, all: ShellAnalysis): string[] {
  const words = cmd.argv.slice(1).filter((a) => a.includes('$(') || a.includes('`'));
  if (words.length === 0) return [];
  const files = words.flatMap(bashFileReads);
  for (const c of all.commands) {
    if (!c.substitution || !FILE_READERS.has(c.name)) continue;
    if (!words.some((w) => holdsSubstitution(w, c))) continue;
    const read = [
      ...c.argv.slice(1).filter((a, i) => !a.startsWith('-') && readOperand(c, a, i)),
      ...c.redirects.filter((r) => r.op === '<').map((r) => r.target),
    ];
    files.push(...read.filter((f) => !VERSION_FILE.test(f)));
  }
  return files;
}

/**
 * The project's own files (relative paths inside it, no credential named) copied to a private
 * address (RFC 1918): a machine of the operator's network, as a `.lan` or ssh-config name is
 * (docs/guard.md "Egress"). Home, paths outside the project and public hosts stay uploads.
 */
function projectToPrivateHost(operands: readonly string[]): boolean {
  const host = SCP_HOST.exec(operands.at(-1) ?? '')?.[1];
  return (
    host !== undefined &&
    isPrivateAddress(host) &&
    operands.slice(0, -1).every((s) => inProject(s) && !isCredentialPath(s) && !s.includes('$'))
  );
}

export function networkIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const hits: IntentHit[] = [];
  if (readsProgramFromStdin(cmd) || runsSubstitution(cmd)) {
    const sources = [
      ...earlierStages(cmd, all),
      ...(runsSubstitution(cmd) ? all.commands.filter((c) => c.substitution) : []),
    ];
    if (sources.some((c) => FETCHERS.has(c.name)) && !officialInstall(sources))
      hits.push({ intent: 'fetch_pipe_shell', detail: `download run by ${cmd.name}` });
    if (sources.some(isDecoder))
      hits.push({ intent: 'decode_pipe_shell', detail: `decoded text run by ${cmd.name}` });
  }
  if (
    SHELLS.has(cmd.name) ||
    INTERPRETERS.has(cmd.name.replace(/[0-9.]+$/, '')) ||
    cmd.argv[0]?.includes('/') === true
  ) {
    const saved = new Set(all.commands.filter((c) => FETCHERS.has(c.name)).flatMap(savedFiles));
    const runs = [cmd.argv[0] ?? '', ...cmd.argv.slice(1)].map(basename);
    if (runs.some((r) => saved.has(r)))
      hits.push({ intent: 'fetch_pipe_shell', detail: 'downloaded file executed' });
  }
  const rs = reverseShell(cmd, all);
  if (rs !== null) hits.push({ intent: 'reverse_shell', detail: rs });
  // openssl opens a connection only as a TLS client (`s_client`, `s_time`); `openssl x509` after it
  // reads the certificate it printed
  const tls = cmd.name === 'openssl' && /^s_(?:client|time)$/.test(cmd.argv[1] ?? '');
  const net =
    FETCHERS.has(cmd.name) ||
    (RAW_NET.has(cmd.name) && (cmd.name !== 'openssl' || tls)) ||
    ['scp', 'rsync', 'sftp', 'ssh', 'ftp', 'git'].includes(cmd.name);
  if (!net) return hits;
  const bare = FETCHERS.has(cmd.name);
  const scpLike = cmd.name === 'scp' || cmd.name === 'rsync' || cmd.name === 'sftp';
  const hosts = new Set<string>();
  const operands = cmd.argv
    .slice(1)
    .filter(
      (a, i, all) =>
        !a.startsWith('-') &&
        !(
          i > 0 && (COPY_VALUE_FLAGS[cmd.name] ?? VALUE_FLAGS).has(shortFlag(cmd, all[i - 1] ?? ''))
        ),
    );
  for (const a of operands) {
    const h = hostOf(a, bare) ?? (scpLike ? (SCP_HOST.exec(a)?.[1]?.toLowerCase() ?? null) : null);
    if (h !== null) hosts.add(h);
  }
  const connect = tls ? cmd.argv[cmd.argv.indexOf('-connect') + 1] : undefined;
  if (connect !== undefined && cmd.argv.includes('-connect'))
    hosts.add(
      connect
        .replace(/:\d+$/, '')
        .replace(/^\[(.*)\]$/, '$1')
        .toLowerCase(),
    );
  if ((RAW_NET.has(cmd.name) && cmd.name !== 'openssl') || cmd.name === 'ssh') {
    const host = operands[0]?.replace(/^[^@]*@/, '');
    if (host !== undefined && cmd.name !== 'socat') hosts.add(host.toLowerCase());
  }
  if (hosts.size > 0)
    hits.push({
      intent: 'network',
      detail: `${cmd.name} reaches ${[...hosts].join(', ')}`,
      hosts: [...hosts],
    });
  const files = FETCHERS.has(cmd.name)
    ? [...uploadedFiles(cmd), ...httpieFiles(cmd), ...substitutedFiles(cmd, all)]
    : [];
  const scpUp =
    scpLike &&
    operands.length > 1 &&
    SCP_HOST.test(operands.at(-1) ?? '') &&
    !SCP_HOST.test(operands[0] ?? '') &&
    // a build's output copied to a deploy host is a release, as to a deploy bucket
    !operands.slice(0, -1).every(isBuildOutput) &&
    !projectToPrivateHost(operands);
  // a raw socket fed by a file or by an earlier stage of its pipeline (`zip -r - . | nc HOST PORT`);
  // `echo | openssl s_client` only closes the TLS session's input
  const feeders = earlierStages(cmd, all).filter(
    (c) => !(cmd.name === 'openssl' && ['echo', 'printf', 'true'].includes(c.name)),
  );
  // ... and HTTPie, which sends its standard input as the body, and ssh, whose remote command (or
  // shell) reads it: `tar czf - . | ssh HOST 'cat > x'` uploads to HOST
  const fed =
    cmd.redirects.some((r) => r.op === '<' && r.target !== '/dev/null') || feeders.length > 0;
  const ncUp =
    fed &&
    (RAW_NET.has(cmd.name) ||
      cmd.name === 'ssh' ||
      (['http', 'https', 'xh', 'xhs'].includes(cmd.name) && !cmd.argv.includes('--ignore-stdin')));
  // a coverage report or app package sent to the service that distributes it
  const release = files.length > 0 && releaseUpload(hosts, files, cmd, all);
  if (
    (files.length > 0 && !release) ||
    scpUp ||
    ncUp ||
    (FETCHERS.has(cmd.name) &&
      !release &&
      !constantBody(cmd, all) &&
      (dataBody(cmd) ||
        cmd.argv.some(
          (a, i) =>
            (a === '-X' || a === '--request') &&
            /^(?:POST|PUT|PATCH)$/i.test(cmd.argv[i + 1] ?? ''),
        )))
  ) {
    hits.push({ intent: 'upload', detail: `${cmd.name} sends data`, hosts: [...hosts] });
    const leaked = [
      ...files,
      ...(scpUp ? operands.slice(0, -1) : []),
      ...cmd.redirects.filter((r) => r.op === '<').map((r) => r.target),
    ];
    if (leaked.some(isCredentialPath))
      hits.push({ intent: 'credential_read', detail: `${cmd.name} uploads a credential file` });
  }
  return hits;
}
