// The DAP interop test API keeps what add_task and collection_start created across a crash: real
// `mesh serve --interop` Leader and Helper processes are SIGKILLed right after add_task answered and
// restarted; uploads and collections then go on through /internal/test/* only, the collector's
// handle of a collection started before the kill completes, and every result is exact.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/ports.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { addInteropTask, b64, call, ok } from './interop-calls.js';
import { tempDir } from './support.js';

const TP = 60;
const dir = tempDir('interop-restart');
const running: ServeProcess[] = [];

afterAll(async () => {
  for (const p of running) await p.stop();
});

async function poll(base: string, handle: unknown): Promise<Record<string, unknown>> {
  for (;;) {
    const r = await call(base, 'collection_poll', { handle });
    if (r.status !== 'in progress') return r;
    await new Promise((res) => setTimeout(res, 200));
  }
}

describe('DAP interop test API across SIGKILL and restart', () => {
  it('serves stored tasks and collector handles again after a crash', async () => {
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ dap: { minJobSize: 1, maxJobAgeMs: 50, tickMs: 20 } }));
    const [lp, hp] = [await freePort(), await freePort()];
    const start = async (role: 'leader' | 'helper') => {
      const p = await startServe([
        ...['--role', `dap-${role}`, '--port', String(role === 'leader' ? lp : hp)],
        ...['--data', join(dir, role), '--interop', '--config', config],
      ]);
      running.push(p);
      return p;
    };
    let [leader, helper] = await Promise.all([start('leader'), start('helper')]);
    const [l, h] = [leader.url, helper.url];
    const now = Math.floor(Date.now() / 1000);

    const addTask = async (batchMode: number, minBatch: number) => {
      const taskId = b64(32);
      const task = {
        task_id: taskId,
        leader: `${l}/leader/`,
        helper: `${h}/helper/`,
        vdaf: { type: 'Prio3Sum', max_measurement: '100' },
        batch_mode: batchMode,
        min_batch_size: minBatch,
        time_precision: TP,
      };
      const { aggregator, collectorToken } = await addInteropTask(l, h, task);
      return { task, aggregator, collectorToken };
    };
    const upload = async (task: object, ms: number[]) => {
      for (const m of ms) await ok(h, 'upload', { ...task, measurement: String(m), time: now });
    };

    // A: time_interval, two reports before the crash. B: leader_selected, its collection is
    // started before the crash and can only complete once reports uploaded after it arrive.
    const a = await addTask(1, 1);
    await upload(a.task, [7, 30]);
    const b = await addTask(2, 4);
    await upload(b.task, [1, 2]);
    const { handle: handleB } = await ok(h, 'collection_start', {
      task_id: b.task.task_id,
      agg_param: '',
      query: { type: 2 },
    });
    expect(await call(h, 'collection_poll', { handle: handleB })).toEqual({
      status: 'in progress',
    });
    // C: added right before the kill; add_task answered, so it must be there after the restart.
    const c = await addTask(1, 1);
    await Promise.all([leader.kill(), helper.kill()]);
    [leader, helper] = await Promise.all([start('leader'), start('helper')]);
    expect([leader.url, helper.url]).toEqual([l, h]);

    // Stored tasks are refused as duplicates, exactly as before the restart.
    for (const t of [a, b, c]) {
      const again = await call(l, 'add_task', {
        ...t.aggregator,
        role: 'leader',
        collector_authentication_token: t.collectorToken,
      });
      expect(again.status).toBe('error');
      expect(String(again.error)).toMatch(/already exists/);
      const collectorAgain = await call(h, 'add_task', {
        ...t.task,
        collector_authentication_token: t.collectorToken,
      });
      expect(collectorAgain).toMatchObject({ status: 'error' });
    }

    await upload(a.task, [13]);
    await upload(b.task, [40, 50]);
    await upload(c.task, [100, 0, 5]);
    const start0 = (Math.floor(now / TP) - 1) * TP;
    const interval = { type: 1, batch_interval_start: start0, batch_interval_duration: 3 * TP };
    for (const [t, count, want] of [
      [a, 3, '50'],
      [c, 3, '105'],
    ] as const) {
      const { handle } = await ok(h, 'collection_start', {
        task_id: t.task.task_id,
        agg_param: '',
        query: interval,
      });
      expect(await poll(h, handle)).toMatchObject({
        status: 'complete',
        report_count: count,
        result: want,
      });
    }
    // The handle from before the crash resumes its collection and completes.
    expect(await poll(h, handleB)).toMatchObject({
      status: 'complete',
      report_count: 4,
      result: '93',
    });

    // A completed handle is answered from the store after another crash, without the Leader.
    await Promise.all([leader.kill(), helper.kill()]);
    helper = await start('helper');
    expect(await call(helper.url, 'collection_poll', { handle: handleB })).toMatchObject({
      status: 'complete',
      report_count: 4,
      result: '93',
    });
  }, 240_000);
});
