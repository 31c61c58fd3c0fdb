// DAP-18 §4.4.1 live HPKE key rotation with `mesh dap keys` on running `mesh serve` Leader and Helper
// processes while reports upload: hpke_config advertises the new active set as soon as the command
// returns, a report sealed to an expired Leader key is refused with outdated_config and the client
// recovers, a report sealed to an expired Helper key no longer aggregates, and every collected
// aggregate is exact. With no server running the command changes the store directly.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, DapClient, newTaskFiles, type TaskFiles } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { freePort } from '../support/ports.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { tempDir } from './support.js';

const TP = 60;
const dir = tempDir('keys');
const running: ServeProcess[] = [];
let files: TaskFiles;
let leader: ServeProcess;
let helper: ServeProcess;

interface KeyJson {
  id: number;
  state: string;
  advertised: boolean;
}

async function keys(
  role: 'dap-leader' | 'dap-helper',
  ...args: string[]
): Promise<{ code: number | null; out: unknown; err: string }> {
  const data = join(dir, role === 'dap-leader' ? 'l' : 'h');
  const r = await runMesh(['dap', 'keys', ...args, '--data', data, '--role', role, '--json']);
  return { code: r.code, out: JSON.parse(r.stdout || 'null'), err: r.stderr + r.stdout };
}

async function advertised(url: string): Promise<number[]> {
  const res = await fetch(`${url}hpke_config`);
  return m.decodeHpkeConfigList(new Uint8Array(await res.arrayBuffer())).map((c) => c.id);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Uploads batches of Count(1) at `time` until stopped; counts what the Leader accepted. */
function uploader(client: DapClient, time: number) {
  const s = { accepted: 0, rejected: [] as string[], stopped: false };
  const loop = (async () => {
    while (!s.stopped) {
      const r = await client.upload([1, 1, 1].map((v) => ({ measurement: v, timeSeconds: time })));
      s.accepted += r.accepted;
      s.rejected.push(...r.rejected.map((x) => x.error));
      await sleep(10);
    }
  })();
  return {
    s,
    /** Resolves once at least `n` more reports were accepted. */
    async more(n: number) {
      const want = s.accepted + n;
      while (s.accepted < want) await sleep(20);
    },
    async stop() {
      s.stopped = true;
      await loop;
      return s;
    },
  };
}

async function startRole(role: 'leader' | 'helper', port: number): Promise<ServeProcess> {
  const config = join(dir, 'config.json');
  const p = await startServe([
    ...['--role', `dap-${role}`, '--port', String(port), '--data', join(dir, role[0] ?? '')],
    ...['--config', config, '--task', join(dir, `${role}.json`)],
  ]);
  running.push(p);
  return p;
}

beforeAll(async () => {
  const [lp, hp] = [await freePort(), await freePort()];
  files = newTaskFiles({
    task_info: 'a2V5cw',
    leader: `http://127.0.0.1:${lp}/leader/`,
    helper: `http://127.0.0.1:${hp}/helper/`,
    time_precision: TP,
    min_batch_size: 1,
    batch_mode: 'time_interval',
    vdaf: { type: 'Prio3Count' },
  });
  for (const r of ['leader', 'helper'] as const)
    writeFileSync(join(dir, `${r}.json`), JSON.stringify(files[r]), { mode: 0o600 });
  const cfg = { dap: { minJobSize: 1, maxJobAgeMs: 20, tickMs: 20 } };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(cfg));
  [leader, helper] = await Promise.all([startRole('leader', lp), startRole('helper', hp)]);
}, 60_000);

afterAll(async () => {
  for (const p of running) await p.stop();
});

