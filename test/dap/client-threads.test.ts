// DAP-18 §4.4.2 Client with preparing threads. `mesh dap submit --measurements` as a user runs it
// (the one-file CLI bundle) shards and seals a large file on a worker thread as well as the calling
// one, and every report reaches a real Leader and Helper and is collected exactly; from the TypeScript
// sources, a measurement refused on a thread fails the upload with vdaf_failed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DapClient } from '../../dap/index.js';
import { DapError } from '../../dap/errors.js';
import { runMesh } from '../support/run-mesh.js';
import { harness, type Harness } from './harness.js';
import { collectTicking } from './requests.js';
import { tempDir, writeTaskFiles } from './support.js';

const N = 450;
let h: Harness;

beforeAll(async () => {
  h = await harness({ min_batch_size: N });
});
afterAll(async () => {
  await h.close();
});

it('fails with vdaf_failed when a thread is given a measurement the VDAF refuses', async () => {
  const client = new DapClient(h.files.client);
  client.prepareThreads = 1;
  // a start expression that declines (no bundle): the thread loads its modules
  client.prepareThreadStart = 'false';
  const t = Math.floor(Date.now() / 1000) - 2 * 86_400;
  // The calling thread takes the first chunk, the thread the second: the bad one is on the thread.
  const subs = Array.from({ length: N }, (_, i) => ({
    measurement: i === 150 ? 7 : 1,
    timeSeconds: t,
  }));
  const err = await client.upload(subs).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DapError);
  expect((err as DapError).code).toBe('vdaf_failed');
}, 60_000);

it('submits a measurements file prepared on two threads; the aggregate is exact', async () => {
  const dir = tempDir('submit-threads');
  const { client } = writeTaskFiles(dir, h.files);
  const values = Array.from({ length: N }, (_, i) => (i % 4 === 0 ? 1 : 0));
  const file = join(dir, 'm.jsonl');
  writeFileSync(file, values.map(String).join('\n') + '\n');
  const t = Math.floor(Date.now() / 1000) - 86_400;
  const args = ['dap', 'submit', '--task', client, '--measurements', file, '--time', String(t)];
  const run = await runMesh([...args, '--json'], { timeoutMs: 60_000 });
  expect(run.code, run.stderr + run.stdout).toBe(0);
  expect(run.stderr).toContain(`uploading ${N} report(s)`);
  // The bench machine and CI have two cores or more: one thread beside the calling one.
  expect(run.stderr).toMatch(/prepared on \d+ threads/);
  expect(JSON.parse(run.stdout)).toMatchObject({ accepted: N, rejected: [] });
  const c = await collectTicking(h, { start: Math.floor(t / 60) - 1, duration: 3 });
  expect([c.aggregate, c.reportCount]).toEqual([values.filter((v) => v === 1).length, N]);
}, 60_000);
