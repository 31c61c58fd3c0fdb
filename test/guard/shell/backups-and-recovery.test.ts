// What a machine is restored from, destroyed: shadow copies, backup catalogues, the recovery
// environment, Time Machine, backup repositories and folders, disks formatted by cmdlet. Beside
// the listings, single-snapshot prunes and project folders named like backups developers touch.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      'vssadmin delete shadows /all /quiet',
      'vssadmin.exe Delete Shadows /For=C: /Quiet',
      'wbadmin delete catalog -quiet',
      'wbadmin DELETE SYSTEMSTATEBACKUP -keepVersions:0',
      'bcdedit /set {default} recoveryenabled No',
      'bcdedit.exe /set {current} bootstatuspolicy ignoreallfailures',
      'wmic shadowcopy delete /nointeractive',
      'cmd /c "vssadmin delete shadows /all /quiet & wbadmin delete backup -keepVersions:0"',
      'powershell -NoProfile -Command "Get-WmiObject Win32_Shadowcopy | Remove-WmiObject"',
      "pwsh -c 'Get-CimInstance Win32_ShadowCopy | Remove-CimInstance'",
      'Get-WmiObject Win32_ShadowCopy | Remove-WmiObject',
      'cipher /w:C:',
      'rm -rf ~/backups/* /mnt/nas/timemachine/*.sparsebundle',
      'rm -rf /Volumes/Backup/Backups.backupdb',
      'sudo rm -r /mnt/backup',
      'tmutil delete -p /Volumes/Backup/Backups.backupdb',
      'sudo tmutil delete /Volumes/TM/Backups.backupdb/mac/2024-01-01-120000',
      'tmutil deletelocalsnapshots /',
      'borg delete /mnt/backup/borg-repo',
      'restic -r s3:s3.amazonaws.com/bk forget --keep-last 0 --prune',
    ],
    [
      'vssadmin list shadows',
      'wbadmin get versions',
      'bcdedit /enum',
      'wmic shadowcopy list brief',
      "pwsh -c 'Get-CimInstance Win32_ShadowCopy | Select-Object ID, InstallDate'",
      'cipher /e secrets',
      'rm -rf ./backup build/backup',
      'rm -rf /tmp/backups',
      'rm -f ~/backups/2021-01-01.tar.gz',
      'tmutil listbackups',
      'tmutil deletelocalsnapshots 2024-01-01-120000',
      'borg delete /mnt/backup/borg-repo::2024-01-01',
      'restic forget --keep-daily 7 --keep-weekly 4 --prune',
      'git worktree remove ../storefront-hotfix && git branch -D hotfix/cart-total-rounding',
    ],
  ],
  [
    'disk_wipe',
    [
      'Format-Volume -DriveLetter D -FileSystem NTFS -Full -Force -Confirm:$false',
      'Clear-Disk -Number 1 -RemoveData -Confirm:$false',
      "pwsh -c 'Initialize-Disk -Number 2 -PartitionStyle GPT'",
      'dd if=/dev/zero of=/dev/sdb bs=4M',
      'wipefs -a /dev/nvme0n1',
      'mkfs.ext4 /dev/sdc1',
    ],
    [
      'Get-Volume',
      'Get-Disk | Format-Table',
      'mkfs.ext4 ./testdata/disk.img',
      'dd if=/dev/zero of=./disk.img bs=1M count=64',
    ],
  ],
  [
    'discard_work',
    [
      'git worktree remove --force ../storefront-hotfix',
      'git branch -D hotfix',
      'git branch -D main',
    ],
    [
      'git worktree remove ../storefront-hotfix',
      'git branch -D hotfix/cart-total-rounding',
      'git branch -D feature/login',
    ],
  ],
];

describe('backups and recovery destroyed', () => {
  itRaisesIntents(kit, TABLE);
});
