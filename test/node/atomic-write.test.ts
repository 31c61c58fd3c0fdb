import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../common/index.js';
import { CRASH_ROUNDS, ROOT } from '../support/env.js';

// A child that rewrites one file as fast as it can; each version carries its own checksum.
const WRITER = `
import { createHash } from 'node:crypto';
const { writeFileAtomic } = await import(${JSON.stringify(join(ROOT, 'dist/common/index.js'))});
const path = process.argv[1];
for (let i = 0; ; i++) {
  const body = String(i).repeat(1 + (i % 5000));
  const sum = createHash('sha256').update(body).digest('hex');
  writeFileAtomic(path, JSON.stringify({ i, body, sum }));
  if (i === 0) process.stdout.write('ready\\n');
}
`;

function killDuringWrites(path: string, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', WRITER, path], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.once('data', () => setTimeout(() => child.kill('SIGKILL'), delayMs));
    child.on('error', reject);
    child.on('exit', () => {
      resolve();
    });
  });
}

describe('writeFileAtomic', () => {
  it('writes the bytes with the requested mode', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'mesh-aw-')), 'k.key');
    writeFileAtomic(path, 'abc', { mode: 0o600 });
    expect(readFileSync(path, 'utf8')).toBe('abc');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it(`a writer SIGKILLed at random instants always leaves a whole version (${CRASH_ROUNDS} rounds)`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-aw-crash-'));
    const path = join(dir, 'state.json');
    for (let round = 0; round < CRASH_ROUNDS; round++) {
      await killDuringWrites(path, Math.floor(Math.random() * 40));
      const doc = JSON.parse(readFileSync(path, 'utf8')) as {
        i: number;
        body: string;
        sum: string;
      };
      expect(createHash('sha256').update(doc.body).digest('hex')).toBe(doc.sum);
    }
    // Temporary files of killed writers may remain; they never replace the real file.
    expect(readdirSync(dir).filter((n) => !n.startsWith('.'))).toEqual(['state.json']);
  });
});
