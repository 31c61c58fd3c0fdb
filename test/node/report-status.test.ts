// `mesh report status`: the ledger's windows as the operator sees them, and a fresh node's answer.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportLedger } from '../../node/report/ledger.js';
import { runMesh } from '../support/run-mesh.js';

describe('report ledger listing', () => {
  it('lists each window once, oldest first, as prepared or submitted; ignores other files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-ledger-'));
    const ledger = new ReportLedger(dir);
    const report = (id: string) => ({ reportId: id, report: 'AA==' });
    await ledger.submit(
      '7200',
      () => report('b'),
      () => Promise.resolve(),
    );
    await ledger.submit(
      '3600',
      () => report('a'),
      () => Promise.resolve(),
    );
    await expect(
      ledger.submit(
        '10800',
        () => report('c'),
        () => Promise.reject(new Error('leader down')),
      ),
    ).rejects.toThrow('leader down');
    writeFileSync(join(dir, '.1.x.tmp'), '');
    writeFileSync(join(dir, 'notes.json'), '{}');
    const list = ledger.list();
    expect(list.map((w) => [w.window, w.state, w.reportId])).toEqual([
      ['3600', 'submitted', 'a'],
      ['7200', 'submitted', 'b'],
      ['10800', 'prepared', 'c'],
    ]);
    expect(list[0]?.at).toEqual(expect.any(String));
    expect(list[2]?.at).toBeUndefined();
  });
});

describe('mesh report status', () => {
  it('a fresh node: off, not set up, no windows', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mesh-report-status-'));
    const r = await runMesh(['report', 'status', '--json'], { env: { MESH_HOME: home } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      enabled: false,
      pack: null,
      windowSeconds: null,
      task: null,
      windows: [],
      prepared: 0,
      submitted: 0,
    });
    const human = await runMesh(['report', 'status'], { env: { MESH_HOME: home } });
    expect(human.stdout).toContain('reporting is OFF');
  });
});
