// Uploads of local files to cloud storage and file-sync remotes (aws s3, gsutil, gcloud storage, azcopy, az storage, rclone): docs/guard.md "Egress".
import type { ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { isCredentialPath } from '../sensitive-paths.js';
import { isBuildOutput, isCoverageReport } from './build-output.js';
import { emulatorHost } from './storage-emulator.js';
import { foreignBucketCopy } from '../egress/foreign-bucket-copy.js';

/** Options of these CLIs that take a value (never a source or destination). */
const VALUED = new Set([
  '--profile',
  '--region',
  '--endpoint-url',
  '--exclude',
  '--include',
  '--storage-class',
  '--acl',
  '--sse',
  '--content-type',
  '--cache-control',
  '--config',
  '--transfers',
  '--checkers',
  '--filter',
  '--filter-from',
  '--include-from',
  '--exclude-from',
  '--bwlimit',
  '--log-file',
  '--log-level',
  '--backup-dir',
  '--suffix',
  '-h',
  '-o',
  '-x',
  '-p',
]);

/** rclone's per-backend server options (`--s3-endpoint`, `--webdav-url`, `--sftp-host`). */
const RCLONE_SERVER_OPT = /^--[a-z0-9]+-(?:endpoint|url|host)$/;

function operands(argv: readonly string[], from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (a.startsWith('-') && a.length > 1) {
      if (VALUED.has(a) || RCLONE_SERVER_OPT.test(a)) i++;
    } else out.push(a);
  }
  return out;
}

/** The host an object-store URL stands for, so an operator may allow a bucket as a host. */
function storeHost(url: string): string | null {
  const s3 = /^s3a?:\/\/([a-z0-9][a-z0-9.-]{1,62})/i.exec(url);
  if (s3?.[1] !== undefined) return `${s3[1].toLowerCase()}.s3.amazonaws.com`;
  const gs = /^gs:\/\/([a-z0-9][a-z0-9._-]{1,221})/i.exec(url);
  if (gs?.[1] !== undefined) return `${gs[1].toLowerCase()}.storage.googleapis.com`;
  const https = /^https?:\/\/([^/?#\s]+)/i.exec(url);
  return https?.[1]?.toLowerCase() ?? null;
}

const REMOTE_URL = /^(?:s3a?|gs|https?):\/\//i;
/** An rclone remote: `name:path` or an on-the-fly backend `:s3:bucket` (not a Windows drive `C:\`). */
const RCLONE_REMOTE = /^(?::[a-z0-9]+[,:]|[\w .-]{2,}:)/i;

interface Transfer {
  sources: string[];
  hosts: string[];
}

/** A copy whose last operand is remote and whose sources are all local: the sources go up. */
function copyUp(
  ops: readonly string[],
  remote: (s: string) => boolean,
  host: (s: string) => string | null,
): Transfer | null {
  const dst = ops.at(-1);
  const sources = ops.slice(0, -1);
  if (dst === undefined || sources.length === 0 || !remote(dst)) return null;
  if (sources.some(remote)) {
    if (!sources.every(remote) || !foreignBucketCopy(sources, dst)) return null;
    const to = host(dst);
    return { sources: [], hosts: to === null ? [] : [to] };
  }
  if (sources.every((s) => isBuildOutput(s) || isCoverageReport(s))) return null;
  const h = host(dst);
  return { sources, hosts: h === null ? [] : [h] };
}

/** The host an rclone command's server option names (`--s3-endpoint https://h`), or null. */
function rcloneServer(argv: readonly string[]): string | null {
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (!a.startsWith('--')) continue;
    const eq = a.indexOf('=');
    const opt = eq > 0 ? a.slice(0, eq) : a;
    if (!RCLONE_SERVER_OPT.test(opt)) continue;
    const value = eq > 0 ? a.slice(eq + 1) : (argv[i + 1] ?? '');
    const host = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/:?#\s@]+)(?::\d{1,5})?(?:[/?#]|$)/i.exec(
      value,
    )?.[1];
    if (host !== undefined) return host.toLowerCase();
  }
  return null;
}

