// Starts `mesh serve` as a real child process and waits for its one-line readiness report.
import { spawn, type ChildProcess } from 'node:child_process';
import { MESH_BIN } from './env.js';

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** SIGTERM and wait; SIGKILL after a grace period. */
  stop(): Promise<void>;
  /** SIGKILL and wait: a crash, for crash suites. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
}

export function startServe(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 20_000,
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [MESH_BIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mesh serve ${args.join(' ')} not ready in ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mesh serve ${args.join(' ')} exited ${String(code)}: ${err}`));
    });
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        const { listening } = JSON.parse(line) as { listening: string };
        resolve({
          url: listening,
          child,
          stderr: () => err,
          async stop() {
            child.kill('SIGTERM');
            const t = setTimeout(() => child.kill('SIGKILL'), 5000);
            await exited(child);
            clearTimeout(t);
          },
          async kill() {
            child.kill('SIGKILL');
            await exited(child);
          },
        });
      }
    });
  });
}
