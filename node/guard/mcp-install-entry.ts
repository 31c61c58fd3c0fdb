// docs/operator.md "Put an MCP server behind the guard": the server entry that runs a server's own
// command behind `mesh guard mcp`, every path absolute, so the client needs no PATH and no MESH_HOME.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { packageRoot } from '../version.js';
import type { ServerEntry } from './mcp-install-config.js';

/** The CLI words every guarded entry carries after the package's bin/mesh.js. */
const GUARD_WORDS = ['guard', 'mcp'];

/** Whether ENTRY is a server this package's guard wraps, and the server's own command if so. */
export function guardedCommand(entry: ServerEntry): string[] | undefined {
  const args = Array.isArray(entry.args) ? entry.args : [];
  const bin = args[0];
  if (typeof bin !== 'string' || !bin.endsWith(join('bin', 'mesh.js'))) return undefined;
  const g = args.indexOf(GUARD_WORDS[0] as string);
  if (g < 0 || args[g + 1] !== GUARD_WORDS[1]) return undefined;
  const dash = args.indexOf('--', g);
  return dash < 0 ? undefined : args.slice(dash + 1);
}

/** PROGRAM as an absolute path: as given when it has a slash, else the first match on PATH. */
export function absoluteProgram(
  program: string,
  cwd: string,
  path = process.env.PATH ?? '',
): string {
  if (program.includes('/')) return isAbsolute(program) ? program : resolve(cwd, program);
  for (const dir of path.split(delimiter).filter((d) => d !== '')) {
    const candidate = join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here; the next PATH entry
    }
  }
  throw new UsageError(
    `${program}: not found on PATH`,
    'give the server program with its absolute path',
  );
}

/** The entry that runs COMMAND behind `mesh guard mcp` with this node's state and packs. */
export function guardedEntry(
  name: string,
  command: readonly string[],
  stateRoot: string,
  packs: readonly string[],
  keep: ServerEntry = {},
): ServerEntry {
  const bin = join(packageRoot(), 'bin', 'mesh.js');
  const { command: _c, args: _a, ...rest } = keep;
  return {
    ...rest,
    command: process.execPath,
    args: [
      bin,
      '--state',
      stateRoot,
      ...GUARD_WORDS,
      '--name',
      name,
      ...packs.flatMap((p) => ['--pack', p]),
      '--',
      ...command,
    ],
  };
}
