// DAP-18 §4.4.1 HPKE key rotation with `mesh dap keys` across a real `mesh serve` Leader: only active
// keys are advertised, a report sealed to an older key still decrypts while that key is active, and
// after it expires the report is refused with outdated_config and the client refetches and succeeds.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, DapClient, newTaskFiles } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { freePort } from '../../node/index.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { tempDir } from './support.js';

const dir = tempDir('keys');
const running: ServeProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.stop();
});

interface KeyJson {
  id: number;
  state: string;
  advertised: boolean;
}

async function keys(
  ...args: string[]
): Promise<{ code: number | null; out: unknown; err: string }> {
  const r = await runMesh(['dap', 'keys', ...args, '--data', join(dir, 'l'), '--json']);
  return {
    code: r.code,
    out: r.code === 0 ? JSON.parse(r.stdout) : undefined,
    err: r.stderr + r.stdout,
  };
}

async function advertised(url: string): Promise<number[]> {
  const res = await fetch(`${url}hpke_config`);
  return m.decodeHpkeConfigList(new Uint8Array(await res.arrayBuffer())).map((c) => c.id);
}

const settle = () => new Promise((r) => setTimeout(r, 1500));

describe('mesh dap keys: HPKE key rotation across a real Leader process', () => {
  it('advertises active keys only, honours an older key until it expires, then outdated_config', async () => {
    const [lp, hp] = [await freePort(), await freePort()];
    const files = newTaskFiles({
      task_info: 'a2V5cw',
      leader: `http://127.0.0.1:${lp}/leader/`,
      helper: `http://127.0.0.1:${hp}/helper/`,
      time_precision: 60,
      min_batch_size: 1,
      batch_mode: 'time_interval',
      vdaf: { type: 'Prio3Count' },
    });
    for (const r of ['leader', 'helper'] as const)
      writeFileSync(join(dir, `${r}.json`), JSON.stringify(files[r]), { mode: 0o600 });
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ dap: { minJobSize: 1, maxJobAgeMs: 20, tickMs: 20 } }));
    const leaderArgs = ['--role', 'dap-leader', '--port', String(lp), '--data', join(dir, 'l')];
    const startLeader = async () => {
      const p = await startServe([
        ...leaderArgs,
        '--config',
        config,
        '--task',
        join(dir, 'leader.json'),
      ]);
      running.push(p);
      return p;
    };
    const helperArgs = ['--role', 'dap-helper', '--port', String(hp), '--data', join(dir, 'h')];
    running.push(await startServe([...helperArgs, '--task', join(dir, 'helper.json')]));
    let leader = await startLeader();
    const url = files.client.task.leader;
    const client = new DapClient(files.client);
    const now = Math.floor(Date.now() / 1000);
    const [k1] = await advertised(url);
    expect(await client.upload([{ measurement: 1, timeSeconds: now }])).toEqual({
      accepted: 1,
      rejected: [],
    });
    expect((await client.hpkeConfig('leader')).id).toBe(k1);

    // The store belongs to the running server: the CLI says what to do.
    const locked = await keys('list');
    expect(locked.code).toBe(1);
    expect(locked.err).toMatch(/stop the mesh serve process/);

    await settle();
    await leader.stop();
    expect((await keys('list')).out).toMatchObject({ keys: [{ id: k1, state: 'active' }] });
    const { id: k2 } = (await keys('add')).out as { id: number };
    expect(await keys('expire', String(k1))).toMatchObject({ code: 1 });
    leader = await startLeader();
    expect(await advertised(url)).toEqual([k1]);

    await leader.stop();
    expect((await keys('activate', String(k2))).code).toBe(0);
    leader = await startLeader();
    expect((await advertised(url)).sort()).toEqual([k1, k2].sort());
    // A report sealed to the cached older key still decrypts and aggregates while it is active.
    expect(await client.upload([{ measurement: 1, timeSeconds: now }])).toEqual({
      accepted: 1,
      rejected: [],
    });

    await settle();
    await leader.stop();
    expect((await keys('expire', String(k1))).code).toBe(0);
    const list = (await keys('list')).out as { keys: KeyJson[] };
    expect(list.keys.find((k) => k.id === k1)).toMatchObject({
      state: 'expired',
      advertised: false,
    });
    await startLeader();
    expect(await advertised(url)).toEqual([k2]);

    const stale = await client.prepare({ measurement: 1, timeSeconds: now });
    expect(stale.leaderEncryptedInputShare.configId).toBe(k1);
    const res = await fetch(`${url}tasks/${files.client.task_id}/reports`, {
      method: 'POST',
      headers: { 'content-type': m.MediaType.uploadReq },
      body: m.encodeUploadRequest([stale]),
    });
    const errs = m.decodeUploadErrors(new Uint8Array(await res.arrayBuffer()));
    expect(errs.map((e) => e.error)).toEqual(['outdated_config']);
    // The client refetches hpke_config on outdated_config and retries.
    expect(await client.upload([{ measurement: 1, timeSeconds: now }])).toEqual({
      accepted: 1,
      rejected: [],
    });
    expect((await client.hpkeConfig('leader')).id).toBe(k2);

    const start = (Math.floor(now / 60) - 1) * 60;
    const c = await collect(files.collector, { interval: { start: start / 60, duration: 3 } });
    expect(c.reportCount).toBe(3);
    expect(c.aggregate).toBe(3);
  }, 180_000);

  it('refuses bad usage with exit 2', async () => {
    expect((await keys('activate', '999')).code).toBe(2);
    expect((await runMesh(['dap', 'keys', 'list', '--data', dir, '--role', 'mirror'])).code).toBe(
      2,
    );
  });
});
