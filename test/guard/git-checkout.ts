// A throwaway checkout whose `.git/config` names the project's remotes, for the checks that tell the
// project's own repositories from anyone else's; removed after the file's tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** Removed after the calling file's tests. */
export interface Checkout {
  /** The temporary folder holding the checkout. */
  root: string;
  /** The checkout itself: `root/sub`, or `root` when `sub` is empty. */
  project: string;
}

/** Makes `root/sub/.git/config` holding `config`. */
export function gitCheckout(prefix: string, config: string, sub = ''): Checkout {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const project = join(root, sub);
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(join(project, '.git', 'config'), config);
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });
  return { root, project };
}
