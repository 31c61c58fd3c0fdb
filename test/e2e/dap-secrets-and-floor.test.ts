// Secret-holding DAP files and the consent batch-size floor, through the real CLI (docs/dap.md
// "Task files" and "The batch-size floor"): `mesh serve` refuses task and TLS key files other users
// may read, `mesh dap task new` refuses a batch under the floor, and so does a node about to report.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClientTaskFile } from '../../dap/index.js';
import { refuseBelowBatchFloor } from '../../node/report/batch-floor.js';
import { runMesh } from '../support/run-mesh.js';
import { tempDir } from '../dap/support.js';

const dir = tempDir('secrets');

async function taskNew(out: string, extra: string[]) {
  return runMesh([
    'dap',
    'task',
    'new',
    '--vdaf',
    'Prio3Count',
    '--leader',
    'http://127.0.0.1:9/leader/',
    '--helper',
    'http://127.0.0.1:9/helper/',
    '--out-dir',
    out,
    '--json',
    ...extra,
  ]);
}

const errorOf = (stdout: string) =>
  (JSON.parse(stdout) as { error: { code: string; message: string; hint?: string } }).error;

describe('the consent batch-size floor', () => {
  it('`mesh dap task new` refuses --min-batch-size under it, naming it', async () => {
    const r = await taskNew(join(dir, 'small'), ['--min-batch-size', '9']);
    expect(r.code).toBe(1);
    const e = errorOf(r.stdout);
    expect(e.code).toBe('batch_size_below_floor');
    expect(e.message).toContain('floor 10');
    expect((await taskNew(join(dir, 'ten'), ['--min-batch-size', '10'])).code).toBe(0);
    const demo = await taskNew(join(dir, 'demo'), [
      '--min-batch-size',
      '3',
      '--below-consent-floor',
    ]);
    expect(demo.code, demo.stderr).toBe(0);
    expect(demo.stderr).toContain('under the consent floor');
  });

  it('a node refuses to report to a task under it unless its operator opted out', () => {
    const client = JSON.parse(
      readFileSync(join(dir, 'demo', 'client.json'), 'utf8'),
    ) as ClientTaskFile;
    expect(() => {
      refuseBelowBatchFloor(client, false);
    }).toThrow(expect.objectContaining({ code: 'batch_size_below_floor' }));
    expect(() => {
      refuseBelowBatchFloor(client, true);
    }).not.toThrow();
    const ten = JSON.parse(readFileSync(join(dir, 'ten', 'client.json'), 'utf8')) as ClientTaskFile;
    expect(() => {
      refuseBelowBatchFloor(ten, false);
    }).not.toThrow();
  });
});

describe('secret files open to other users', () => {
  const serve = (args: string[]) =>
    runMesh(['serve', '--port', '0', '--data', join(dir, 'data'), ...args], { timeoutMs: 30_000 });

  it.each([
    ['dap-leader', 'leader.json'],
    ['dap-helper', 'helper.json'],
    ['collector', 'collector.json'],
  ])('`mesh serve --role %s` refuses a 0644 %s with a hint', async (role, file) => {
    const path = join(dir, 'ten', file);
    chmodSync(path, 0o644);
    try {
      const r = await serve(['--role', role, '--task', path]);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('[task_file_exposed]');
      expect(r.stderr).toContain(`chmod 600 ${path}`);
    } finally {
      chmodSync(path, 0o600);
    }
  });

  it('`mesh dap collect` refuses a group-readable collector.json', async () => {
    const path = join(dir, 'ten', 'collector.json');
    chmodSync(path, 0o640);
    try {
      const r = await runMesh(['dap', 'collect', '--task', path, '--next', '--json']);
      expect(r.code).toBe(1);
      expect(errorOf(r.stdout).code).toBe('task_file_exposed');
    } finally {
      chmodSync(path, 0o600);
    }
  });

  it('`mesh serve` refuses a world-readable TLS key', async () => {
    const key = join(dir, 'tls.key');
    const cert = join(dir, 'tls.crt');
    writeFileSync(key, 'not a key', { mode: 0o644 });
    writeFileSync(cert, 'not a cert');
    const r = await serve([
      '--role',
      'dap-helper',
      '--task',
      join(dir, 'ten', 'helper.json'),
      '--tls-cert',
      cert,
      '--tls-key',
      key,
    ]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('[secret_file_exposed]');
    expect(r.stderr).toContain(`chmod 600 ${key}`);
  });
});