describe('mesh dap keys: live HPKE key rotation on running Leader and Helper processes', () => {
  it('rotates both while reports upload; the collected aggregates are exact', async () => {
    const [lurl, hurl] = [files.client.task.leader, files.client.task.helper];
    const base = Math.floor(Date.now() / 1000 / TP) * TP;
    const [tA, tB] = [base - 10 * TP, base - 8 * TP];
    const [k1] = await advertised(lurl);
    const [h1] = await advertised(hurl);
    // Caches the Leader's k1 and the Helper's h1 now and uploads only after k1 expired.
    const pinned = new DapClient(files.client);
    expect((await pinned.hpkeConfig('leader')).id).toBe(k1);
    const clientA = new DapClient(files.client);
    const u1 = uploader(clientA, tA);
    await u1.more(3);

    // Leader: add (pending, not advertised), activate (both advertised, newest first), expire k1.
    const added = await keys('dap-leader', 'add');
    expect(added.code, added.err).toBe(0);
    const k2 = (added.out as { id: number }).id;
    expect(await advertised(lurl)).toEqual([k1]);
    const last = await keys('dap-leader', 'expire', String(k1));
    expect(last.code).toBe(1);
    expect(last.out).toMatchObject({ error: { code: 'key_rotation_refused' } });
    expect((await keys('dap-leader', 'activate', String(k2))).code).toBe(0);
    expect(await advertised(lurl)).toEqual([k2, k1]);
    await u1.more(3);
    expect((await keys('dap-leader', 'expire', String(k1))).code).toBe(0);
    expect(await advertised(lurl)).toEqual([k2]);
    const list = (await keys('dap-leader', 'list')).out as { keys: KeyJson[] };
    expect(list.keys.find((k) => k.id === k1)).toMatchObject({
      state: 'expired',
      advertised: false,
    });

    const stale = await pinned.prepare({ measurement: 1, timeSeconds: tA });
    expect(stale.leaderEncryptedInputShare.configId).toBe(k1);
    const res = await fetch(`${lurl}tasks/${files.client.task_id}/reports`, {
      method: 'POST',
      headers: { 'content-type': m.MediaType.uploadReq },
      body: m.encodeUploadRequest([stale]),
    });
    const errs = m.decodeUploadErrors(new Uint8Array(await res.arrayBuffer()));
    expect(errs.map((e) => e.error)).toEqual(['outdated_config']);
    // The client refetches hpke_config on outdated_config and retries.
    expect(await pinned.upload([{ measurement: 1, timeSeconds: tA }])).toEqual({
      accepted: 1,
      rejected: [],
    });
    await u1.more(3);
    expect((await clientA.hpkeConfig('leader')).id).toBe(k2);

    // Helper: a client caching h1 from now on, then add and activate h2 while uploads go on.
    const helperStale = new DapClient(files.client);
    expect((await helperStale.hpkeConfig('helper')).id).toBe(h1);
    await helperStale.hpkeConfig('leader');
    const hAdded = await keys('dap-helper', 'add');
    const h2 = (hAdded.out as { id: number }).id;
    expect(await advertised(hurl)).toEqual([h1]);
    expect((await keys('dap-helper', 'activate', String(h2))).code).toBe(0);
    expect(await advertised(hurl)).toEqual([h2, h1]);
    await u1.more(3);
    const a = await u1.stop();
    expect(a.rejected).toEqual([]);
    // Collecting A waits until the Leader aggregated every report of it, all sealed to h1.
    const cA = await collect(files.collector, { interval: { start: tA / TP, duration: 1 } });
    expect(cA.reportCount).toBe(a.accepted + 1);
    expect(cA.aggregate).toBe(a.accepted + 1);

    // Fresh clients take h2 (advertised first); once h1 expires a report sealed to it is lost.
    const clientB = new DapClient(files.client);
    expect((await clientB.hpkeConfig('helper')).id).toBe(h2);
    const u2 = uploader(clientB, tB);
    await u2.more(3);
    expect((await keys('dap-helper', 'expire', String(h1))).code).toBe(0);
    expect(await advertised(hurl)).toEqual([h2]);
    expect(await helperStale.upload([{ measurement: 1, timeSeconds: tB }])).toEqual({
      accepted: 1,
      rejected: [],
    });
    await u2.more(6);
    const b = await u2.stop();
    expect(b.rejected).toEqual([]);
    const cB = await collect(files.collector, { interval: { start: tB / TP, duration: 1 } });
    expect(cB.reportCount).toBe(b.accepted);
    expect(cB.aggregate).toBe(b.accepted);
    expect(leader.stderr()).not.toMatch(/internal error/);
    expect(helper.stderr()).not.toMatch(/internal error/);
  }, 240_000);

  it('changes the store directly when no server runs', async () => {
    await helper.stop();
    const before = (await keys('dap-helper', 'list')).out as { keys: KeyJson[] };
    const r = await runMesh([
      'dap',
      'keys',
      'add',
      '--data',
      join(dir, 'h'),
      '--role',
      'dap-helper',
    ]);
    expect(r.stdout).toMatch(/in the stopped server's store/);
    const after = (await keys('dap-helper', 'list')).out as { keys: KeyJson[] };
    expect(after.keys.length).toBe(before.keys.length + 1);
    expect(after.keys.filter((k) => k.state === 'pending')).toHaveLength(1);
  }, 60_000);

  it('refuses bad usage with exit 2', async () => {
    expect((await keys('dap-leader', 'activate', '999')).code).toBe(2);
    expect((await runMesh(['dap', 'keys', 'list', '--data', dir, '--role', 'mirror'])).code).toBe(
      2,
    );
  });
});
