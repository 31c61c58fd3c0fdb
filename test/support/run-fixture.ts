// A fixture made once per run in the run's fixtures folder (global-setup.ts) and copied by the suites:
// one worker makes it under a lock folder (made exclusively), the others wait for the finished folder.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

const made = new Map<string, Promise<string>>();

/** NAME's folder, made once by MAKE into a private folder and renamed; DONE names its last file. */
async function makeOnce(
  name: string,
  done: string,
  make: (dir: string) => Promise<void>,
  timeoutMs: number,
): Promise<string> {
  const dir = join(inject('fixtures'), name);
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 2 * timeoutMs;
  for (;;) {
    if (existsSync(join(dir, done))) return dir;
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() > deadline)
        throw new Error(`fixture ${name}: ${lock} was not released in time`);
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      if (existsSync(join(dir, done))) return dir;
      const mine = `${dir}-${process.pid}`;
      rmSync(mine, { recursive: true, force: true });
      mkdirSync(mine, { recursive: true });
      await make(mine);
      renameSync(mine, dir);
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * The folder of the run's fixture NAME (a plain file or folder name), made by MAKE the first time
 * any worker asks; MAKE writes DONE last. A failed try (a loaded machine's timeout) is not kept.
 */
export function runFixture(
  name: string,
  done: string,
  make: (dir: string) => Promise<void>,
  timeoutMs: number,
): Promise<string> {
  const known = made.get(name);
  if (known) return known;
  const p = makeOnce(name, done, make, timeoutMs);
  made.set(name, p);
  p.catch(() => {
    if (made.get(name) === p) made.delete(name);
  });
  return p;
}
