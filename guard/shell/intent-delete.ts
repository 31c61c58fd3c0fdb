// Intents of commands that destroy data: recursive deletes of what must survive, disk wipes, audit tampering.
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';
import { baseDir } from './intent-host.js';
import { powershellDeleteTarget } from '../interp/powershell.js';
import { backupFolder, backupWipeIntents } from './backup-wipe.js';
import { listedWipeIntents } from './listed-wipe.js';
import { foundDeleteIntents } from './found-deletes.js';
import { contentWipeIntents } from './content-wipes.js';
import { climbsAboveExpansion } from './climbing-targets.js';
import { throwawayKeyFile } from './throwaway-key-files.js';
import {
  isCatastrophicTarget,
  isCredentialPath,
  isPersistencePath,
  normalizePath,
} from '../sensitive-paths.js';

const DEVICE =
  /^\/dev\/(?:sd[a-z]|nvme\d|hd[a-z]|vd[a-z]|xvd[a-z]|mmcblk\d|disk\d|rdisk\d|md\d|dm-\d|mapper\/)/;

const FIND_FILTERS = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-regex',
  '-iregex',
  '-newer',
  '-mtime',
  '-mmin',
  '-empty',
  '-size',
  '-user',
  '-wholename',
]);

function operands(argv: readonly string[]): string[] {
  const out: string[] = [];
  let flags = true;
  for (const a of argv.slice(1)) {
    if (flags && a === '--') flags = false;
    else if (flags && a.startsWith('-') && a.length > 1) continue;
    else out.push(a);
  }
  return out;
}

function hasShortFlag(argv: readonly string[], letters: RegExp, long: string[]): boolean {
  return argv.slice(1).some((a) => (/^-[a-zA-Z]+$/.test(a) && letters.test(a)) || long.includes(a));
}

/** `truncate -s 0`, `-s0`, `--size=0`: the files keep their names and lose everything else. */
export function emptiesFiles(argv: readonly string[]): boolean {
  return argv.some(
    (a, i) => /^(?:-s0|--size=0)$/.test(a) || (/^(?:-s|--size)$/.test(a) && argv[i + 1] === '0'),
  );
}

