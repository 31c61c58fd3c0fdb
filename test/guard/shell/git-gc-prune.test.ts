// `git gc --prune=now` keeps every object a ref or reflog reaches: only an expired reflog before it
// loses history, so gc alone is housekeeping and the reflog expiry stays the rewrite.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'history_rewrite',
    [
      'git reflog expire --expire=now --all && git gc --prune=now',
      'git -C ~/src/api reflog expire --expire-unreachable=now --all && git -C ~/src/api gc --prune=now --aggressive',
      'git reflog expire --expire=now --all; git gc --prune=all',
    ],
    [
      'git gc --prune=now --aggressive && git count-objects -vH',
      'git gc --prune=now',
      'git -C ../engine gc --aggressive --prune=all',
      'git gc --auto',
    ],
  ],
];

describe('git gc and reflog expiry', () => {
  itRaisesIntents(kit, TABLE);
});
