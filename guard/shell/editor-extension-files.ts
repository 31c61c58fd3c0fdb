// Editor extensions installed from a package file (docs/guard.md "Shell analysis"): VS Code and its
// builds and forks (`code`, `code-insiders`, `codium`, `cursor`, `windsurf`) run an extension's
// code in every window they open from then on, with the user's files and tokens. A marketplace
// id (`esbenp.prettier-vscode`) is the publisher's signed package; a `.vsix` file is whatever was
// downloaded, so it is held unless the same script packages it itself (`vsce package`).
import type { ShellAnalysis, ShellCommand } from './model.js';
import type { IntentHit } from './intents.js';

const EDITORS = new Set([
  'code',
  'code-insiders',
  'code-oss',
  'codium',
  'vscodium',
  'cursor',
  'windsurf',
  'code.cmd',
  'code.exe',
  'cursor.exe',
  'codium.exe',
]);

/** The extension packages the script builds itself: `vsce package`, `npx @vscode/vsce package`. */
function packagesHere(all: ShellAnalysis): boolean {
  return all.commands.some(
    (c) =>
      c.argv.includes('package') &&
      c.argv.some((a) => /^(?:@vscode\/)?vsce(?:@[\w.^~-]+)?$|(?:^|[\\/])vsce$/.test(a)),
  );
}

export function editorExtensionIntents(cmd: ShellCommand, all: ShellAnalysis): IntentHit[] {
  if (!EDITORS.has(cmd.name.toLowerCase())) return [];
  const hits: IntentHit[] = [];
  cmd.argv.forEach((a, i) => {
    const v = a.startsWith('--install-extension=')
      ? a.slice('--install-extension='.length)
      : a === '--install-extension'
        ? (cmd.argv[i + 1] ?? '')
        : '';
    if (/\.vsix$/i.test(v) && !packagesHere(all))
      hits.push({ intent: 'sensitive_write', detail: `installs an editor extension from ${v}` });
  });
  return hits;
}
