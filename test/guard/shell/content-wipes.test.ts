// Files emptied in place instead of deleted: `sed -i 's/.*//'`, `sed -i d`, `perl -pi -e '$_=""'`,
// `truncate -s 0` and `cp /dev/null` over what a find or `git ls-files` lists, by xargs or by
// `-exec`. Beside real substitutions over the same lists and emptyings of logs or one line.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      "find . -name '.git' -prune -o -type f -print0 | xargs -0 sed -i 's/.*//' && dotnet build",
      "git ls-files -z | xargs -0 sed -i 's/.*//'",
      "sed -i 's/.*//' $(git ls-files)",
      'find . -type f | xargs -I{} cp /dev/null {}',
      "find src -name '*.py' -print0 | xargs -0 perl -pi -e 's/.*//s'",
      "find . -type f -name '*.go' | xargs sed -i -e '1,$d'",
      "find . -type f -exec sed -i 's|^.*$||g' {} +",
      'find ~ -type f | xargs gsed -i d',
      "find . -name '*.java' | xargs sed -i '' 's/.*//'",
      "find . -type f -not -path './.git/*' | xargs perl -i -pe '$_=\"\"'",
      "find ~/projects -name '*.rs' -exec perl -0777 -pi -e 's/.*//s' {} \\;",
      "find . -name node_modules -prune -o -name '*.ts' -print | xargs truncate -s 0",
    ],
    [
      "find . -name '*.cs' | xargs sed -i 's/foo/bar/'",
      "sed -i 's/foo/bar/' $(git ls-files '*.cs')",
      "find . -type f -exec sed -i 's/\\r$//' {} +",
      'find logs -type f | xargs truncate -s 0',
      "find . -name '*.log' | xargs sed -i 's/.*//'",
      "find . -type f | xargs sed -i '$d'",
      "find . -type f | xargs sed -i '1d'",
      "find . -name '*.orig' -delete",
      "find . -name '*.py' | xargs sed 's/.*//'",
      "git ls-files '*.md' | xargs perl -pi -e 's/colour/color/g'",
      "sed -i 's/.*//' notes.txt",
    ],
  ],
];

describe('files emptied in place over a listing', () => {
  itRaisesIntents(kit, TABLE);
});
