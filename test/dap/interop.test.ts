// The DAP interop test API (janus' DAP-18 dialect of draft-dcook-ppm-dap-interop-test-design): a full
// run for Count, Sum, SumVec and Histogram in both batch modes driven only through /internal/test/*
// on real `mesh serve --interop` processes; without --interop those paths do not exist.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTaskFiles } from '../../dap/index.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { addInteropTask, b64, call, ok } from './interop-calls.js';
import { tempDir } from './support.js';

const TP = 60;
const CASES = [
  { vdaf: { type: 'Prio3Count' }, ms: ['1', '0', '1', '1'], want: '3' },
  { vdaf: { type: 'Prio3Sum', max_measurement: '100' }, ms: ['7', '100', '0', '13'], want: '120' },
  {
    vdaf: { type: 'Prio3SumVec', length: '3', max_measurement: '2', chunk_length: '2' },
    ms: [
      ['1', '2', '0'],
      ['2', '2', '2'],
      ['0', '0', '1'],
    ],
    want: ['3', '4', '3'],
  },
  {
    vdaf: { type: 'Prio3Histogram', length: '4', chunk_length: '2' },
    ms: ['0', '3', '3', '1'],
    want: ['1', '1', '0', '2'],
  },
];

const dir = tempDir('interop');
let leader: ServeProcess | undefined;
let helper: ServeProcess | undefined;
let plain: ServeProcess | undefined;

beforeAll(async () => {
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify({ dap: { minJobSize: 1, maxJobAgeMs: 50, tickMs: 20 } }));
  const common = ['--interop', '--config', config];
  [leader, helper] = await Promise.all([
    startServe(['--role', 'dap-leader', '--data', join(dir, 'l'), ...common]),
    startServe(['--role', 'dap-helper', '--data', join(dir, 'h'), ...common]),
  ]);
  const files = newTaskFiles({
    task_info: 'dA',
    leader: 'http://127.0.0.1:1/leader/',
    helper: 'http://127.0.0.1:1/helper/',
    time_precision: TP,
    min_batch_size: 1,
    batch_mode: 'time_interval',
    vdaf: { type: 'Prio3Count' },
  });
  writeFileSync(join(dir, 'helper.json'), JSON.stringify(files.helper), { mode: 0o600 });
  plain = await startServe(
    ['--role', 'dap-helper', '--data', join(dir, 'p')].concat(['--task', join(dir, 'helper.json')]),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([leader?.stop(), helper?.stop(), plain?.stop()]);
});

describe('DAP interop test API over mesh serve --interop', () => {
  it('runs every VDAF in both batch modes through /internal/test/* only', async () => {
    const [l, h] = [leader?.url ?? '', helper?.url ?? ''];
    expect(await call(l, 'ready', {})).toEqual({});
    expect(await call(h, 'ready', {})).toEqual({});
    const now = Math.floor(Date.now() / 1000);
    const runs = [1, 2].flatMap((batchMode) =>
      CASES.map(async (c) => {
        const taskId = b64(32);
        const le = await ok(l, 'endpoint_for_task', { task_id: taskId, role: 'leader' });
        const he = await ok(h, 'endpoint_for_task', { task_id: taskId, role: 'helper' });
        const task = {
          task_id: taskId,
          leader: `${l}${String(le.endpoint)}`,
          helper: `${h}${String(he.endpoint)}`,
          vdaf: c.vdaf,
          batch_mode: batchMode,
          min_batch_size: c.ms.length,
          time_precision: TP,
        };
        // The collector and the client are played by the Helper's process, the Leader by its own.
        await addInteropTask(l, h, task);
        for (const m of c.ms) await ok(h, 'upload', { ...task, measurement: m, time: now });
        const start = (Math.floor(now / TP) - 1) * TP;
        const query =
          batchMode === 1
            ? { type: 1, batch_interval_start: start, batch_interval_duration: 3 * TP }
            : { type: 2 };
        const { handle } = await ok(h, 'collection_start', {
          task_id: taskId,
          agg_param: '',
          query,
        });
        for (;;) {
          const r = await call(h, 'collection_poll', { handle });
          if (r.status === 'in progress') {
            await new Promise((res) => setTimeout(res, 200));
            continue;
          }
          expect(r, `${c.vdaf.type}/${batchMode}: ${String(r.error)}`).toMatchObject({
            status: 'complete',
            report_count: c.ms.length,
            result: c.want,
          });
          if (batchMode === 1) expect(r.interval_duration).toBeGreaterThan(0);
          break;
        }
      }),
    );
    await Promise.all(runs);
  }, 240_000);

  it('answers errors as {"status": "error"} and refuses a role the process does not serve', async () => {
    const l = leader?.url ?? '';
    const r = await call(l, 'add_task', { role: 'helper', task_id: b64(32) });
    expect(r.status).toBe('error');
    expect(await call(l, 'endpoint_for_task', { role: 'helper' })).toMatchObject({
      status: 'error',
    });
    expect(await call(l, 'collection_poll', { handle: 'nope' })).toMatchObject({ status: 'error' });
    const bad = await fetch(`${l}/internal/test/upload`, { method: 'POST', body: '{' });
    expect(await bad.json()).toMatchObject({ status: 'error' });
  });

  it('has no /internal/test/* without --interop', async () => {
    const p = plain?.url ?? '';
    for (const path of ['ready', 'add_task', 'endpoint_for_task', 'upload', 'collection_start']) {
      const res = await fetch(`${p}/internal/test/${path}`, { method: 'POST', body: '{}' });
      expect(res.status, path).toBe(404);
    }
    expect((await fetch(`${p}/helper/hpke_config`)).status).toBe(200);
  });
});
