// Package sources added to a manager's list: any later install may resolve from the added host.
// Each spelling beside the twin a developer really types.
import { describe, expect, it } from 'vitest';
import { bashRule } from '../pack-rule.js';

const run = bashRule();

describe('package sources added to a manager', () => {
  it('a foreign source added by choco, winget, scoop, nuget or PowerShell is stopped', async () => {
    for (const c of [
      'choco source add -n=fast -s="https://choco.pkgs-cdn.example/api/v2/" --priority=1 && choco install git -y',
      'choco source add --name fast --source https://pkgs.mirror.example/nuget/',
      'choco source add -n fast -s https://pkgs.mirror.example/nuget/',
      'winget source add --name corp --arg https://winget.mirror.example/api --type Microsoft.Rest',
      'scoop bucket add tools https://github.com/xtools-dev/scoop-bucket',
      'dotnet nuget add source https://nuget.mirror.example/v3/index.json -n mirror',
      'nuget sources add -Name m -Source https://nuget.mirror.example/v3/index.json',
      'Register-PSRepository -Name Fast -SourceLocation https://psgallery.mirror.example/api/v2 -InstallationPolicy Trusted',
    ])
      expect(await run(c), c).not.toBe('allow');
  });

  it('listing sources, known buckets and a local folder source pass', async () => {
    for (const c of [
      'choco source list && choco install git -y',
      'choco source add -n=local -s="C:\\packages" --priority=1',
      'scoop bucket add extras && scoop install extras/vscode',
      'winget source list; winget install --id Git.Git -e',
      'dotnet nuget add source ./local-feed -n local',
    ])
      expect(await run(c), c).toBe('allow');
  });
});
