// DAP-18 end to end in one process: real hono servers, real level stores, real HPKE and Prio3.
import { afterEach, describe, expect, it } from 'vitest';
import {
  collect,
  DapClient,
  mountHelper,
  mountLeader,
  type AggregatorServer,
  type TaskParamsJson,
} from '../../dap/index.js';
import {
  listen,
  newTaskFiles,
  taskParams,
  tempDir,
  writeTaskFiles,
  type Listening,
} from './support.js';

const FAST = { minJobSize: 1, maxJobAgeMs: 20, tickMs: 20 };

interface Mesh {
  files: ReturnType<typeof newTaskFiles>;
  close(): Promise<void>;
}

const open: Mesh[] = [];
afterEach(async () => {
  for (const m of open.splice(0)) await m.close();
});

async function mesh(over: Partial<TaskParamsJson>): Promise<Mesh> {
  const l: Listening = await listen();
  const h: Listening = await listen();
  const files = newTaskFiles(taskParams(l.url, h.url, over));
  const paths = writeTaskFiles(tempDir('task'), files);
  const servers: AggregatorServer[] = [
    await mountLeader(l.app, {
      dataDir: tempDir('leader'),
      taskFiles: [paths.leader],
      prefix: '/leader',
      options: FAST,
      onError: (e) => {
        console.error(e);
      },
    }),
    await mountHelper(h.app, {
      dataDir: tempDir('helper'),
      taskFiles: [paths.helper],
      prefix: '/helper',
      onError: (e) => {
        console.error(e);
      },
    }),
  ];
  const m = {
    files,
    async close() {
      for (const s of servers) await s.close();
      await l.close();
      await h.close();
    },
  };
  open.push(m);
  return m;
}

const now = () => Math.floor(Date.now() / 1000);

describe('in-process DAP', () => {
  it('collects an exact Prio3Count sum over a time interval', async () => {
    const m = await mesh({ min_batch_size: 5 });
    const client = new DapClient(m.files.client);
    const t = now();
    const ms = [1, 0, 1, 1, 0, 1, 1];
    const r = await client.upload(ms.map((measurement) => ({ measurement, timeSeconds: t })));
    expect(r).toEqual({ accepted: 7, rejected: [] });
    const start = Math.floor(t / 60) - 1;
    const c = await collect(
      m.files.collector,
      { interval: { start, duration: 3 } },
      { timeoutMs: 20_000 },
    );
    expect(c.aggregate).toBe(5);
    expect(c.reportCount).toBe(7);
  });

  it('collects Prio3SumVec in leader-selected mode, then the next batch', async () => {
    const m = await mesh({
      batch_mode: 'leader_selected',
      min_batch_size: 3,
      vdaf: { type: 'Prio3SumVec', length: 4, max_measurement: 3 },
    });
    const client = new DapClient(m.files.client);
    const first = [
      [1, 2, 3, 0],
      [3, 3, 3, 3],
      [0, 0, 1, 0],
    ];
    expect(
      (await client.upload(first.map((measurement) => ({ measurement, timeSeconds: now() }))))
        .accepted,
    ).toBe(3);
    const c1 = await collect(m.files.collector, { next: true }, { timeoutMs: 20_000 });
    expect(c1.aggregate).toEqual([4, 5, 7, 3]);
    expect(c1.reportCount).toBe(3);
    const second = [
      [1, 1, 1, 1],
      [2, 0, 0, 0],
      [0, 0, 0, 2],
      [1, 0, 0, 0],
    ];
    await client.upload(second.map((measurement) => ({ measurement, timeSeconds: now() })));
    const c2 = await collect(m.files.collector, { next: true }, { timeoutMs: 20_000 });
    expect(c2.aggregate).toEqual([4, 1, 1, 3]);
    expect(c2.reportCount).toBe(4);
  });
});
