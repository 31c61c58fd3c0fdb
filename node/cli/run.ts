// Runs the `mesh` CLI (every command) and maps every outcome to the exit-code contract.
import { buildProgram } from './program.js';
import { runProgram } from './run-program.js';

export function runCli(argv: readonly string[]): Promise<number> {
  return runProgram(argv, buildProgram);
}
