// A fleet over PostgreSQL: two Leader and two Helper `mesh serve` processes share one database per
// role behind a front that sends each request to a live process (as an operator's load balancer
// does). One process at a time is SIGKILLed at random instants over CRASH_ROUNDS rounds while
// reports upload; then one Leader and one Helper stay down and the collection must still finish
// with every accepted report counted exactly once.
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { collect, newTaskFiles } from '../../dap/index.js';
import { CRASH_ROUNDS } from '../support/env.js';
import { freePort } from '../support/ports.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { newStoreUrl } from './backend.js';
import { PG_MISSING } from './pg-cluster.js';
import { startFront } from './front.js';
import { startUploader } from './fleet-uploader.js';
import { taskParams, tempDir, writeTaskFiles, type Listening } from './support.js';

const dir = tempDir('fleet');
const running: ServeProcess[] = [];
const fronts: Listening[] = [];
afterAll(async () => {
  for (const p of running) await p.kill();
  for (const f of fronts) await f.close();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function front(backends: () => (number | undefined)[]): Promise<Listening> {
  const f = await startFront(backends);
  fronts.push(f);
  return f;
}

describe.skipIf(PG_MISSING !== undefined)('aggregator fleet on PostgreSQL', () => {
  it(
    `two Leaders and two Helpers: exact aggregate over ${String(CRASH_ROUNDS)} SIGKILL rounds`,
    async () => {
      const [leaderStore, helperStore] = [await newPgUrl(), await newPgUrl()];
      const ports = {
        leader: [await freePort(), await freePort()],
        helper: [await freePort(), await freePort()],
      };
      const up = { leader: [true, true], helper: [true, true] };
      const live = (r: 'leader' | 'helper') => () =>
        ports[r].map((p, i) => (up[r][i] ? p : undefined));
      const lf = await front(live('leader'));
      const hf = await front(live('helper'));
      const files = newTaskFiles(
        taskParams(lf.url, hf.url, {
          min_batch_size: 1,
          vdaf: { type: 'Prio3Sum', max_measurement: 7 },
        }),
      );
      const paths = writeTaskFiles(dir, files);
      const config = `${dir}/config.json`;
      writeFileSync(
        config,
        JSON.stringify({
          dap: { minJobSize: 3, maxJobAgeMs: 30, tickMs: 10, peerTimeoutMs: 2000, leaseMs: 1500 },
        }),
      );
      const argsOf = (r: 'leader' | 'helper', i: number): string[] => [
        ...[
          '--role',
          `dap-${r}`,
          '--port',
          String(ports[r][i]),
          '--data',
          `${dir}/${r}${String(i)}`,
        ],
        ...['--store', r === 'leader' ? leaderStore : helperStore, '--task', paths[r]],
        ...(r === 'leader' ? ['--config', config] : []),
      ];
      const procs: Record<'leader' | 'helper', ServeProcess[]> = { leader: [], helper: [] };
      for (const r of ['leader', 'helper'] as const)
        for (const i of [0, 1]) {
          const p = await startServe(argsOf(r, i));
          procs[r][i] = p;
          running.push(p);
        }

      const t = Math.floor(Date.now() / 1000);
      const uploader = startUploader(files, t);

      for (let round = 0; round < CRASH_ROUNDS; round++) {
        await sleep(100 + Math.random() * 400);
        const r = round % 2 === 0 ? 'leader' : 'helper';
        const i = Math.floor(Math.random() * 2);
        up[r][i] = false;
        await procs[r][i]?.kill();
        await sleep(Math.random() * 300);
        const p = await startServe(argsOf(r, i));
        procs[r][i] = p;
        running.push(p);
        up[r][i] = true;
      }
      const { accepted, expectedSum } = await uploader.stop();
      expect(accepted).toBeGreaterThan(0);
      // One process of each role down for the collection: the other takes its leases over.
      up.leader[0] = false;
      await procs.leader[0]?.kill();
      up.helper[1] = false;
      await procs.helper[1]?.kill();
      const c = await collect(
        files.collector,
        { interval: { start: Math.floor(t / 60) - 1, duration: 3 } },
        { timeoutMs: 60_000 },
      );
      expect(c.reportCount).toBe(accepted);
      expect(c.aggregate).toBe(expectedSum);
    },
    90_000 + CRASH_ROUNDS * 15_000,
  );
});

async function newPgUrl(): Promise<string> {
  const u = await newStoreUrl(true);
  if (u === undefined) throw new Error('no PostgreSQL store');
  return u;
}
