// What every command action receives: global options resolved once.
import type { Command } from 'commander';
import { createLogger, type Logger } from '../log/logger.js';
import { openStateDir, resolveStateRoot, type StateDir } from '../state/state-dir.js';
import { createOutput, type Output } from './output.js';

export interface GlobalOptions {
  state?: string;
  quiet?: boolean;
}

export interface CommandContext {
  out: Output;
  log: Logger;
  stateRoot: string;
  /** Opens (and creates) the state directory lazily: commands that need no state never touch it. */
  state(): StateDir;
}

export function contextFor(cmd: Command, local: { json?: boolean }): CommandContext {
  const globals = cmd.optsWithGlobals<GlobalOptions>();
  const stateRoot = resolveStateRoot(globals.state);
  let opened: StateDir | undefined;
  return {
    out: createOutput({ json: local.json === true, quiet: globals.quiet === true }),
    log: createLogger(),
    stateRoot,
    state() {
      opened ??= openStateDir(stateRoot);
      return opened;
    },
  };
}
