// `mesh doctor` on the governance profile (docs/GOVERNANCE.md): demo is a warning, a bad key a failure.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';

async function doctor(governance: object): Promise<{ status: string; detail: string }> {
  const home = join(mkdtempSync(join(tmpdir(), 'mesh-doc-gov-')), 'state');
  mkdirSync(home, { mode: 0o700 });
  writeFileSync(join(home, 'config.json'), JSON.stringify({ schema: 1, governance }), {
    mode: 0o600,
  });
  const r = await runMesh(['--state', home, 'doctor', '--json']);
  const doc = JSON.parse(r.stdout) as {
    checks: { name: string; status: string; detail: string }[];
  };
  const c = doc.checks.find((x) => x.name === 'governance');
  if (c === undefined) throw new Error(`no governance check: ${r.stdout}`);
  return c;
}

describe('mesh doctor: governance', () => {
  it('warns about the demo profile, is ok with production, fails naming a typo', async () => {
    expect((await doctor({ profile: 'demo' })).status).toBe('warn');
    expect((await doctor({})).status).toBe('ok');
    const typo = await doctor({ roles: { root: { treshold: 3 } } });
    expect(typo.status).toBe('fail');
    expect(typo.detail).toContain('governance.roles.root.treshold');
  });
});
