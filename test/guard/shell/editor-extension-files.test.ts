// Editor extensions installed from a .vsix file (VS Code, its builds and forks), beside installs by
// marketplace id and an extension the same script has just packaged.
import { describe, expect, it } from 'vitest';
import { bashRule, callRule } from '../pack-rule.js';

const bash = bashRule('/tmp/dl');
const inProject = bashRule('/home/dev/my-ext');

describe('an extension installed from a package file', () => {
  it.each([
    'code --install-extension ./prettier-vscode-pro-11.0.3.vsix --force',
    'code --install-extension ~/Downloads/gitlens-plus.vsix',
    'code-insiders --install-extension=/tmp/copilot-chat-nightly.vsix',
    'cursor --install-extension /var/tmp/x/eslint-pro.vsix --force',
    'codium --install-extension "C:\\Users\\dev\\Downloads\\python-ext.vsix"',
    'curl -sLo /tmp/e.vsix https://files.example.net/e.vsix && code --install-extension /tmp/e.vsix',
    'sudo -u dev code --install-extension ./theme.VSIX',
    'windsurf --install-extension ./rust-analyzer-fast.vsix',
  ])('holds %s', async (command) => {
    expect(await bash(command)).not.toBe('allow');
  });

  it('holds the same in PowerShell', async () => {
    const ps = callRule('C:\\Users\\dev\\Downloads');
    expect(
      await ps('PowerShell', { command: 'code --install-extension .\\docker-tools.vsix --force' }),
    ).not.toBe('allow');
  });
});

describe('marketplace ids and a package built here', () => {
  it.each([
    'code --install-extension esbenp.prettier-vscode',
    'code --install-extension ms-python.python --force',
    'cursor --install-extension dbaeumer.vscode-eslint',
    'code --list-extensions',
    'code --uninstall-extension ms-vscode.cpptools',
    'npx @vscode/vsce package && code --install-extension ./my-ext-0.0.1.vsix',
    'vsce package -o out/my-ext.vsix && code --install-extension out/my-ext.vsix --force',
    'code ./notes.vsix.md',
  ])('allows %s', async (command) => {
    expect(await inProject(command)).toBe('allow');
  });
});
