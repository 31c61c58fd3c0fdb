// `mesh guard mcp --upstream URL --listen 127.0.0.1:0` as a real child process: started, its URL
// read from the line it prints, and stopped (SIGTERM, then SIGKILL if it lingers).
import { spawn, type ChildProcess } from 'node:child_process';
import { MESH_BIN } from '../../support/env.js';

export interface Door {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  stop: () => Promise<void>;
}

/** The door in front of `upstream` for MESH_HOME `home`, with `args` after the listen flags. */
export async function startDoor(
  home: string,
  upstream: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Door> {
  const child = spawn(
    process.execPath,
    [MESH_BIN, 'guard', 'mcp', '--upstream', upstream, '--listen', '127.0.0.1:0', ...args],
    { env: { ...process.env, MESH_HOME: home, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`proxy not up: ${err}`));
    }, 60_000);
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
      const m = /MCP over HTTP at (\S+)/.exec(err);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (c) => {
      clearTimeout(timer);
      reject(new Error(`proxy exited ${String(c)}: ${err}`));
    });
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((r) =>
      child.once('exit', () => {
        r();
      }),
    );
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(t);
  };
  return { url, child, stderr: () => err, stop };
}
