// Perl's File::Path and Ruby's FileUtils deleting a list of folders: any one of them may be a
// system, backup or home folder, whichever way the function is imported or named. Beside them the
// same calls on a project's own build folders.
import { describe } from 'vitest';
import {
  commandLines as read,
  itRaisesIntents,
  useShellKit,
  type IntentTable,
} from '../shell/intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'destructive_delete',
    read(String.raw`
      perl -MFile::Path=remove_tree -e 'remove_tree("/var/www/html", "/var/backups", {safe=>0})'
      perl -MFile::Path=remove_tree,rmtree -e 'rmtree("build", "/etc/nginx")'
      perl -e 'use File::Path qw(remove_tree rmtree); remove_tree("dist", "/var/lib/mysql", { keep_root => 0 });'
      perl -MFile::Path -e 'File::Path::rmtree("/opt/app")'
      perl -MFile::Path -e 'File::Path::remove_tree("tmp", $ENV{HOME})'
      perl -MFile::Path=rmtree -e 'rmtree(["/srv/data", "/home/deploy"], 0, 0)'
      perl -MFile::Path=remove_tree -e 'remove_tree "/tmp/x", "/usr/local/lib"'
      perl -e 'unlink glob("/etc/cron.d/*")'
      ruby -rfileutils -e 'FileUtils.rm_rf(["tmp/cache", "/var/backups"])'
      ruby -rfileutils -e 'FileUtils.rm_r "log", Dir.home'
    `),
    read(String.raw`
      perl -MFile::Path=remove_tree -e 'remove_tree("build", "dist", {safe=>0})'
      perl -MFile::Path=remove_tree,rmtree -e 'rmtree("blib", "_build")'
      perl -e 'use File::Path qw(make_path remove_tree); make_path("/var/backups/x"); remove_tree("tmp")'
      perl -MFile::Path -e 'File::Path::rmtree("cover_db")'
      perl -MFile::Path=rmtree -e 'rmtree(["blib", "pm_to_blib"], 1, 1)'
      perl -e 'unlink glob("*.tmp")'
      perl -e 'print "/var/backups", "/etc"'
      ruby -rfileutils -e 'FileUtils.rm_rf(["tmp/cache", "public/packs-test"])'
    `),
  ],
];

describe('Perl and Ruby deleting a list of folders', () => {
  itRaisesIntents(kit, TABLE);
});
