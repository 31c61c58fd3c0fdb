// Runs the `mesh` CLI (every command) and maps every outcome to the exit-code contract.
import { buildProgram } from './program.js';
import { runProgram } from './run-program.js';

/**
 * Runs the `mesh` CLI on `argv` (the arguments after `mesh`) and resolves to the exit code: 0 ok,
 * 1 failure, 2 usage. A command's failure is printed (message, code and hint; JSON under --json),
 * not thrown: UsageError (usage) is exit 2, every other coded error (ConfigError config_invalid,
 * StateError state_schema_newer, a room's error) exit 1.
 *
 * @throws {Error} only when a command module cannot be loaded (a broken install:
 * ERR_MODULE_NOT_FOUND)
 * @example
 * process.exitCode = await runCli(process.argv.slice(2)); // as dist/node/main.js does
 * await runCli(['doctor', '--json']);
 */
export function runCli(argv: readonly string[]): Promise<number> {
  return runProgram(argv, buildProgram);
}
