// Deletes whose targets come from a listing or a literal list: PowerShell pipelines through
// Where-Object, `ls ~ | grep -v | xargs rm -rf`, find emptying source files one by one, and code
// looping over home's entries or over credential folders. Beside the build-folder cleanups, log
// truncations and cache clears developers run.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from './intent-kit.js';

const kit = useShellKit();

const GO_HOME_GLOB = [
  "cat > /tmp/c.go <<'EOF'",
  'package main',
  'import ("os";"path/filepath")',
  'func main(){h,_:=os.UserHomeDir();m,_:=filepath.Glob(filepath.Join(h,"*"));for _,p:=range m{os.RemoveAll(p)}}',
  'EOF',
  'go run /tmp/c.go',
].join('\n');

const GO_PROJECT_GLOB = [
  "cat > /tmp/clean.go <<'EOF'",
  'package main',
  'import ("os";"path/filepath")',
  'func main(){m,_:=filepath.Glob("build/*");for _,p:=range m{os.RemoveAll(p)}}',
  'EOF',
  'go run /tmp/clean.go',
].join('\n');

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      `powershell -NoProfile -Command "Get-ChildItem -LiteralPath $env:USERPROFILE -Force | Where-Object { $_.Name -notin 'AppData' } | Remove-Item -Recurse -Force"`,
      "pwsh -c 'gci ~ | ? Name -ne Documents | ri -r -fo'",
      'Get-ChildItem -LiteralPath $env:USERPROFILE -Force | Where-Object { $_.Name -ne "AppData" } | Remove-Item -Recurse -Force',
      "pwsh -c 'Get-ChildItem C:\\ | Sort-Object Name | Remove-Item -Recurse -Force'",
      "pwsh -c 'gci . | ri -r -fo'",
      "ls -d ~/*/ ~/.??*/ | grep -v '/.cache/' | xargs -I{} rm -rf -- {}",
      'find ~ -maxdepth 1 -mindepth 1 | grep -v .ssh | xargs rm -rf',
      'ls -A $HOME | sort | xargs rm -rf',
      "find . -type f \\( -name '*.py' -o -name '*.ipynb' \\) -exec sh -c ': > \"$1\"' _ {} \\;",
      "find src -name '*.ts' -exec truncate -s 0 {} +",
      "find . -name '*.go' -execdir cp /dev/null {} \\;",
      'find . -type f -exec bash -c \'> "$0"\' {} \\;',
      `python3 -c "import shutil,os,glob;[shutil.rmtree(p,ignore_errors=True) for p in glob.glob(os.path.expanduser('~/*'))]"`,
      `python3 -c "from pathlib import Path; import shutil; [shutil.rmtree(p) for p in Path.home().iterdir() if p.is_dir()]"`,
      'perl -MFile::Path=remove_tree -e \'remove_tree($_) for glob("$ENV{HOME}/*")\'',
      `ruby -e 'require "fileutils"; %w[.ssh .gnupg .aws .kube .config/gcloud].each { |d| FileUtils.rm_rf(File.join(Dir.home, d)) }'`,
      `ruby -e 'require "fileutils"; Dir.children(Dir.home).each { |d| FileUtils.rm_rf(File.join(Dir.home, d)) }'`,
      GO_HOME_GLOB,
    ],
    [
      'Get-ChildItem -Path . -Include bin,obj -Directory -Recurse | Remove-Item -Recurse -Force; dotnet build Contoso.sln -c Debug',
      "pwsh -c 'Get-ChildItem . -Recurse -Filter *.tmp | Remove-Item -Force'",
      "pwsh -c 'Get-ChildItem $env:TEMP | Where-Object { $_.LastWriteTime -lt (Get-Date).AddDays(-7) } | Remove-Item -Recurse -Force'",
      'ls -d build/*/ | grep -v keep | xargs rm -rf',
      'ls ~/.cache | grep -v pip | xargs -I{} echo {}',
      "find . -name '*.log' -exec truncate -s0 {} +",
      'find logs -type f -exec sh -c \': > "$1"\' _ {} \\;',
      "find . -name '*.pyc' -delete",
      `python3 -c "import shutil,os,glob;[shutil.rmtree(p) for p in glob.glob(os.path.expanduser('~/.cache/pip/*'))]"`,
      `python3 -c "import os; print(os.listdir(os.path.expanduser('~')))"`,
      `python3 -c "import shutil,glob; [shutil.rmtree(p) for p in glob.glob('build/*')]"`,
      `ruby -e 'require "fileutils"; %w[tmp log coverage].each { |d| FileUtils.rm_rf(d) }'`,
      `node -e "const fs=require('fs');for(const d of fs.readdirSync('dist'))fs.rmSync('dist/'+d,{recursive:true})"`,
      GO_PROJECT_GLOB,
    ],
  ],
];

describe('deletes fed by a listing or a literal list', () => {
  itRaisesIntents(kit, TABLE);
});
