// Relative deletes after the script moved to another folder: `cd ~ && ls -A | grep -v .ssh |
// xargs rm -rf`, `cd / && find . -maxdepth 1 | xargs rm -rf`, PowerShell's `Set-Location ~` before a
// listing piped into Remove-Item. Beside the build-folder cleanups (`cd build && rm -rf *`) whose
// wildcard names only that folder's contents.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      "cd ~ && ls -A | grep -v '^\\.ssh$' | xargs -d '\\n' rm -rf",
      "cd $HOME; ls -a | grep -vE '^(\\.|\\.\\.|\\.ssh)$' | xargs rm -rf",
      'pushd /etc && ls | xargs -I{} rm -rf {}',
      'cd / && find . -maxdepth 1 | grep -v proc | xargs rm -rf',
      'cd ~ && find -mindepth 1 -maxdepth 1 ! -name .ssh -print0 | xargs -0 rm -rf',
      'cd ~ && rm -rf -- * .[!.]*',
      'cd "$BUILD_DIR" && rm -rf *',
      'cd .. && rm -rf *',
      "pwsh -c 'Set-Location ~; Get-ChildItem -Force | Remove-Item -Recurse -Force'",
      "pwsh -c 'Set-Location C:\\; Get-ChildItem | Remove-Item -Recurse -Force'",
      "pwsh -c 'cd $env:USERPROFILE && gci | ri -r -fo'",
    ],
    [
      'cd build && rm -rf *',
      'cd /tmp/x && ls | xargs rm',
      'cd /tmp/x && ls | xargs rm -rf',
      'cd dist && ls | grep -v keep | xargs rm -rf',
      'cd ~/projects/app && rm -rf ./*',
      'cd ~ && ls -A | grep -v .ssh',
      'cd target && find . -maxdepth 1 -name "*.jar" | xargs rm -f',
      "pwsh -c 'Set-Location .\\build; Get-ChildItem | Remove-Item -Recurse -Force'",
      "pwsh -c 'Set-Location ~; Get-ChildItem -Force'",
    ],
  ],
];

describe('deletes relative to the folder a script moved to', () => {
  itRaisesIntents(kit, TABLE);
});
