// `mesh sensor exec|build` and the doctor's sensor check, through the built binary.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMesh } from '../support/run-mesh.js';
import {
  ensureLoader,
  FIXTURES,
  kernelSkipReason,
  ORDINARY,
  pythonBin,
  SECRET,
  startSinks,
  type Sinks,
} from './harness.js';

const skip = kernelSkipReason();

function records(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('mesh sensor (CLI)', () => {
  it('exec without a command or with --arm but no --allow-host is a usage error (exit 2)', async () => {
    expect((await runMesh(['sensor', 'exec'])).code).toBe(2);
    const r = await runMesh(['sensor', 'exec', '--arm', '--', 'true']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--allow-host');
  });

  it('doctor reports whether the sensor can run here', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mesh-doctor-sensor-'));
    const r = await runMesh(['doctor', '--json'], { env: { MESH_HOME: home } });
    const report = JSON.parse(r.stdout) as {
      checks: { name: string; status: string; detail: string }[];
    };
    const sensor = report.checks.find((c) => c.name === 'sensor');
    expect(sensor?.detail).toMatch(/eBPF sensor (can|cannot) run here/);
  });
});

describe.skipIf(skip !== null)('mesh sensor (CLI, real kernel)', () => {
  let sinks: Sinks;
  let home: string;
  let secretFile: string;
  beforeAll(async () => {
    await ensureLoader();
    sinks = await startSinks();
    home = mkdtempSync(join(tmpdir(), 'mesh-sensor-cli-'));
    secretFile = join(home, 'api-key');
    writeFileSync(secretFile, SECRET + '\n', { mode: 0o600 });
  });
  afterAll(async () => {
    await sinks.close();
  });
  /** `mesh sensor exec` of leak.py sending PAYLOAD over TCP to the sink, lingering SECONDS. */
  const execLeak = (
    flags: string[],
    payload: string,
    seconds: string,
  ): ReturnType<typeof runMesh> => {
    const leak = [
      pythonBin(),
      join(FIXTURES, 'leak.py'),
      'tcp',
      String(sinks.tcp),
      payload,
      seconds,
    ];
    return runMesh(['sensor', 'exec', '--secret-file', secretFile, ...flags, '--', ...leak], {
      env: { MESH_HOME: home },
    });
  };

  it('build reports the loader (already built: make has nothing to do)', async () => {
    const r = await runMesh(['sensor', 'build', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, missing: [] });
  });

  it('exec kills a leaking command, prints the verdict as NDJSON, exits 1 and writes a receipt', async () => {
    const r = await execLeak([], SECRET, '8');
    expect(r.code).toBe(1);
    const recs = records(r.stdout);
    const verdict = recs.find((x) => x.type === 'verdict');
    expect(verdict?.decision).toMatchObject({ verdict: 'block', action: 'killed' });
    expect(recs.at(-1)).toMatchObject({ type: 'result', killed: true, signal: 'SIGKILL' });
    expect(r.stdout).not.toContain(SECRET);
    const verify = await runMesh(['receipts', 'verify', join(home, 'guard', 'receipts.db')], {
      env: { MESH_HOME: home },
    });
    expect(verify.code).toBe(0);
  });

  it('exec passes an ordinary command through with its own exit code', async () => {
    const r = await execLeak(['--allow-host', '127.0.0.1'], ORDINARY, '0');
    expect(r.code).toBe(0);
    const recs = records(r.stdout);
    expect(recs.some((x) => x.type === 'event' && x.kind === 'send')).toBe(true);
    expect(recs.some((x) => x.type === 'verdict')).toBe(false);
  });
});
