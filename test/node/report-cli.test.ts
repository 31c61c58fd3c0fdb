import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';

describe('mesh report (off by default)', () => {
  it('a fresh node reports nothing: reporting is off and not set up', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mesh-report-'));
    const doctor = await runMesh(['doctor', '--json'], { env: { MESH_HOME: home } });
    const checks = (JSON.parse(doctor.stdout) as { checks: { name: string; detail: string }[] })
      .checks;
    expect(checks.find((c) => c.name === 'reporting')?.detail).toContain('off');
    const submit = await runMesh(['report', 'submit', '--json'], { env: { MESH_HOME: home } });
    expect(submit.code).toBe(2);
    expect(JSON.parse(submit.stdout)).toMatchObject({
      error: { code: 'usage', hint: expect.stringContaining('mesh report init') as string },
    });
  });

  it('init refuses a pack this node has not verified through TUF, and a task file is not an option', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mesh-report-'));
    const init = await runMesh(['report', 'init', '--pack', 'mesh:coding-agent@canary', '--json'], {
      env: { MESH_HOME: home },
    });
    expect(init.code).toBe(1);
    expect(JSON.parse(init.stdout)).toMatchObject({ error: { code: 'state_invalid' } });
    const withFile = await runMesh(
      ['report', 'init', '--pack', 'mesh:coding-agent@canary', '--task', '/tmp/client.json'],
      { env: { MESH_HOME: home } },
    );
    expect(withFile.code).toBe(2);
    // Nothing was configured by either refusal.
    expect(existsSync(join(home, 'config.json'))).toBe(false);
  });

  it('enable needs init first; disable always works', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mesh-report-'));
    expect((await runMesh(['report', 'enable'], { env: { MESH_HOME: home } })).code).toBe(2);
    const off = await runMesh(['report', 'disable', '--json'], { env: { MESH_HOME: home } });
    expect(JSON.parse(off.stdout)).toEqual({ enabled: false });
  });
});
