// Runs a built program and maps every outcome to the exit-code contract: 0 ok, 1 failure, 2 usage.
import { CommanderError, type Command } from 'commander';
import { UsageError } from '../errors.js';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from './exit-codes.js';
import { printError } from './output.js';

export async function runProgram(
  argv: readonly string[],
  build: (argv: readonly string[]) => Promise<Command>,
): Promise<number> {
  const program = await build(argv);
  // Every level, so a usage error in `mesh a b --bad` is exit 2 like one in `mesh a --bad`.
  const override = (c: Command): void => {
    c.exitOverride();
    c.commands.forEach(override);
  };
  override(program);
  const json = argv.includes('--json');
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (
        e.code === 'commander.helpDisplayed' ||
        e.code === 'commander.version' ||
        e.code === 'commander.help'
      ) {
        return EXIT_OK;
      }
      return EXIT_USAGE;
    }
    printError(e, json);
    return e instanceof UsageError ? EXIT_USAGE : EXIT_FAILURE;
  }
}
