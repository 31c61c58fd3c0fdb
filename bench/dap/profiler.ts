// A V8 CPU profile of a whole `mesh serve` process, for the DAP benches (docs/dap.md "Performance").
/**
 * Preloaded into a process through NODE_OPTIONS (which may carry --import but not --cpu-prof), it
 * writes a V8 CPU profile of the whole process to $MESH_BENCH_PROFILE/CPU.<pid>.cpuprofile on exit.
 * An in-process inspector session answers synchronously, so the profile is written inside 'exit'.
 */
const PROFILER = `
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
const dir = process.env.MESH_BENCH_PROFILE;
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
process.on('exit', () => {
  session.post('Profiler.stop', (err, res) => {
    if (!err) writeFileSync(join(dir, 'CPU.' + process.pid + '.cpuprofile'), JSON.stringify(res.profile));
  });
});
`;

/**
 * The environment that profiles a child process into `dir`.
 * @example const { leader, helper } = await startPair(args, profilerEnv('/tmp/prof'));
 */
export function profilerEnv(dir: string): NodeJS.ProcessEnv {
  return {
    MESH_BENCH_PROFILE: dir,
    NODE_OPTIONS: `--import=data:text/javascript;base64,${Buffer.from(PROFILER).toString('base64')}`,
  };
}
