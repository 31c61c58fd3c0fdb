// Package managers' config commands that point installs at another host or switch TLS off, beside
// the config commands developers run every day; and an organisation's registry the operator lists.
import { describe, expect, it } from 'vitest';
import { createGuard } from '../../../guard/index.js';
import { loadPack } from '../../../packs/index.js';
import { bashRule } from '../pack-rule.js';

const bash = bashRule('/home/dev/app');

describe('installs redirected or unchecked by config commands', () => {
  it.each([
    'composer config -g repos.packagist composer https://packagist.phpmirror.xyz',
    'composer config -g secure-http false',
    'composer global config repositories.packagist \'{"type": "composer", "url": "https://repo.php-pkgs.cc"}\'',
    'composer config --global disable-tls true',
    'pip config set global.trusted-host pypi.fastmirror.io',
    'gem sources -a https://gems.rubymirror.cc/',
    'bundle config mirror.https://rubygems.org https://gems.rubymirror.cc',
    'bundle config set --global ssl_verify_mode 0',
    'poetry source add --priority=primary fast https://pypi.fastmirror.io/simple',
    'conda config --add channels https://conda.fastmirror.io/main',
    'conda config --set ssl_verify false',
    'export UV_INDEX=https://pypi.fastmirror.io/simple',
    'export PIP_TRUSTED_HOST=pypi.fastmirror.io',
    'set COMPOSER_REPO_PACKAGIST=https://packagist.phpmirror.xyz',
  ])('holds %s', async (cmd) => {
    expect(await bash(cmd)).toBe('ca.supply-chain');
  });

  // a persistent variable an installer reads is also a start-up setting (docs/guard.md "Interpreter code")
  it('holds setx PIP_INDEX_URL https://pypi.fastmirror.io/simple', async () => {
    expect(['ca.supply-chain', 'ca.sensitive-write']).toContain(
      await bash('setx PIP_INDEX_URL https://pypi.fastmirror.io/simple'),
    );
  });
});

describe('config commands that stay ordinary', () => {
  it.each([
    'composer config --global process-timeout 2000',
    'composer config repositories.local path ../packages/*',
    'composer config -g secure-http true',
    'composer config --list --global',
    'npm config set save-exact true',
    'conda config --add channels conda-forge',
    'conda config --set channel_priority strict',
    'pip config set global.timeout 60',
    'bundle config set --local path vendor/bundle',
    'poetry source add --priority=explicit pytorch https://download.pytorch.org/whl/cpu',
    'set NODE_ENV=production',
  ])('allows %s', async (cmd) => {
    expect(await bash(cmd)).toBe('allow');
  });
});

describe("an organisation's registry on a public name", () => {
  const cmd = 'npm config set registry https://artifactory.acme-corp.net/artifactory/api/npm/npm/';
  const call = { phase: 'call', tool: 'Bash', args: { command: cmd } } as const;

  it('escalates with how to list it, and passes once listed', async () => {
    const policies = [loadPack('builtin:coding-agent').policy];
    const held = await createGuard({ policies }).decide(call);
    expect(held.verdict).toBe('escalate');
    expect(held.reason).toContain('guard.egress.allowHosts');
    const listed = createGuard({ policies, egressHosts: ['artifactory.acme-corp.net'] });
    expect((await listed.decide(call)).verdict).toBe('allow');
  });
});
