// Deletes of what a developer keeps, spelled the way other shells and languages spell them: cmd.exe
// `rd /s` and `del /s` of a drive's top folder or a whole profile folder, and interpreter deletes of
// a home pattern whose braces or wildcard name home folders and key folders. Each beside the
// clean-up developers really run that looks alike.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule();

const DESTROY = [
  String.raw`cmd.exe /c "rd /s /q D:\repos & del /f /s /q /a %USERPROFILE%\source\*"`,
  String.raw`cmd /c rmdir /S /Q "C:\projects"`,
  String.raw`cmd /k "del /s /q %APPDATA%\* && echo done"`,
  String.raw`cmd.exe /C "erase /f /s /q %USERPROFILE%\Documents\*"`,
  String.raw`cmd /c "cd \ || rd /s /q D:\data"`,
  `perl -MFile::Path=remove_tree -e 'remove_tree(glob("~/{code,.gnupg,.password-store}"), {safe=>0})'`,
  `perl -e 'unlink glob("$ENV{HOME}/.ssh/*")'`,
  `ruby -rfileutils -e 'FileUtils.rm_rf(Dir.glob(File.expand_path("~/{src,.aws}")))'`,
  `ruby -e 'require "fileutils"; FileUtils.rm_rf Dir["#{Dir.home}/{work,projects}"]'`,
  'node -e \'require("fs").rmSync(`${require("os").homedir()}/{a,b}`, {recursive:true})\'',
  `node -e 'const rimraf=require("rimraf"); rimraf.sync("~/{Documents,.config}")'`,
];
const ROUTINE = [
  String.raw`cmd /c "rd /s /q %USERPROFILE%\source\repos\app\bin"`,
  String.raw`cmd /c "rd /s /q D:\build"`,
  String.raw`cmd /c "del /s /q %LOCALAPPDATA%\Temp\*"`,
  String.raw`cmd /c "rd /s /q node_modules"`,
  String.raw`cmd /c "rd /s /q %USERPROFILE%\.cache\*"`,
  String.raw`cmd /c "rd /s /q C:\temp"`,
  String.raw`cmd /c "del /q D:\repos\app\out\*.obj"`,
  `perl -MFile::Path=remove_tree -e 'remove_tree(glob("~/proj/app/{build,dist}"))'`,
  `ruby -rfileutils -e 'FileUtils.rm_rf(Dir.glob(File.expand_path("~/.cache/{pip,yarn}")))'`,
  `perl -e 'unlink glob("~/proj/logs/*.log")'`,
  `node -e 'require("rimraf").sync("~/work/app/{dist,coverage}")'`,
];

describe('cmd.exe and pattern deletes', () => {
  it.each(DESTROY)('%s is stopped', async (c) => {
    expect(await rule(c)).toBe('ca.destructive-delete');
  });
  it.each(ROUTINE)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
});

// The far side's shell runs these words: what loses that machine's data, not a deploy's clean-up.
const REMOTE_LOSS = [
  `adb -s R58N91XYZ shell 'rm -rf /sdcard/DCIM /sdcard/Download /sdcard/Android/media'`,
  'adb shell rm -rf /storage/emulated/0/*',
  `adb -d shell "su -c 'rm -rf /data/media/0/Pictures'"`,
  `ssh prod-1 'rm -rf /var/lib/app/data'`,
  'ssh -p 2222 root@db1 "sudo rm -rf /var/lib/postgresql/16/main"',
  `ssh deploy@web1 'cd / && rm -rf /home/deploy'`,
  `ssh -i ~/.ssh/ops ops@nas 'find /mnt/backups -delete'`,
];
const REMOTE_ROUTINE = [
  `ssh -o ProxyJump=bastion deploy@app01 'rm -rf /srv/app/releases/2024*'`,
  'adb shell rm -rf /sdcard/Android/data/com.acme.notes.debug/cache',
  'adb shell rm -rf /data/local/tmp/test-apks',
  'adb shell pm clear com.trailmaps.debug',
  `ssh build@ci 'rm -rf ~/work/*'`,
  `ssh deploy@app 'rm -rf /tmp/build-1234'`,
];

describe('deletes through a remote shell', () => {
  it.each(REMOTE_LOSS)('%s is stopped', async (c) => {
    expect(await rule(c)).toBe('ca.destructive-delete');
  });
  it.each(REMOTE_ROUTINE)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
});
