// Runs the real `mesh` binary as a child process (the helper `mesh demo` uses too).
import { runMeshCommand, type CommandResult } from '../../node/demo/children.js';

export type MeshRun = CommandResult;

export function runMesh(
  args: string[],
  opts: { input?: string; env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Promise<MeshRun> {
  return runMeshCommand(args, { timeoutMs: 30_000, ...opts });
}
