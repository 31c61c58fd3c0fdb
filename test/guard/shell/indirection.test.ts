import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { analyzeShell } from '../../../guard/shell/analyze/index.js';
import { shellQuote, substitutePositional } from '../../../guard/shell/indirect.js';
import { FC_RUNS } from '../../support/env.js';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();
const { intents } = kit;

// commands that reach a destructive or host-reaching command through another one, and their twins
const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      'wipe() { rm -rf "$1"; }; wipe ~',
      'f() { rm -rf "$@"; }\nf / ',
      "alias cleanup='rm -rf ~'",
      'echo ~ | xargs rm -rf',
      'ls | xargs rm -rf',
      'find ~ -type f | xargs rm -f -r',
      'echo / | xargs -I{} rm -rf {}',
      'find ~ -type f -exec shred -u {} \\;',
      'find ~ -execdir rm -rf {} +',
      'find / -okdir rm -rf {} \\;',
      "env -S 'rm -rf ~'",
      "env -S'rm -rf /'",
      'busybox rm -rf ~',
      'toybox rm -rf /',
      "git -c alias.x='!rm -rf ~' x",
      "tar -cf /dev/null --checkpoint=1 --checkpoint-action=exec='rm -rf ~' src",
      'echo "rm -rf ~" | at now + 1 minute',
      'batch <<< "rm -rf /"',
      'docker run --rm -v ~/:/data alpine rm -rf /data',
      'docker run --rm -v /:/host busybox rm -rf /host/etc',
      'mkdir -p /tmp/empty && rsync -a --delete /tmp/empty/ ~/',
      'rsync -r --delete-before empty/ /',
    ],
    [
      'clean() { rm -rf "$1"; }; clean dist',
      "alias ll='ls -la'",
      'find . -name "*.o" | xargs rm -f',
      'echo build dist | xargs rm -rf',
      'find . -name "*.pyc" -exec rm -f {} +',
      'find ~/project/logs -type f -name "*.log" -exec rm {} \\;',
      "env -S 'node --max-old-space-size=4096' build.js",
      'busybox ls -la',
      "git -c alias.st='status -sb' st",
      'tar -czf out.tgz --checkpoint=1000 src',
      'echo "make nightly" | at 02:00',
      'docker run --rm -v "$PWD":/src -w /src node:20 npm test',
      'docker run --rm -v ~/cache:/cache alpine rm -rf /cache/tmp',
      'rsync -a --delete dist/ deploy@web:/srv/app/',
      'rsync -a --delete build/ ./public/site/',
    ],
  ],
  [
    'privilege_change',
    [
      'docker run -it -v /:/host alpine chroot /host',
      'docker run -v /var/run/docker.sock:/var/run/docker.sock docker:cli ps',
      'podman run --mount type=bind,source=/etc,target=/e alpine sh',
    ],
    ['docker run --rm -v "$PWD":/app -w /app node:20 npm ci', 'docker run --rm alpine echo hi'],
  ],
];

describe('shell indirection', () => {
  itRaisesIntents(kit, TABLE);

  it('quotes a word so that the shell reads it back unchanged (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.includes('\0')),
        (word) => {
          const a = analyzeShell(kit.parser(), `echo ${shellQuote(word)}`);
          if (a.status !== 'ok') return;
          expect(a.commands[0]?.argv).toEqual(['echo', word]);
        },
      ),
      { numRuns: FC_RUNS },
    );
  });

  it('hands a function its call words in place of $1, $@ and ${2}', () => {
    expect(substitutePositional('rm -rf "$1" ${2} $@', ['a b', 'c'])).toBe(
      "rm -rf 'a b' c 'a b' c",
    );
  });

  it('expands a function that calls itself once, not without end', () => {
    expect(analyzeShell(kit.parser(), 'f() { f x; rm -rf "$1"; }; f ~').status).toBe('ok');
    expect(intents('f() { f x; rm -rf "$1"; }; f ~')).toContain('destructive_delete');
  });
});
