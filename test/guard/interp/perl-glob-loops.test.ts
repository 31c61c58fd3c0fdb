// Perl deleting what a home glob lists through a loop: the postfix `for`, and a `for`/`foreach`
// block holding the delete, with File::Path imported on the command line. Beside them loops that
// only print, and deletes of a project's own scratch folders.
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
      perl -MFile::Path=rmtree -e 'rmtree($_) for glob("~/code/*")'
      perl -MFile::Path=remove_tree -e 'remove_tree $_ foreach glob("~/projects/*")'
      perl -MFile::Path=remove_tree -e 'for (glob("~/projects/*")) { remove_tree($_) }'
      perl -MFile::Path -e 'foreach my $d (glob("$ENV{HOME}/src/*")) { File::Path::rmtree($d) }'
      perl -e 'unlink $_ for glob("~/.ssh/*")'
      perl -MFile::Path=remove_tree -e 'remove_tree(glob("~/{code,.gnupg}"))'
    `),
    read(String.raw`
      perl -e 'print "$_\n" for glob("~/code/*")'
      perl -e 'for (glob("~/code/*")) { print "$_\n" }'
      perl -MFile::Path=rmtree -e 'rmtree($_) for glob("~/code/app/tmp/*")'
      perl -MFile::Path=remove_tree -e 'for (glob("~/code/app/build/*")) { remove_tree($_) }'
      perl -MFile::Path=rmtree -e 'rmtree($_) for glob("build/*")'
    `),
  ],
];

describe('Perl loops deleting a home glob', () => {
  itRaisesIntents(kit, TABLE);
});
