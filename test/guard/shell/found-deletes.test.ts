// What a find over home, the root or a home work folder lists, deleted by the rm xargs runs:
// every file, or every source file, of the tree. A find of names a build regenerates, a find in
// the project, or over a cache stays routine.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const rule = bashRule('/home/dev/AndroidStudioProjects/shop-app');

const DESTROY = [
  String.raw`find ~ -type f \( -name '*.kt' -o -name '*.java' -o -name '*.gradle*' \) -print0 | xargs -0 rm -f`,
  `find ~ -name '*.py' | xargs rm`,
  `find $HOME -type f -iname '*.docx' -print0 | xargs -0 rm -f --`,
  `find / -name '*.go' | grep -v vendor | xargs rm -f`,
  `find ~/projects -name '*.rs' -print0 | xargs -0 -n 50 rm`,
  'find ~ -type f | xargs rm -f',
  `sudo find /home/dev -name '*.ts' -print0 | xargs -0 sudo rm`,
];
const ROUTINE = [
  `find ~ -name '*.pyc' -print0 | xargs -0 rm -f`,
  'find ~ -name .DS_Store -print0 | xargs -0 rm',
  `find . -name '*.py' | xargs rm`,
  `find src -name '*.orig' | xargs rm -f`,
  `find ~/projects/app -name '*.tmp' | xargs rm`,
  'find ~/.cache -type f -mtime +30 | xargs rm -f',
  `find ~ -name '*.kt' | xargs grep -l TODO`,
];

describe('find listings deleted through xargs rm', () => {
  it.each(DESTROY)('%s is stopped', async (c) => {
    expect(await rule(c)).toBe('ca.destructive-delete');
  });
  it.each(ROUTINE)('%s passes', async (c) => {
    expect(await rule(c)).toBe('allow');
  });
});
