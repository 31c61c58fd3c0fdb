// `mesh guard`'s doors load apart: `mesh guard hook ...` (one process per agent tool call) imports
// the hook door alone; help and unknown subcommands load every door so `--help` lists them all.
import type { CommandLoader } from '../program-builder.js';
import { registerGuard } from './guard.js';

export const loadGuard: CommandLoader = async (argv) => {
  const sub = argv[argv.indexOf('guard') + 1];
  const doors = await Promise.all([
    sub === undefined || sub === 'hook' || !['decide', 'mcp'].includes(sub)
      ? import('./guard-hook.js').then((m) => m.addGuardHook)
      : undefined,
    sub === undefined || sub === 'mcp' || !['decide', 'hook'].includes(sub)
      ? import('./guard-mcp.js').then((m) => m.addGuardMcp)
      : undefined,
    sub === undefined || sub === 'hook-daemon' || !['decide', 'hook', 'mcp'].includes(sub)
      ? import('./guard-hook-daemon.js').then((m) => m.addGuardHookDaemon)
      : undefined,
    sub === undefined || !['decide', 'hook', 'mcp', 'hook-daemon'].includes(sub)
      ? import('./guard-explain.js').then((m) => m.addGuardExplain)
      : undefined,
  ]);
  return (program) => {
    registerGuard(
      program,
      doors.filter((d) => d !== undefined),
    );
  };
};
