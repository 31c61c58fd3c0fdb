// Long-running child processes for the multi-process suites: start, read the first JSON line, stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { MESH_BIN, ROOT } from '../support/env.js';

export interface Proc {
  child: ChildProcess;
  ready: Record<string, unknown>;
  stop(): Promise<void>;
}

function start(args: string[]): Promise<Proc> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`process did not start: ${err}`));
    }, 60_000);
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      clearTimeout(timer);
      resolve({
        child,
        ready: JSON.parse(out.slice(0, nl)) as Record<string, unknown>,
        stop: () =>
          new Promise<void>((r) => {
            if (child.exitCode !== null || child.signalCode !== null) {
              r();
              return;
            }
            child.once('close', () => {
              r();
            });
            child.kill('SIGTERM');
          }),
      });
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited ${String(code)}: ${err}`));
    });
  });
}

/** A tsx fixture script from test/log/fixtures. */
export const startFixture = (name: string, args: string[]): Promise<Proc> =>
  start(['--import', 'tsx', join(ROOT, 'test', 'log', 'fixtures', name), ...args]);

/** The real `mesh` binary. */
export const startMesh = (args: string[]): Promise<Proc> => start([MESH_BIN, ...args]);
