// Crash suite: SIGKILL the Leader or the Helper (`mesh serve` processes) at random points while reports
// upload and aggregate, restart them on the same data, then check that the collected aggregate is
// exactly the sum of the reports the Leader accepted: none lost, none aggregated twice.
import { afterAll, describe, expect, it } from 'vitest';
import { collect, DapClient, newTaskFiles } from '../../dap/index.js';
import * as m from '../../dap/messages/index.js';
import { CRASH_ROUNDS } from '../support/env.js';
import { freePort } from '../support/ports.js';
import type { ServeProcess } from '../support/serve-process.js';
import { pairArgs, restartServe, startPair } from './aggregator-pair.js';
import { pairStores } from './backend.js';
import { postUpload, taskParams, tempDir, writeTaskFiles } from './support.js';

const dir = tempDir('crash');
const running: ServeProcess[] = [];
afterAll(async () => {
  for (const p of running) await p.kill();
});

/** Reads shared flags afresh. */
const now = <T>(x: T): T => x;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('crash suite', () => {
  it(
    `keeps the aggregate exact over ${CRASH_ROUNDS} SIGKILL rounds`,
    async () => {
      const [lp, hp] = [await freePort(), await freePort()];
      const files = newTaskFiles(
        taskParams(`http://127.0.0.1:${lp}`, `http://127.0.0.1:${hp}`, {
          min_batch_size: 1,
          vdaf: { type: 'Prio3Sum', max_measurement: 7 },
        }),
      );
      const paths = writeTaskFiles(dir, files);
      const args = pairArgs({
        dir,
        ports: { leader: lp, helper: hp },
        tasks: { leader: [paths.leader], helper: [paths.helper] },
        leaderDap: { minJobSize: 3, maxJobAgeMs: 30, tickMs: 10, peerTimeoutMs: 2000 },
        stores: await pairStores(),
      });
      const procs = await startPair(args);
      running.push(procs.leader, procs.helper);

      const client = new DapClient(files.client);
      await client.hpkeConfig('leader');
      await client.hpkeConfig('helper');
      const t = Math.floor(Date.now() / 1000);
      let expectedSum = 0;
      let accepted = 0;
      const flags = { stop: false, paused: false };
      const url = `${files.client.task.leader}tasks/${files.client.task_id}/reports`;

      // Uploads run throughout; a request cut by a kill is resent with the same bytes until answered.
      const uploader = (async () => {
        while (!flags.stop) {
          if (flags.paused) {
            await sleep(20);
            continue;
          }
          const ms = Array.from({ length: 4 }, () => Math.floor(Math.random() * 8));
          const reports = await Promise.all(
            ms.map((measurement) => client.prepare({ measurement, timeSeconds: t })),
          );
          const body = m.encodeUploadRequest(reports);
          for (;;) {
            try {
              const res = await postUpload(url, body);
              if (res.status !== 200) throw new Error(`status ${res.status}`);
              const errors = new Map(
                res.errors.map((e) => [Buffer.from(e.reportId).toString('hex'), e.error]),
              );
              reports.forEach((r, i) => {
                const e = errors.get(Buffer.from(r.metadata.reportId).toString('hex'));
                // report_replayed on a resend means the cut request had stored it.
                if (e === undefined || e === 'report_replayed') {
                  accepted++;
                  expectedSum += ms[i] ?? 0;
                }
              });
              break;
            } catch {
              // The flags change while this loop awaits, which flow analysis cannot see.
              if (now(flags).stop) return;
              do await sleep(50);
              while (now(flags).paused);
            }
          }
        }
      })();

      for (let round = 0; round < CRASH_ROUNDS; round++) {
        await sleep(100 + Math.random() * 400);
        const victim = round % 2 === 0 ? 'leader' : 'helper';
        await procs[victim].kill();
        await sleep(Math.random() * 200);
        flags.paused = true;
        procs[victim] = await restartServe(args[victim]);
        flags.paused = false;
        running.push(procs[victim]);
      }
      flags.stop = true;
      await uploader;
      expect(accepted).toBeGreaterThan(0);

      const c = await collect(
        files.collector,
        { interval: { start: Math.floor(t / 60) - 1, duration: 3 } },
        { timeoutMs: 60_000 },
      );
      expect(c.reportCount).toBe(accepted);
      expect(c.aggregate).toBe(expectedSum);
    },
    60_000 + CRASH_ROUNDS * 15_000,
  );
});
