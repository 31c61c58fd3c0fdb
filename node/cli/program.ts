// The `mesh` command tree (commander), DESIGN.md's contract. Command modules load lazily: a run of
// `mesh guard hook ...` (one process per agent tool call) imports only what that command needs;
// help and unknown input load every command so `--help` lists them all.
import type { Command } from 'commander';
import { baseProgram } from './base-program.js';

type Register = (program: Command) => void;

const COMMANDS: Readonly<Record<string, (argv: readonly string[]) => Promise<Register>>> = {
  ceremony: async () => (await import('./commands/ceremony.js')).registerCeremony,
  dap: async () => (await import('./commands/dap.js')).registerDap,
  demo: async () => (await import('./commands/demo.js')).registerDemo,
  doctor: async () => (await import('./commands/doctor.js')).registerDoctor,
  gossip: async () => (await import('./commands/gossip.js')).registerGossip,
  guard: async (argv) => {
    const { registerGuard } = await import('./commands/guard.js');
    const sub = argv[argv.indexOf('guard') + 1];
    const doors = await Promise.all([
      sub === undefined || sub === 'hook' || !['decide', 'mcp'].includes(sub)
        ? import('./commands/guard-hook.js').then((m) => m.addGuardHook)
        : undefined,
      sub === undefined || sub === 'mcp' || !['decide', 'hook'].includes(sub)
        ? import('./commands/guard-mcp.js').then((m) => m.addGuardMcp)
        : undefined,
      sub === undefined || sub === 'hook-daemon' || !['decide', 'hook', 'mcp'].includes(sub)
        ? import('./commands/guard-hook-daemon.js').then((m) => m.addGuardHookDaemon)
        : undefined,
    ]);
    return (program) => {
      registerGuard(
        program,
        doors.filter((d) => d !== undefined),
      );
    };
  },
  consensus: async () => (await import('./commands/consensus.js')).registerConsensus,
  harness: async () => (await import('./commands/harness.js')).registerHarness,
  keys: async () => (await import('./commands/keys.js')).registerKeys,
  log: async () => (await import('./commands/log.js')).registerLog,
  pack: async () => (await import('./commands/pack.js')).registerPack,
  publish: async () => (await import('./commands/publish.js')).registerPublish,
  receipts: async () => (await import('./commands/receipts.js')).registerReceipts,
  report: async () => (await import('./commands/report.js')).registerReport,
  reviews: async () => (await import('./commands/reviews.js')).registerReviews,
  sensor: async () => (await import('./commands/sensor.js')).registerSensor,
  serve: async () => (await import('./commands/serve.js')).registerServe,
  subscribe: async () => (await import('./commands/subscribe.js')).registerSubscribe,
  'tuf-client': async () => (await import('./commands/tuf-client.js')).registerTufClient,
  verify: async () => (await import('./commands/verify.js')).registerVerify,
};

/** Builds the program for `argv` (the arguments after `mesh`); no argv builds every command. */
export async function buildProgram(argv: readonly string[] = []): Promise<Command> {
  const program = baseProgram();
  const first = argv.find((a) => !a.startsWith('-'));
  const versionOnly = first === undefined && (argv.includes('-V') || argv.includes('--version'));
  const names = versionOnly
    ? []
    : first !== undefined && first in COMMANDS
      ? [first]
      : Object.keys(COMMANDS);
  const registers = await Promise.all(
    names.map((n) => (COMMANDS[n] as (a: readonly string[]) => Promise<Register>)(argv)),
  );
  for (const register of registers) register(program);
  return program;
}
