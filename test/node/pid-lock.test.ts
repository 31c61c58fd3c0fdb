// The O_EXCL pid lock shared by subscription refreshes and consensus applies: a live holder blocks,
// a dead one is taken over, and an empty file (a holder between create and write) blocks until stale.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withPidLock } from '../../node/state/pid-lock.js';

const dir = mkdtempSync(join(tmpdir(), 'mesh-pid-lock-'));
const ran = async (): Promise<string> => Promise.resolve('ran');

describe('withPidLock', () => {
  it('runs, then releases the lock file', async () => {
    const file = join(dir, 'a.lock');
    expect(await withPidLock(file, 'test', ran)).toBe('ran');
    expect(existsSync(file)).toBe(false);
  });

  it('waits for a live holder and gives up with a coded error', async () => {
    const file = join(dir, 'b.lock');
    writeFileSync(file, String(process.pid));
    await expect(withPidLock(file, 'another test', ran, 300)).rejects.toMatchObject({
      code: 'state_invalid',
    });
  });

  it('takes over the lock of a process that is gone', async () => {
    const file = join(dir, 'c.lock');
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(file, child.stdout.toString());
    expect(await withPidLock(file, 'test', ran, 2000)).toBe('ran');
  });

  it('an empty lock file blocks while fresh and is taken over once stale', async () => {
    const file = join(dir, 'd.lock');
    writeFileSync(file, '');
    await expect(withPidLock(file, 'test', ran, 300)).rejects.toMatchObject({
      code: 'state_invalid',
    });
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    expect(await withPidLock(file, 'test', ran, 2000)).toBe('ran');
  });
});
