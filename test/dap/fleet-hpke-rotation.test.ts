// HPKE keys are shared state of a fleet (DAP-18 §4.4.1; docs/dap.md "Running a fleet"): two Leader
// `mesh serve` processes over one PostgreSQL database; a rotation done through one process's admin
// socket reaches the other without a restart. A report sealed to the new key is taken by the other
// process at once, the other advertises it and stops taking the expired key within its refresh
// time, the "not the last active key" rule holds across processes, and the collection is exact.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, DapClient, newTaskFiles } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { freePort } from '../support/ports.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { newStoreUrl } from './backend.js';
import { PG_MISSING } from './pg-cluster.js';
import { postUpload, tempDir } from './support.js';

const TP = 60;
const dir = tempDir('fleet-keys');
const running: ServeProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.stop();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function keys(
  data: string,
  ...args: string[]
): Promise<{ code: number | null; out: unknown }> {
  const r = await runMesh([
    'dap',
    'keys',
    ...args,
    '--data',
    data,
    '--role',
    'dap-leader',
    '--json',
  ]);
  return { code: r.code, out: JSON.parse(r.stdout || 'null') };
}

async function advertised(base: string): Promise<number[]> {
  const res = await fetch(`${base}/leader/hpke_config`);
  return m.decodeHpkeConfigList(new Uint8Array(await res.arrayBuffer())).map((c) => c.id);
}

/** Polls `f` until it holds (a refresh every 2 s; generous on a loaded machine). */
async function eventually(what: string, f: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await f()) return;
    await sleep(100);
  }
  throw new Error(`never: ${what}`);
}

describe.skipIf(PG_MISSING !== undefined)('HPKE key rotation across a Leader fleet', () => {
  it('a rotation through one Leader process reaches the other without a restart', async () => {
    const store = await newStoreUrl(true);
    if (store === undefined) throw new Error('no PostgreSQL store');
    const [l0, l1, hp] = [await freePort(), await freePort(), await freePort()];
    const files = newTaskFiles({
      task_info: 'ZmxlZXQta2V5cw',
      leader: `http://127.0.0.1:${String(l0)}/leader/`,
      helper: `http://127.0.0.1:${String(hp)}/helper/`,
      time_precision: TP,
      min_batch_size: 1,
      batch_mode: 'time_interval',
      vdaf: { type: 'Prio3Count' },
    });
    for (const r of ['leader', 'helper'] as const)
      writeFileSync(join(dir, `${r}.json`), JSON.stringify(files[r]), { mode: 0o600 });
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ dap: { minJobSize: 1, maxJobAgeMs: 20, tickMs: 20, leaseMs: 1500 } }),
    );
    const data = [join(dir, 'l0'), join(dir, 'l1')] as const;
    const serve = async (args: string[]) => {
      const p = await startServe(args);
      running.push(p);
      return p;
    };
    const common = ['--task', join(dir, 'leader.json'), '--config', join(dir, 'config.json')];
    const [p0, p1] = [
      await serve([
        '--role',
        'dap-leader',
        '--port',
        String(l0),
        '--data',
        data[0],
        '--store',
        store,
        ...common,
      ]),
      await serve([
        '--role',
        'dap-leader',
        '--port',
        String(l1),
        '--data',
        data[1],
        '--store',
        store,
        ...common,
      ]),
    ];
    await serve([
      ...['--role', 'dap-helper', '--port', String(hp), '--data', join(dir, 'h')],
      ...['--task', join(dir, 'helper.json')],
    ]);
    // Both processes opened the one database: one first key, shared.
    const [k1] = await advertised(p0.url);
    if (k1 === undefined) throw new Error('no key');
    expect(await advertised(p1.url)).toEqual([k1]);

    const time = Math.floor(Date.now() / 1000 / TP) * TP - 4 * TP;
    const upload = async (base: string, client: DapClient, n: number) => {
      const reports = await Promise.all(
        Array.from({ length: n }, () => client.prepare({ measurement: 1, timeSeconds: time })),
      );
      const res = await postUpload(
        `${base}/leader/tasks/${files.client.task_id}/reports`,
        m.encodeUploadRequest(reports),
      );
      expect(res.status).toBe(200);
      return res.errors.map((e) => e.error);
    };
    let accepted = 0;
    const old = new DapClient(files.client); // caches k1
    expect(await upload(p1.url, old, 2)).toEqual([]);
    accepted += 2;

    // Rotation through process 0 only.
    const added = await keys(data[0], 'add');
    expect(added.code).toBe(0);
    const k2 = (added.out as { id: number }).id;
    expect((await keys(data[0], 'activate', String(k2))).code).toBe(0);
    const fresh = new DapClient(files.client); // fetches from process 0: k2 first
    expect((await fresh.hpkeConfig('leader')).id).toBe(k2);
    // Process 1 takes a report sealed to k2 at once (a config id it does not know is re-read).
    expect(await upload(p1.url, fresh, 3)).toEqual([]);
    accepted += 3;
    await eventually('process 1 advertises k2', async () => (await advertised(p1.url))[0] === k2);

    expect((await keys(data[0], 'expire', String(k1))).code).toBe(0);
    // Process 1 stops taking k1 within its refresh time: outdated_config, nothing stored.
    await eventually('process 1 refuses k1', async () => {
      const errors = await upload(p1.url, old, 1);
      if (errors.length === 0) accepted += 1;
      return errors.includes('outdated_config');
    });
    // The last active key cannot be expired through the other process either.
    const last = await keys(data[1], 'expire', String(k2));
    expect(last.code).toBe(1);
    expect(last.out).toMatchObject({ error: { code: 'key_rotation_refused' } });
    expect(await upload(p0.url, fresh, 2)).toEqual([]);
    accepted += 2;

    const c = await collect(
      files.collector,
      { interval: { start: time / TP, duration: 1 } },
      { timeoutMs: 60_000 },
    );
    expect(c.reportCount).toBe(accepted);
    expect(c.aggregate).toBe(accepted);
  }, 180_000);
});
