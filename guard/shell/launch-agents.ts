// macOS persistence started from a shell (docs/guard.md "Shell analysis"): launchd told to run a
// program at every login, read as systemd user units and crontabs are. Writing a plist into a
// LaunchAgents folder is a persistence write (guard/sensitive-paths.ts); loading one a user keeps
// there (`launchctl load ~/Library/LaunchAgents/dev.me.colima.plist`) passes as `systemctl --user
// enable` does. What launchd never loads from a user's folder is Apple's own agents: a
// `com.apple.*` label outside /System is a disguise. A plist loaded from elsewhere (a download, a
// temporary folder), a program submitted straight to launchd, a loader variable set for every app,
// a login item or a login hook persist what no reviewer saw.
import type { IntentHit } from './intents.js';
import type { ShellCommand } from './model.js';
import { LOADER_ENV } from './dev-service-files.js';

const AGENT_FOLDER =
  /^(?:~|\/Users\/[^/]+|\/home\/[^/]+|\$HOME)?\/Library\/Launch(?:Agents|Daemons)\/[^/]+$/;
/** Apple ships its agents in /System, never in a user's or the machine's Library. */
const APPLE_LABEL = /^com\.apple\./i;

function hit(detail: string): IntentHit {
  return { intent: 'sensitive_write', detail };
}

/** The label of a plist path or a service target (`gui/501/com.x.agent`). */
function label(target: string): string {
  return (target.split('/').at(-1) ?? '').replace(/\.plist$/i, '');
}

function launchctl(argv: readonly string[]): IntentHit | null {
  const sub = argv[1] ?? '';
  if (sub === 'submit') return hit('launchctl submit keeps a program running');
  if (sub === 'setenv' || sub === 'putenv')
    return LOADER_ENV.test(` ${argv[2] ?? ''}=`)
      ? hit(`launchctl ${sub} of a loader variable`)
      : null;
  // `enable` only names a label, which may well be Apple's own in /System
  if (sub !== 'load' && sub !== 'bootstrap') return null;
  // `bootstrap gui/501 PATH`: the first operand is the domain
  const targets = argv.slice(sub === 'bootstrap' ? 3 : 2).filter((a) => !a.startsWith('-'));
  for (const t of targets) {
    if (APPLE_LABEL.test(label(t)) && !t.startsWith('/System/'))
      return hit(`launchctl ${sub} of ${label(t)} outside /System`);
    if (!AGENT_FOLDER.test(t) && !t.startsWith('/System/'))
      return hit(`launchctl ${sub} of a plist outside the LaunchAgents folders`);
  }
  return null;
}

const LOGIN_ITEM = /\bmake\s+(?:new\s+)?login\s+item\b|\bloginItems\s*\.\s*push\s*\(/i;

export function macPersistence(cmd: ShellCommand): IntentHit | null {
  switch (cmd.name) {
    case 'launchctl':
      return launchctl(cmd.argv);
    case 'osascript':
      return cmd.argv.some((a) => LOGIN_ITEM.test(a)) ? hit('osascript adds a login item') : null;
    case 'defaults':
      return cmd.argv[1] === 'write' && cmd.argv.some((a) => /^Log(?:in|out)Hook$/.test(a))
        ? hit('defaults write of a login hook')
        : null;
    default:
      return null;
  }
}
