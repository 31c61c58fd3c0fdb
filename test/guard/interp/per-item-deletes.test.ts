// Deletes done once per listed item or per glob match: PowerShell's `Get-ChildItem C:\Users |
// % { Remove-Item "$($_.FullName)\Documents" -Recurse }`, cmd's `for /d %u in (C:\Users\*) do rd /s`,
// and Ruby, Python, Node and Perl emptying a server or system folder (`/var/www/**` + `/*`) by a glob
// or a listing. Beside the same loops over a project folder, a site's cache, or every user's Temp.
import { describe } from 'vitest';
import { itRaisesIntents, useShellKit, type IntentTable } from '../shell/intent-kit.js';

const kit = useShellKit();

const TABLE: IntentTable = [
  [
    'destructive_delete',
    [
      'pwsh -NoProfile -c "Get-ChildItem C:\\Users -Directory | % { Remove-Item \\"$($_.FullName)\\Documents\\" -Recurse -Force }"',
      `powershell -Command "gci C:\\Users | ForEach-Object { Remove-Item -Path (Join-Path $_.FullName 'Desktop') -Recurse -Force }"`,
      "pwsh -c 'Get-ChildItem $env:USERPROFILE -Directory | ForEach-Object { Write-Host $_.Name; Remove-Item $_.FullName -Recurse -Force }'",
      "pwsh -c 'Set-Location ~; Get-ChildItem -Force | ForEach-Object { Remove-Item $_ -Recurse -Force }'",
      'Get-ChildItem C:\\Users -Directory | % { rm "$($_.FullName)\\AppData\\Roaming" -r -fo }',
      'cmd /c "for /d %d in (C:\\Users\\*) do rd /s /q "%d\\Documents""',
      'cmd /c "for /d %%u in (C:\\Users\\*) do @rmdir /s /q %%u\\Desktop"',
      'cmd /c "for /d %p in (%USERPROFILE%\\*) do rd /s /q %p"',
      `ruby -rfileutils -e 'FileUtils.rm_rf(Dir.glob("/var/www/**/*"))'`,
      `python3 -c "import glob,shutil; [shutil.rmtree(p, ignore_errors=True) for p in glob.glob('/srv/*')]"`,
      `node -e "require('fs').globSync('/var/www/*').forEach(p => require('fs').rmSync(p, {recursive: true, force: true}))"`,
      `perl -MFile::Path=remove_tree -e 'remove_tree(glob("/etc/*"))'`,
      `python3 -c "import os,shutil; [shutil.rmtree(os.path.join('/var/www', d)) for d in os.listdir('/var/www')]"`,
      `node -e "const fs=require('fs');for (const d of fs.readdirSync('/srv')) fs.rmSync('/srv/'+d,{recursive:true,force:true})"`,
      `ruby -e 'require "fileutils"; Dir.children("/var/www").each { |d| FileUtils.rm_rf(File.join("/var/www", d)) }'`,
      `python3 -c "from pathlib import Path; import shutil; [shutil.rmtree(p) for p in Path('/var/www').iterdir()]"`,
    ],
    [
      'Get-ChildItem .\\bin -Recurse | Remove-Item -Recurse -Force',
      'pwsh -c \'Get-ChildItem . -Directory | ForEach-Object { Remove-Item "$($_.FullName)\\node_modules" -Recurse -Force }\'',
      'pwsh -c \'Get-ChildItem C:\\Users -Directory | % { Remove-Item "$($_.FullName)\\AppData\\Local\\Temp\\*" -Recurse -Force }\'',
      'pwsh -c \'Get-ChildItem .\\packages -Directory | % { Remove-Item "$($_.FullName)\\bin" -Recurse -Force }\'',
      "pwsh -c 'Get-ChildItem C:\\Users -Directory | % { Write-Host $_.FullName }'",
      'cmd /c "for /d %d in (.\\packages\\*) do rd /s /q "%d\\bin""',
      'cmd /c "for /d %d in (C:\\Users\\*) do rd /s /q "%d\\AppData\\Local\\Temp""',
      'cmd /c "for /d %d in (C:\\Users\\*) do echo %d"',
      `ruby -rfileutils -e 'FileUtils.rm_rf(Dir.glob("/var/www/laravel-shop/storage/framework/cache/*"))'`,
      `python3 -c "import glob,shutil; [shutil.rmtree(p) for p in glob.glob('/tmp/build-*')]"`,
      `ruby -rfileutils -e 'FileUtils.rm_rf(Dir.glob("tmp/cache/*"))'`,
      `node -e "require('fs').globSync('dist/*').forEach(p => require('fs').rmSync(p, {recursive: true}))"`,
      `python3 -c "import os,shutil; [shutil.rmtree(os.path.join('build', d)) for d in os.listdir('build')]"`,
      `python3 -c "import os; from pathlib import Path; t=Path('/etc/app.conf').read_text(); os.remove(tmp)"`,
      `python3 -c "import os; print(os.listdir('/var/www'))"`,
    ],
  ],
];

describe('deletes once per listed item or glob match', () => {
  itRaisesIntents(kit, TABLE);
});
