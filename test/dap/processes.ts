// Real `mesh serve` child processes for the dap suites: start, wait for the ready line, SIGKILL, restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { MESH_BIN } from '../support/env.js';

export interface ServeProcess {
  url: string;
  proc: ChildProcess;
  stderr(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A port that was free a moment ago (task files must name endpoints before servers start). */
export { freePort } from '../../node/index.js';

export function startServe(args: string[], timeoutMs = 60_000): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [MESH_BIN, 'serve', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`mesh serve did not start: ${err}`));
    }, timeoutMs);
    proc.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    proc.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        const url = (JSON.parse(line) as { listening: string }).listening;
        resolve({
          url,
          proc,
          stderr: () => err,
          kill: (signal = 'SIGTERM') =>
            new Promise((r) => {
              if (proc.exitCode !== null || proc.signalCode !== null) {
                r();
                return;
              }
              proc.once('exit', () => {
                r();
              });
              proc.kill(signal);
            }),
        });
      }
    });
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mesh serve exited with ${code}: ${err}`));
    });
  });
}
