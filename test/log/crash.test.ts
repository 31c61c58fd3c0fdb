// A real child process appending to the log is SIGKILLed at random instants; every restart must
// recover a tree that agrees with every checkpoint any earlier process printed (so no size was ever
// signed with two different roots) and a stored checkpoint that verifies.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppendableLog, encodeBase64, openCheckpoint } from '../../log/index.js';
import { CRASH_ROUNDS, ROOT } from '../support/env.js';
import { logKey, tempDir } from './helpers.js';

const CHILD = join(ROOT, 'test', 'log', 'fixtures', 'append-child.ts');

/** Kills `killAfterMs` after the first printed checkpoint, or after spawn when `early` (recovery). */
function runAndKill(args: string[], killAfterMs: number, early: boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | undefined;
    const arm = (): void => {
      timer ??= setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    };
    if (early) arm();
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      arm();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      clearTimeout(guard);
      if (signal !== 'SIGKILL') reject(new Error(`child exited on its own: ${err}`));
      else resolve(out.split('\n').filter((l) => /^\d+ \S+$/.test(l)));
    });
  });
}

describe('crash safety', () => {
  it(`survives ${CRASH_ROUNDS} SIGKILLs at random instants`, async () => {
    const seed = randomBytes(32);
    const key = logKey('example.com/crash', seed);
    const dir = tempDir();
    const signed = new Map<number, string>();
    let grew = 0;
    for (let round = 0; round < CRASH_ROUNDS; round++) {
      const early = round % 4 === 3;
      const delay = Math.random() * (early ? 1500 : 800);
      const lines = await runAndKill([dir, seed.toString('hex'), key.origin], delay, early);
      for (const l of lines) {
        const [size = '', root = ''] = l.split(' ');
        const prev = signed.get(Number(size));
        expect(prev === undefined || prev === root, `size ${size} signed with two roots`).toBe(
          true,
        );
        signed.set(Number(size), root);
      }
      const log = await AppendableLog.open({ dir, origin: key.origin, signer: key.signer });
      try {
        const { checkpoint } = openCheckpoint(log.checkpoint(), key.keys);
        expect(checkpoint.size).toBe(log.size);
        for (const [size, root] of signed) {
          expect(size).toBeLessThanOrEqual(log.size);
          expect(encodeBase64(log.tree.root(size)), `root at size ${size}`).toBe(root);
        }
        if (lines.length > 0) grew++;
      } finally {
        await log.close();
      }
    }
    // the kills must have landed while appends were happening, not only before the first one
    expect(grew).toBeGreaterThan(0);
  }, 600_000);
});
