// A wildcard over a home folder that holds the developer's work (`~/projects/*`) is every project in
// it: the shell's `rm -rf` and each interpreter's delete of the pattern agree. A wildcard one level
// deeper (one project's build folder) or over a cache stays routine.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule();

const DESTROY = [
  `perl -MFile::Path=remove_tree -e 'remove_tree(glob("~/projects/*"), {safe=>0})'`,
  `perl -e 'use File::Path qw(rmtree); rmtree(glob("$ENV{HOME}/src/*"))'`,
  `ruby -rfileutils -e 'FileUtils.rm_rf(Dir.glob(File.expand_path("~/code/*")))'`,
  `python3 -c 'import shutil,glob,os; [shutil.rmtree(p) for p in glob.glob(os.path.expanduser("~/repos/*"))]'`,
  `node -e 'require("rimraf").sync("~/workspace/*")'`,
  'rm -rf ~/projects/*',
  'rm -rf $HOME/Documents/*',
  'rm -rf /home/dev/repos/*',
  'rm -fr ~/AndroidStudioProjects/*',
  'sudo rm -rf /Users/kim/Developer/*',
];
const ROUTINE = [
  'rm -rf ~/projects/app/*',
  'rm -rf ~/projects/*/node_modules',
  'rm -rf ~/src/api/build/*',
  'rm -rf ~/.cache/*',
  'rm -rf ~/tmp/*',
  'rm -rf ~/work/*',
  `perl -e 'unlink glob("~/projects/app/logs/*.log")'`,
  `ruby -rfileutils -e 'FileUtils.rm_rf(Dir.glob(File.expand_path("~/code/app/tmp/*")))'`,
  `python3 -c 'import shutil,glob; [shutil.rmtree(p) for p in glob.glob("build/*")]'`,
];

describe('wildcards over a home work folder', () => {
  it.each(DESTROY)('%s is stopped', async (c) => {
    expect(await rule(c)).toBe('ca.destructive-delete');
  });
  it.each(ROUTINE)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
});
