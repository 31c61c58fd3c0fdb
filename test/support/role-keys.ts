// The maintainer's key of every role `mesh demo` makes, made by the real `mesh keys new` once per
// vitest worker (workers keep one module cache across their files, vitest.config.ts) in the run's
// fixtures folder (global-setup.ts); each suite works on its own copy of the files.
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { ONLINE_AND_DEMO_OFFLINE } from '../../node/demo/mesh-setup.js';
import { runMesh } from './run-mesh.js';

let made: Promise<{ dir: string; publicKeys: Record<string, string> }> | undefined;

async function makeKeys(
  dir: string,
  timeoutMs: number,
): Promise<{ dir: string; publicKeys: Record<string, string> }> {
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
  return { dir, publicKeys: Object.fromEntries(pairs) };
}

/** Copies the role keys (files 0600, as `mesh keys new` writes them) into DIR; returns each role's public key. */
export async function copyRoleKeys(
  dir: string,
  timeoutMs: number,
): Promise<Record<string, string>> {
  const p = (made ??= makeKeys(join(inject('fixtures'), `role-keys-${process.pid}`), timeoutMs));
  // A failed first try (a loaded machine's timeout) is not kept for the next suite.
  p.catch(() => {
    if (made === p) made = undefined;
  });
  const keys = await p;
  cpSync(keys.dir, dir, { recursive: true });
  return { ...keys.publicKeys };
}
