// Entry of `mesh guard hook ...` alone (docs/guard.md "Hook start-up"): scripts/build-bundles.mjs
// bundles the compiled form of this file into one file, instead of ~277 modules for one tool call.
// bin/mesh.js runs it only for `guard hook`; the program is the one `buildProgram` builds for that argv.
import type { Command } from 'commander';
import { addGuardHook } from './commands/guard-hook.js';
import { registerGuard } from './commands/guard.js';
import { baseProgram } from './base-program.js';
import { runProgram } from './run-program.js';

function buildHookProgram(): Promise<Command> {
  const program = baseProgram();
  registerGuard(program, [addGuardHook]);
  return Promise.resolve(program);
}

/** `mesh guard hook ...` with `argv` the arguments after `mesh`; resolves to the exit code. */
export function runHookCli(argv: readonly string[]): Promise<number> {
  return runProgram(argv, buildHookProgram);
}
