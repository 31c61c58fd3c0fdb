// The `mesh` command itself (docs/architecture.md "Contracts"): its global options, shared by the full program
// and the hook's own entry (hook-main.ts), so both parse `mesh guard hook ...` the same way.
import { Command } from 'commander';
import { PACKAGE_VERSION } from '../version.js';

/** The `mesh` command with its global options and no subcommands. */
export function baseProgram(): Command {
  return new Command('mesh')
    .description('interlock-mesh: guard your AI agents and share what works, privately')
    .version(PACKAGE_VERSION, '-V, --version')
    .option('--state <dir>', 'state directory (default: $MESH_HOME or ~/.mesh)')
    .option('-q, --quiet', 'no progress output')
    .option(
      '--ca <file>',
      'also trust this PEM CA certificate for every TLS connection (any command; also after it)',
    )
    .showHelpAfterError('(run with --help for usage)')
    .enablePositionalOptions();
}
