// Runs a docs script as written: bash -euo pipefail in its own process group, so whatever it leaves
// running in the background (servers started with `&`) is stopped when it ends, passes, fails or
// times out.
import { spawn } from 'node:child_process';

export interface ScriptRun {
  status: number | null;
  output: string;
}

/** Runs SCRIPT; kills its whole process group when it exits or after TIMEOUTMS. */
export async function runScript(
  script: string,
  opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ScriptRun> {
  // the script's own status stands: nothing in the trap may fail under -e
  const stop =
    'trap \'for p in $(jobs -p); do kill "$p" 2>/dev/null || true; done; wait || true\' EXIT\n';
  const child = spawn('bash', ['-euo', 'pipefail', '-c', stop + script], {
    cwd: opts.cwd,
    env: opts.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (output += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (output += s));
  const group = (): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is gone already
    }
  };
  const timer = setTimeout(group, opts.timeoutMs);
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  group();
  return { status, output };
}
