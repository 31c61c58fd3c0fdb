// Process entry of `mesh` (bin/mesh.js imports the compiled form of this file).
import { runCli } from './cli/run.js';

process.exitCode = await runCli(process.argv.slice(2));