function transfer(cmd: ShellCommand): Transfer | null {
  const { argv, name } = cmd;
  const [w1, w2] = operands(argv, 1);
  const ops = (skip: number): string[] => operands(argv, 1).slice(skip);
  if ((name === 'aws' || name === 'awslocal') && w1 === 's3' && /^(?:cp|sync|mv)$/.test(w2 ?? ''))
    return copyUp(ops(2), (s) => REMOTE_URL.test(s), storeHost);
  if (
    (name === 'aws' || name === 'awslocal') &&
    w1 === 's3api' &&
    /^(?:put-object|upload-part)$/.test(w2 ?? '')
  ) {
    const i = argv.indexOf('--bucket');
    const body = argv[argv.indexOf('--body') + 1];
    const bucket = i > 0 ? argv[i + 1] : undefined;
    return {
      sources: body === undefined || !argv.includes('--body') ? [] : [body],
      hosts: bucket === undefined ? [] : [`${bucket.toLowerCase()}.s3.amazonaws.com`],
    };
  }
  if (name === 'gsutil' && /^(?:cp|rsync|mv)$/.test(w1 ?? ''))
    return copyUp(ops(1), (s) => REMOTE_URL.test(s), storeHost);
  if (name === 'gcloud' && w1 === 'storage' && /^(?:cp|rsync|mv)$/.test(w2 ?? ''))
    return copyUp(ops(2), (s) => REMOTE_URL.test(s), storeHost);
  if (name === 's3cmd' && /^(?:put|sync|cp|mv)$/.test(w1 ?? ''))
    return copyUp(ops(1), (s) => REMOTE_URL.test(s), storeHost);
  if (name === 'azcopy' && /^(?:copy|cp|sync)$/.test(w1 ?? ''))
    return copyUp(ops(1), (s) => REMOTE_URL.test(s), storeHost);
  if (name === 'az' && w1 === 'storage' && /^(?:blob|file|fs)$/.test(w2 ?? '')) {
    const up = operands(argv, 1)[2];
    if (!/^(?:upload|upload-batch)$/.test(up ?? '')) return null;
    const value = (...names: string[]): string | undefined => {
      const i = argv.findIndex((a) => names.includes(a));
      return i > 0 ? argv[i + 1] : undefined;
    };
    const account = value('--account-name');
    const file = value('--file', '-f', '--source', '-s');
    // a build's output to a container (a static site's `$web`), as `aws s3 sync dist/` above
    if (file !== undefined && isBuildOutput(file)) return null;
    return {
      sources: file === undefined ? [] : [file],
      hosts: account === undefined ? [] : [`${account.toLowerCase()}.blob.core.windows.net`],
    };
  }
  if (name === 'rclone' && /^(?:copy|copyto|sync|move|moveto|bisync)$/.test(w1 ?? ''))
    // a remote is a name the operator configured, or a backend given inline: no host to check,
    // unless the command names the backend's server itself
    return copyUp(
      ops(1),
      (s) => RCLONE_REMOTE.test(s),
      () => rcloneServer(argv),
    );
  if (name === 'rclone' && w1 === 'rcat' && RCLONE_REMOTE.test(w2 ?? ''))
    return { sources: [], hosts: [] };
  return null;
}

export function storageIntents(cmd: ShellCommand): IntentHit[] {
  const found = transfer(cmd);
  if (found === null) return [];
  const local = emulatorHost(cmd);
  const t = local === null ? found : { ...found, hosts: [local] };
  const hits: IntentHit[] = [
    {
      intent: 'upload',
      detail: `${cmd.name} copies local files to remote storage`,
      hosts: t.hosts,
    },
  ];
  if (t.hosts.length > 0)
    hits.push({
      intent: 'network',
      detail: `${cmd.name} reaches ${t.hosts.join(', ')}`,
      hosts: t.hosts,
    });
  if (t.sources.some(isCredentialPath))
    hits.push({ intent: 'credential_read', detail: `${cmd.name} uploads a credential file` });
  return hits;
}
