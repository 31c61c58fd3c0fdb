// `--ca FILE` on every command (docs/dap.md "TLS with a private CA"): accepted before the command,
// as a global option, or after it, and applied before the action runs, so every TLS connection the
// command or server role makes trusts that CA besides the system roots (common/tls/ca.ts).
import type { Command } from 'commander';
import { trustCaFile } from '../../common/index.js';

const FLAG = '--ca <file>';
const HELP = 'also trust this PEM CA certificate for TLS connections';

function addEverywhere(cmd: Command): void {
  for (const sub of cmd.commands) {
    if (!sub.options.some((o) => o.long === '--ca')) sub.option(FLAG, HELP);
    addEverywhere(sub);
  }
}

/**
 * Adds `--ca` to every subcommand of PROGRAM and trusts the file before any action.
 * @throws TlsCaError (from the action's start) when the file holds no usable certificate
 * @example withCaOption(program); await program.parseAsync(['node', 'mesh', 'subscribe', '--ca', 'ca.pem', ...]);
 */
export function withCaOption(program: Command): void {
  addEverywhere(program);
  program.hook('preAction', (_root, action) => {
    const ca = action.optsWithGlobals<{ ca?: string }>().ca;
    if (ca !== undefined) trustCaFile(ca);
  });
}
