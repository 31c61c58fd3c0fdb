// The `mesh` command tree (commander), docs/architecture.md "Contracts". Command modules load lazily: a run of
// one command imports only what that command needs; help and unknown input load every command so
// `--help` lists them all. scripts/build-bundles.mjs makes one bundle per command from this table.
import type { Command } from 'commander';
import { COMMAND_MODULES } from './command-modules.js';
import { buildProgramFrom, type CommandLoader, type Register } from './program-builder.js';

const COMMANDS: Readonly<Record<string, CommandLoader>> = Object.fromEntries(
  Object.entries(COMMAND_MODULES).map(([name, m]) => [
    name,
    async (argv: readonly string[]): Promise<Register> => {
      const mod = (await import(`./commands/${m.file}.js`)) as Record<string, unknown>;
      return 'load' in m ? (mod[m.load] as CommandLoader)(argv) : (mod[m.register] as Register);
    },
  ]),
);

/**
 * Builds the commander program for `argv` (the arguments after `mesh`), loading only the command
 * it names; no argv (or help, or an unknown command) builds every command.
 *
 * @throws {Error} only when a command module cannot be loaded (ERR_MODULE_NOT_FOUND); bad input
 * is reported when the program is parsed (commander's CommanderError, UsageError usage)
 * @example
 * const program = await buildProgram();
 * program.commands.map((c) => c.name()); // every command, as `mesh --help` lists them
 */
export function buildProgram(argv: readonly string[] = []): Promise<Command> {
  return buildProgramFrom(argv, COMMANDS);
}
