// Test helper: one store-worker.ts child process (a concurrent writer of the shared store).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from '../../support/env.js';

export function runStoreWorker(
  dir: string,
  session: string,
  secrets: string[],
  env: Record<string, string> = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'test/guard/flow/store-worker.ts'), dir, session, ...secrets],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`worker exit ${code}: ${err}`));
    });
  });
}
