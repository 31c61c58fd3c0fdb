// Where the hook daemon listens: a unix socket inside the state directory's 0700 guard folder.
// Mirrors resolveStateRoot (node/state/state-dir.ts) without importing it: the client stays tiny.
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const SOCKET_NAME = 'hook.sock';

export function hookSocketPath(stateRoot: string): string {
  return join(stateRoot, 'guard', SOCKET_NAME);
}

/** The state root `mesh <argv>` would use: `--state` before the command, then $MESH_HOME, then ~/.mesh. */
export function stateRootOf(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (!a.startsWith('-')) break;
    if (a === '--state' && argv[i + 1] !== undefined) return resolve(argv[i + 1] as string);
    if (a.startsWith('--state=')) return resolve(a.slice('--state='.length));
  }
  if (env.MESH_HOME) return resolve(env.MESH_HOME);
  return join(homedir(), '.mesh');
}

/** The environment names a hook call reads: $MESH_HOME, $HOME and every `--secret-env NAME`. */
export function envNamesOf(argv: readonly string[]): string[] {
  const names = new Set(['MESH_HOME', 'HOME']);
  argv.forEach((a, i) => {
    if (a === '--secret-env' && argv[i + 1] !== undefined) names.add(argv[i + 1] as string);
    else if (a.startsWith('--secret-env=')) names.add(a.slice('--secret-env='.length));
  });
  return [...names];
}
