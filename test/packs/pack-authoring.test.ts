// `mesh pack new` and `mesh pack hash [--write]` through the real CLI process.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';

const dir = mkdtempSync(join(tmpdir(), 'mesh-pack-authoring-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('mesh pack new / hash', () => {
  it('new writes a skeleton that validates and passes its tests, and refuses to overwrite', async () => {
    const file = join(dir, 'p.json');
    const made = await runMesh(['pack', 'new', file, '--name', 'my-pack']);
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/valid/);
    expect((await runMesh(['pack', 'test', file])).code).toBe(0);
    const again = await runMesh(['pack', 'new', file, '--name', 'my-pack']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/exists/);
  }, 120_000);

  it('hash reports stale hashes, --write fixes them in place and validate then passes', async () => {
    const file = join(dir, 'h.json');
    expect((await runMesh(['pack', 'new', file, '--name', 'h-pack'])).code).toBe(0);
    writeFileSync(file, readFileSync(file, 'utf8').replace('needs a human', 'needs review'));
    expect((await runMesh(['pack', 'validate', file])).code).not.toBe(0);
    const stale = await runMesh(['pack', 'hash', file, '--json']);
    expect(stale.code).not.toBe(0);
    expect(JSON.parse(stale.stdout)).toMatchObject({ changed: ['h-pack.example-delete'] });
    expect((await runMesh(['pack', 'hash', file, '--write'])).code).toBe(0);
    expect((await runMesh(['pack', 'validate', file])).code).toBe(0);
    expect((await runMesh(['pack', 'hash', file])).stdout).toMatch(/every rule hash is current/);
  }, 120_000);
});
