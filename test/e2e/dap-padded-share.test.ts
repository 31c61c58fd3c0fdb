// The padded-Helper-ciphertext attack through real `mesh serve` processes (docs/dap.md "Limits"):
// an anonymous client pads its Helper ciphertext past the Helper's body limit; the Leader refuses
// it at upload, and a Helper that accepts less than the Leader was told makes jobs split, not stall.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DapClient, messages as m, type ClientTaskFile } from '../../dap/index.js';
import { freePort } from '../../node/demo/ports.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { tempDir } from '../dap/support.js';

const TP = 60;
const HONEST = [1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1];
const running: ServeProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
});

interface Mesh {
  dir: string;
  client: ClientTaskFile;
  leader: ServeProcess;
  /** SIGKILLs the Leader and starts it again on its port and store. */
  restartLeader: () => Promise<ServeProcess>;
}

/** A Count task and its two Aggregators; `helperLimit` is the Helper's real body limit. */
async function mesh(name: string, helperLimit: number, leaderDap: object): Promise<Mesh> {
  const dir = tempDir(name);
  const [lp, hp] = [await freePort(), await freePort()];
  const made = await runMesh([
    'dap',
    'task',
    'new',
    '--vdaf',
    'Prio3Count',
    '--min-batch-size',
    String(HONEST.length),
    '--time-precision',
    String(TP),
    '--leader',
    `http://127.0.0.1:${lp}/leader/`,
    '--helper',
    `http://127.0.0.1:${hp}/helper/`,
    '--out-dir',
    dir,
  ]);
  expect(made.code, made.stderr).toBe(0);
  const config = (role: string, dap: object) => {
    const f = join(dir, `${role}-config.json`);
    writeFileSync(f, JSON.stringify({ dap }));
    return f;
  };
  const serve = async (role: 'leader' | 'helper', port: number, dap: object) => {
    const p = await startServe([
      '--role',
      `dap-${role}`,
      '--port',
      String(port),
      '--data',
      join(dir, role),
      '--config',
      config(role, dap),
      '--task',
      join(dir, `${role}.json`),
    ]);
    running.push(p);
    return p;
  };
  const leaderConfig = { minJobSize: 100, maxJobAgeMs: 300, tickMs: 20, ...leaderDap };
  let leader = await serve('leader', lp, leaderConfig);
  await serve('helper', hp, { maxBodyBytes: helperLimit });
  const client = JSON.parse(readFileSync(join(dir, 'client.json'), 'utf8')) as ClientTaskFile;
  const restartLeader = async () => {
    await leader.kill();
    leader = await serve('leader', lp, leaderConfig);
    return leader;
  };
  return { dir, client, leader, restartLeader };
}

async function collectInterval(dir: string, now: number) {
  const start = (Math.floor(now / TP) - 1) * TP;
  const r = await runMesh(
    [
      'dap',
      'collect',
      '--task',
      join(dir, 'collector.json'),
      '--interval',
      `${start},${3 * TP}`,
      '--json',
    ],
    { timeoutMs: 90_000 },
  );
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { aggregate: unknown; report_count: number };
}

const want = HONEST.reduce((a, b) => a + b, 0);

describe('padded Helper ciphertexts', () => {
  it('are refused at upload and the honest reports are collected exactly', async () => {
    const { dir, client, leader } = await mesh('padded', 1 << 20, { peerMaxBodyBytes: 1 << 20 });
    const now = Math.floor(Date.now() / 1000);
    const c = new DapClient(client);
    const honest = await Promise.all(
      HONEST.map((x) => c.prepare({ measurement: x, timeSeconds: now })),
    );
    // Three reports whose Leader share is valid and whose Helper ciphertext carries 400 KB more.
    const padded = await Promise.all(
      [1, 1, 1].map(async (x) => {
        const r = await c.prepare({ measurement: x, timeSeconds: now });
        const h = r.helperEncryptedInputShare;
        const payload = new Uint8Array(h.payload.length + 400_000);
        payload.set(h.payload);
        return { ...r, helperEncryptedInputShare: { ...h, payload } };
      }),
    );
    const res = await fetch(`${client.task.leader}tasks/${client.task_id}/reports`, {
      method: 'POST',
      headers: { 'content-type': m.MediaType.uploadReq },
      body: m.encodeUploadRequest([...padded, ...honest]),
    });
    expect(res.status).toBe(200);
    const errors = m.decodeUploadErrors(new Uint8Array(await res.arrayBuffer()));
    expect(errors.map((e) => e.error)).toEqual([
      'invalid_message',
      'invalid_message',
      'invalid_message',
    ]);
    const got = await collectInterval(dir, now);
    expect(got).toMatchObject({ aggregate: want, report_count: HONEST.length });
    const metrics = await (await fetch(`${leader.url}/metrics`)).text();
    expect(metrics).toMatch(
      /mesh_dap_uploads_total\{[^}]*outcome="refused"[^}]*reason="invalid_message"[^}]*\} 3/,
    );
  }, 180_000);

  it('a Helper accepting less than the Leader was told: jobs split on 413 and nothing stalls', async () => {
    // The Helper takes 1 KiB bodies; the Leader believes 1 MiB, so its first job is refused whole.
    const { dir, client, restartLeader } = await mesh('split', 1024, {
      peerMaxBodyBytes: 1 << 20,
    });
    const now = Math.floor(Date.now() / 1000);
    const up = await new DapClient(client).upload(
      HONEST.map((x) => ({ measurement: x, timeSeconds: now })),
    );
    expect(up).toEqual({ accepted: HONEST.length, rejected: [] });
    // Killed while its first, too large, job is stored or in flight: the restarted Leader goes on.
    await new Promise((r) => setTimeout(r, 400));
    const leader = await restartLeader();
    const got = await collectInterval(dir, now);
    expect(got).toMatchObject({ aggregate: want, report_count: HONEST.length });
    const metrics = await (await fetch(`${leader.url}/metrics`)).text();
    expect(metrics).toMatch(/mesh_dap_aggregation_jobs_total\{[^}]*outcome="split"[^}]*\} [1-9]/);
  }, 180_000);
});
