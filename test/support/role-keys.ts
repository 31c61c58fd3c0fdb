// The maintainer's key of every role `mesh demo` makes, made by the real `mesh keys new` once per
// run in the fixtures folder (global-setup.ts); each suite works on its own copy of the files.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { ONLINE_AND_DEMO_OFFLINE } from '../../node/demo/mesh-setup.js';
import { runMesh } from './run-mesh.js';

/** Each role's public key as `mesh keys new` printed it, kept beside the key files. */
const PUBLIC = 'public-keys.json';

let made: Promise<string> | undefined;

async function makeKeys(dir: string, timeoutMs: number): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const pairs = await Promise.all(
    ONLINE_AND_DEMO_OFFLINE.map(async (role) => {
      const args = ['keys', 'new', '--role', role, '--out', join(dir, `${role}.key`), '--json'];
      const r = await runMesh(args, { timeoutMs });
      if (r.code !== 0) throw new Error(`mesh keys new --role ${role}: ${r.stdout} ${r.stderr}`);
      const out = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as { public: unknown };
      return [role, String(out.public)] as const;
    }),
  );
  writeFileSync(join(dir, PUBLIC), JSON.stringify(Object.fromEntries(pairs)));
}

/**
 * The folder of the run's role keys. One worker makes them under a lock folder (made exclusively);
 * the others wait for the finished set, and try themselves if that worker failed.
 */
async function runKeys(timeoutMs: number): Promise<string> {
  const dir = join(inject('fixtures'), 'role-keys');
  const lock = `${dir}.lock`;
  const deadline = Date.now() + 2 * timeoutMs;
  for (;;) {
    if (existsSync(join(dir, PUBLIC))) return dir;
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() > deadline) throw new Error(`role keys: ${lock} was not released in time`);
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    try {
      const mine = `${dir}-${process.pid}`;
      await makeKeys(mine, timeoutMs);
      renameSync(mine, dir);
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Copies the role keys (files 0600, as `mesh keys new` writes them) into DIR; returns each role's public key. */
export async function copyRoleKeys(
  dir: string,
  timeoutMs: number,
): Promise<Record<string, string>> {
  const p = (made ??= runKeys(timeoutMs));
  // A failed first try (a loaded machine's timeout) is not kept for the next suite.
  p.catch(() => {
    if (made === p) made = undefined;
  });
  const keys = await p;
  cpSync(keys, dir, { recursive: true, filter: (src) => !src.endsWith(PUBLIC) });
  return JSON.parse(readFileSync(join(keys, PUBLIC), 'utf8')) as Record<string, string>;
}
