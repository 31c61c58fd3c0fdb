// Builds the `mesh` program from a set of command loaders: the plain build passes every command
// (program.ts), a command's bundle only its own (scripts/build-bundles.mjs), so a bundle holds the
// code of one command and nothing else.
import type { Command } from 'commander';
import { baseProgram } from './base-program.js';
import { withCaOption } from './ca-option.js';

export type Register = (program: Command) => void;
/** Loads one command's module and says how to register it; `argv` lets a command load only a part. */
export type CommandLoader = (argv: readonly string[]) => Promise<Register>;

/** The program for `argv` (the arguments after `mesh`); help and unknown input load every command. */
export async function buildProgramFrom(
  argv: readonly string[],
  commands: Readonly<Record<string, CommandLoader>>,
): Promise<Command> {
  const program = baseProgram();
  const first = argv.find((a) => !a.startsWith('-'));
  const versionOnly = first === undefined && (argv.includes('-V') || argv.includes('--version'));
  const names = versionOnly
    ? []
    : first !== undefined && first in commands
      ? [first]
      : Object.keys(commands);
  const registers = await Promise.all(names.map((n) => (commands[n] as CommandLoader)(argv)));
  for (const register of registers) register(program);
  withCaOption(program);
  return program;
}
