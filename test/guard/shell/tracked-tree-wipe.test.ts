// Emptying or removing every file git tracks (and committing or pushing the empty tree), through a
// substitution, xargs, a loop, a redirect or `git rm -r .`. Beside the listings developers feed to
// formatters, counters and `git rm --cached` when they fix a .gitignore.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      "truncate -s 0 $(git ls-files) && git commit -am 'cleanup' && git push",
      'git ls-files -z | xargs -0 truncate -s0 && git commit -a -m wip && git push origin HEAD',
      'git ls-files | xargs truncate --size=0',
      'for f in $(git ls-files); do : > "$f"; done; git commit -am x; git push -f',
      'git ls-files | while read -r f; do > "$f"; done && git commit -am empty && git push',
      'for f in `git ls-files`; do cp /dev/null "$f"; done && git push',
      'git rm -rf . && git commit -m "reset" && git push --force',
      "git ls-files '*.py' | xargs truncate -s 0 && git commit -am wipe && git push",
      'git ls-files -z | xargs -0 rm -f',
      'truncate -s 0 > $(git ls-files)',
      "truncate -s 0 $(git ls-files '*.ts') && git commit -am x && git push",
      'git ls-files -- . | xargs rm -f',
    ],
    [
      "git ls-files | grep '\\.log$' | xargs truncate -s 0",
      'git rm -r --cached . && git add . && git commit -m "apply .gitignore" && git push',
      'git ls-files | xargs wc -l',
      'for f in $(git ls-files \'*.md\'); do npx prettier --write "$f"; done && git commit -am fmt && git push',
      'git rm -r build/ && git commit -m "drop build" && git push',
      "git ls-files -z | xargs -0 sed -i 's/foo/bar/g' && git commit -am rename && git push",
      'truncate -s 0 logs/*.log && git commit -am x',
      'git ls-files --others --exclude-standard | xargs rm',
      "git ls-files '*.orig' | xargs rm -f",
      'rm -f $(git ls-files -- src/generated)',
      'for f in $(git ls-files \'*.bak\'); do rm "$f"; done',
      'rm -f $(git ls-files -o --exclude-standard)',
      'git ls-files -d | xargs git rm && git commit -m "record deletions" && git push',
    ],
  ],
];

describe('the tracked tree emptied and published', () => {
  itRaisesIntents(kit, TABLE);
});
