// Another session's or user's ssh or gpg agent used through its socket: ssh-agent leaves
// `/tmp/ssh-XXXX/agent.<pid>` for each login, and whoever can open it signs with every key it holds
// without ever reading a key file (`for s in /tmp/ssh-*/agent.*; do SSH_AUTH_SOCK=$s ssh-add -L;
// done`). Pointing the agent variable at a socket found by glob, `find -type s`, a process's
// environment or `/run/user/*` is credential access (docs/guard.md "Shell analysis").
import type { IntentHit } from './intents.js';

const AGENT_VARIABLE = /\b(?:SSH_AUTH_SOCK|GPG_AGENT_INFO)\b/;

/**
 * Sockets of other sessions: ssh-agent's folders by glob or by name, any user's runtime folder by
 * glob, sockets found by `find -type s`, `lsof -U` or `ss -x`, another process's environment.
 * A user's own runtime folder by number (`/run/user/1000/keyring/ssh`, gnome-keyring's) is not one.
 */
const FOREIGN_SOCKET =
  /\/tmp\/ssh-[^\s'"/]*(?:[*?[]|\/agent\.)|\/run\/user\/\*|\/var\/run\/user\/\*|-type\s+s\b|\blsof\b[^|;&\n]*\s-U\b|\bss\s+-[a-z]*x|\/proc\/[^\s'"/]+\/environ/;

/** The agent variable pointed at another session's socket, as a hit, or none. */
export function agentSocketHijack(source: string): IntentHit[] {
  if (!AGENT_VARIABLE.test(source)) return [];
  const m = FOREIGN_SOCKET.exec(source);
  return m === null
    ? []
    : [{ intent: 'credential_read', detail: `agent socket of another session (${m[0]})` }];
}
