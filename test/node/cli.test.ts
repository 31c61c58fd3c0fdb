import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/env.js';
import { runMesh } from '../support/run-mesh.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

describe('mesh CLI contract', () => {
  it('--version prints the package version and exits 0', async () => {
    const r = await runMesh(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('--help lists the commands that have landed and exits 0', async () => {
    const r = await runMesh(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: mesh');
    for (const cmd of ['doctor', 'serve'])
      expect(r.stdout).toMatch(new RegExp(`^  ${cmd}\\b`, 'm'));
  });

  it('an unknown command or option is a usage error: exit 2', async () => {
    expect((await runMesh(['no-such-command'])).code).toBe(2);
    expect((await runMesh(['doctor', '--no-such-flag'])).code).toBe(2);
    expect((await runMesh(['report', 'init', '--no-such-flag'])).code).toBe(2);
  });

  it('serve refuses plain HTTP on a non-loopback address (exit 2) and names the fix', async () => {
    const r = await runMesh(['serve', '--role', 'witness', '--host', '0.0.0.0', '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--insecure-http');
  });

  it('doctor --json reports on a fresh state directory, creating it with a schema', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mesh-doctor-'));
    const r = await runMesh(['doctor', '--json'], { env: { MESH_HOME: home } });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      ok: boolean;
      checks: { name: string; status: string }[];
    };
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.name)).toContain('state');
    expect(JSON.parse(readFileSync(join(home, 'state.json'), 'utf8'))).toMatchObject({ schema: 1 });
  });

  it('a state directory from a newer mesh is refused with exit 1 and a coded JSON error', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mesh-newer-'));
    await runMesh(['doctor'], { env: { MESH_HOME: home } });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(home, 'config.json'), JSON.stringify({ schema: 99 }));
    const r = await runMesh(['doctor', '--json'], { env: { MESH_HOME: home } });
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as {
      checks: { name: string; status: string; detail: string }[];
    };
    const state = report.checks.find((c) => c.name === 'state');
    expect(state?.status).toBe('fail');
    expect(state?.detail).toContain('newer');
  });
});
