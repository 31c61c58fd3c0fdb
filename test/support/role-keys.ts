// The maintainer's key of every role `mesh demo` makes, made by the real `mesh keys new` once per
// run in the fixtures folder (run-fixture.ts); each suite works on its own copy of the files.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ONLINE_AND_DEMO_OFFLINE } from '../../node/demo/mesh-setup.js';
import { runFixture } from './run-fixture.js';
import { runMesh } from './run-mesh.js';

/** Each role's public key as `mesh keys new` printed it, kept beside the key files. */
const PUBLIC = 'public-keys.json';

async function makeKeys(dir: string, timeoutMs: number): Promise<void> {
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

/** Copies the role keys (files 0600, as `mesh keys new` writes them) into DIR; returns each role's public key. */
export async function copyRoleKeys(
  dir: string,
  timeoutMs: number,
): Promise<Record<string, string>> {
  const keys = await runFixture('role-keys', PUBLIC, (dir) => makeKeys(dir, timeoutMs), timeoutMs);
  cpSync(keys, dir, { recursive: true, filter: (src) => !src.endsWith(PUBLIC) });
  return JSON.parse(readFileSync(join(keys, PUBLIC), 'utf8')) as Record<string, string>;
}