/** `${X%/}/*`, `${X#./}/`: a trimmed variable, empty when unset, so the delete starts at the root. */
const TRIMMED_UNSET = /^\$\{[A-Za-z_]\w*(?:%%?|##?)[^}]{0,64}\}\/\*?$/;

/** The working folder's own contents: `*`, `./*`, `.`, `.*`. */
const HERE = /^(?:\.\/)?(?:\*|\.\*?)$|^\.\/$/;

/**
 * `cd build && rm -rf *`: the folder a literal `cd` moved to, when it is none that must survive, so
 * its contents are what the wildcard names. A variable's folder (`cd "$OUT"`) may be unset: home.
 */
function movedToScratch(cmd: ShellCommand, all: ShellAnalysis): boolean {
  const dir = baseDir(cmd, all);
  return dir !== null && !/[$`]/.test(dir) && !isCatastrophicTarget(dir);
}

function rm(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const recursive = hasShortFlag(cmd.argv, /[rR]/, ['--recursive']);
  if (cmd.argv.includes('--no-preserve-root'))
    return [{ intent: 'destructive_delete', detail: 'rm --no-preserve-root' }];
  for (const t of operands(cmd.argv)) {
    if (
      recursive &&
      (isCatastrophicTarget(t) || TRIMMED_UNSET.test(t.trim()) || climbsAboveExpansion(t)) &&
      !(HERE.test(t) && movedToScratch(cmd, all))
    )
      return [{ intent: 'destructive_delete', detail: `rm -r ${normalizePath(t)}` }];
    if (recursive && backupFolder(t))
      return [{ intent: 'destructive_delete', detail: `rm -r backups ${normalizePath(t)}` }];
    if (isPersistencePath(t) || (isCredentialPath(t) && /^[~/]/.test(normalizePath(t))))
      return [{ intent: 'destructive_delete', detail: `rm ${normalizePath(t)}` }];
  }
  return [];
}

const AUDIT_SERVICES =
  /^(?:firewalld|apparmor|auditd|ufw|falcon-sensor|osqueryd|falco|selinux|wazuh-agent|crowdstrike)(?:\.service)?$/;

function hit(detail: string): IntentHit {
  return { intent: 'security_disable', detail };
}

function securityDisable(cmd: ShellCommand): IntentHit | null {
  const [, a1, a2] = cmd.argv;
  switch (cmd.name) {
    case 'setenforce':
      return a1 === '0' || a1 === 'Permissive' ? hit('setenforce 0') : null;
    case 'ufw':
      return a1 === 'disable' ? hit('ufw disable') : null;
    case 'iptables':
    case 'ip6tables':
      return cmd.argv.some((a) => a === '-F' || a === '--flush') ? hit('iptables flush') : null;
    case 'systemctl': {
      const unit = cmd.argv.slice(2).find((a) => !a.startsWith('-'));
      return (a1 === 'stop' || a1 === 'disable' || a1 === 'mask') &&
        unit !== undefined &&
        AUDIT_SERVICES.test(unit)
        ? hit(`systemctl ${a1} ${unit}`)
        : null;
    }
    case 'history':
      return a1 === '-c' ? hit('history -c') : null;
    case 'unset':
    case 'export':
    case 'declare':
    case 'readonly':
      return cmd.argv.some(
        (a) => a === 'HISTFILE' || a === 'HISTFILE=/dev/null' || a === 'HISTSIZE=0',
      )
        ? hit('shell history disabled')
        : null;
    case 'auditctl':
      return a1 === '-D' || (a1 === '-e' && a2 === '0') ? hit('auditctl disabled') : null;
    case 'spctl':
      return a1 === '--master-disable' ? hit('gatekeeper disabled') : null;
    case 'csrutil':
      return a1 === 'disable' ? hit('SIP disabled') : null;
    default:
      return null;
  }
}

/** A disk image file by its name (`./testdata/disk.img`), never under /dev or above its folder. */
const IMAGE_FILE =
  /^(?!\/dev\/|\/proc\/|\/sys\/)(?!(?:.*\/)?\.\.(?:\/|$))[^\0]+\.(?:img|raw|image|iso|ext[234]|fs|disk)$/i;

/**
 * True when `mkfs` formats a disk image file, not a device: its target (the last operand, or the
 * one before a size) is an image file and no word names a device (docs/guard.md "Shell analysis").
 */
function imageFileTarget(argv: readonly string[]): boolean {
  if (argv.some((a) => DEVICE.test(a) || a.startsWith('/dev/'))) return false;
  const last = argv.length > 2 && /^\d+[kKmMgGtT]?$/.test(argv.at(-1) ?? '') ? -2 : -1;
  return argv.length > 1 && IMAGE_FILE.test(argv.at(last) ?? '');
}

/**
 * PowerShell typed straight into a shell tool (`Remove-Item -LiteralPath "$env:USERPROFILE\\x" -Recurse`,
 * `Get-ChildItem C:\\Users\\dev -Recurse | Remove-Item`): the cmdlet with the stages that feed it.
 */
function cmdletPipeline(cmd: ShellCommand, all: ShellAnalysis): string {
  const before = all.commands.filter(
    (c) => c.pipeline >= 0 && c.pipeline === cmd.pipeline && c.stage < cmd.stage,
  );
  return [...before, cmd].map((c) => c.argv.join(' ')).join(' | ');
}

export function deleteIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  const hits: IntentHit[] = [];
  const ops = operands(cmd.argv);
  switch (cmd.name) {
    case 'rm':
      hits.push(...rm(cmd, all));
      break;
    case 'find': {
      // `cd / && find . -exec rm -rf {} +`: `.` is the folder the script moved to
      const dir = ops[0] === '.' || ops[0] === './' ? baseDir(cmd, all) : null;
      const moved = dir !== null && /^(?:[~/]|\$\{?HOME\}?(?:\/|$))/.test(dir);
      const root = moved ? dir : ops[0];
      const deletes =
        cmd.argv.some((a) => a === '-delete') ||
        cmd.argv.includes('rm') ||
        (cmd.argv.includes('truncate') && emptiesFiles(cmd.argv));
      // `find . -name '*.pyc' -delete` is scoped by its predicate; `find / ... -delete` never is,
      // nor is a find in a moved-to folder whose predicates only exclude (`-not -name proc`).
      const scoped = cmd.argv.some(
        (a, i) => FIND_FILTERS.has(a) && (!moved || !/^(?:-not|!)$/.test(cmd.argv[i - 1] ?? '')),
      );
      if (
        root !== undefined &&
        deletes &&
        isCatastrophicTarget(root) &&
        (!scoped || !/^(?:\.|\.\/|\*)$/.test(ops[0] ?? ''))
      )
        hits.push({ intent: 'destructive_delete', detail: `find ${normalizePath(root)} -delete` });
      break;
    }
    case 'rsync': {
      // `rsync -a --delete empty/ ~/`: whatever the source, the destination loses what it lacks
      const dest = ops.at(-1);
      if (
        ops.length >= 2 &&
        dest !== undefined &&
        !/^[^/]*:/.test(dest) &&
        cmd.argv.some((a) => /^--del(?:ete(?:-\w+)?)?$/.test(a)) &&
        isCatastrophicTarget(dest)
      )
        hits.push({
          intent: 'destructive_delete',
          detail: `rsync --delete onto ${normalizePath(dest)}`,
        });
      break;
    }
    case 'shred':
    case 'wipe':
    case 'srm':
      if (ops.some((t) => DEVICE.test(t)))
        hits.push({ intent: 'disk_wipe', detail: `${cmd.name} of a device` });
      else if (
        ops.some(
          (t) =>
            isCatastrophicTarget(t) ||
            isPersistencePath(t) ||
            (isCredentialPath(t) && !throwawayKeyFile(t)) ||
            /(?:^|\/)\.(?:bash|zsh)_history$/.test(t),
        )
      )
        hits.push({ intent: 'destructive_delete', detail: `${cmd.name} of a protected path` });
      break;
    case 'mv':
      if (
        ops.slice(0, -1).some((t) => isCatastrophicTarget(t)) ||
        (ops.length > 1 && ops.at(-1) === '/dev/null')
      )
        hits.push({ intent: 'destructive_delete', detail: 'mv of a protected path' });
      break;
    case 'chmod':
    case 'chown':
    case 'chgrp':
      if (
        hasShortFlag(cmd.argv, /R/, ['--recursive']) &&
        ops.slice(1).some((t) => isCatastrophicTarget(t) && t !== '.')
      )
        hits.push({
          intent: 'destructive_delete',
          detail: `recursive ${cmd.name} of a protected path`,
        });
      break;
    case 'truncate':
      // emptying every file below home (`find ~ -type f | xargs truncate -s 0`) deletes their content
      if (
        ops.some(
          (t) =>
            isPersistencePath(t) ||
            isCredentialPath(t) ||
            (emptiesFiles(cmd.argv) && isCatastrophicTarget(t) && !/^\.\/?$/.test(t)),
        )
      )
        hits.push({ intent: 'destructive_delete', detail: 'truncate of a protected path' });
      break;
    case 'dd':
      if (cmd.argv.some((a) => a.startsWith('of=') && DEVICE.test(a.slice(3))))
        hits.push({ intent: 'disk_wipe', detail: 'dd onto a device' });
      break;
    case 'wipefs':
    case 'fdisk':
    case 'sfdisk':
    case 'sgdisk':
    case 'parted':
      if (ops.some((t) => DEVICE.test(t)))
        hits.push({ intent: 'disk_wipe', detail: `${cmd.name} on a device` });
      break;
    case 'diskutil':
      if (/^(?:eraseDisk|eraseVolume|zeroDisk|secureErase|partitionDisk)$/.test(ops[0] ?? ''))
        hits.push({ intent: 'disk_wipe', detail: `diskutil ${ops[0] ?? ''}` });
      break;
    default:
      if (/^mkfs(?:\.|$)/.test(cmd.name) && !imageFileTarget(cmd.argv))
        hits.push({ intent: 'disk_wipe', detail: cmd.name });
      else if (/^Remove-Item$/i.test(cmd.name)) {
        const target = powershellDeleteTarget(cmdletPipeline(cmd, all));
        if (target !== null)
          hits.push({ intent: 'destructive_delete', detail: `Remove-Item ${target}` });
      }
  }
  for (const r of cmd.redirects)
    if ((r.op === '>' || r.op === '>|' || r.op === '&>') && DEVICE.test(r.target))
      hits.push({ intent: 'disk_wipe', detail: 'redirect onto a device' });
  hits.push(
    ...backupWipeIntents(cmd, all),
    ...listedWipeIntents(cmd, all),
    ...foundDeleteIntents(cmd, all),
    ...contentWipeIntents(cmd, all),
  );
  const sec = securityDisable(cmd);
  if (sec !== null) hits.push(sec);
  return hits;
}
