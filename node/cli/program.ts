// The `mesh` command tree (commander). Commands are added here as their rooms land (DESIGN.md contract).
import { Command } from 'commander';
import { PACKAGE_VERSION } from '../version.js';
import { registerDap } from './commands/dap.js';
import { registerDemo } from './commands/demo.js';
import { registerDoctor } from './commands/doctor.js';
import { registerGossip } from './commands/gossip.js';
import { registerGuard } from './commands/guard.js';
import { addGuardHook } from './commands/guard-hook.js';
import { addGuardMcp } from './commands/guard-mcp.js';
import { registerHarness } from './commands/harness.js';
import { registerLog } from './commands/log.js';
import { registerReceipts } from './commands/receipts.js';
import { registerReviews } from './commands/reviews.js';
import { registerSensor } from './commands/sensor.js';
import { registerServe } from './commands/serve.js';
import { registerReport } from './commands/report.js';
import { registerTufClient } from './commands/tuf-client.js';
import { registerKeys } from './commands/keys.js';
import { registerCeremony } from './commands/ceremony.js';
import { registerPublish } from './commands/publish.js';
import { registerSubscribe } from './commands/subscribe.js';
import { registerVerify } from './commands/verify.js';

export function buildProgram(): Command {
  const program = new Command('mesh')
    .description('interlock-mesh: guard your AI agents and share what works, privately')
    .version(PACKAGE_VERSION, '-V, --version')
    .option('--state <dir>', 'state directory (default: $MESH_HOME or ~/.mesh)')
    .option('-q, --quiet', 'no progress output')
    .showHelpAfterError('(run with --help for usage)')
    .enablePositionalOptions();
  registerDap(program);
  registerDemo(program);
  registerDoctor(program);
  registerGossip(program);
  registerGuard(program, [addGuardHook, addGuardMcp]);
  registerHarness(program);
  registerLog(program);
  registerReceipts(program);
  registerReviews(program);
  registerServe(program);
  registerReport(program);
  registerSensor(program);
  registerTufClient(program);
  registerKeys(program);
  registerCeremony(program);
  registerPublish(program);
  registerSubscribe(program);
  registerVerify(program);
  return program;
}
