// The collector role killed (SIGKILL) at random instants while batches arrive (docs/dap.md "The
// collector role"): every batch ends up in exactly one proposal, none lost and none counted twice.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DapClient, type ClientTaskFile } from '../../dap/index.js';
import { CRASH_ROUNDS } from '../support/env.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { tempDir } from '../dap/support.js';
import { dapEndpoints, newDapTask, startAggregators } from './reporting-mesh.js';

const services: ServeProcess[] = [];
let collector: ServeProcess | undefined;
afterAll(async () => {
  await collector?.stop();
  await Promise.all(services.map((s) => s.stop()));
});

const PER_ROUND = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proposal {
  signed: { aggregate: { report_count: number; hits: number[] } };
}

describe('collector crash safety', () => {
  it(`no batch lost and none counted twice over ${CRASH_ROUNDS} SIGKILLs`, async () => {
    const dir = tempDir('collector-crash');
    const dap = await dapEndpoints();
    const task = join(dir, 'task');
    await newDapTask(task, {
      // One rule: hit, false-positive mark, approval, rejection, then one tier slot.
      length: 5,
      minBatchSize: PER_ROUND,
      batchMode: 'leader_selected',
      timePrecision: 60,
      leader: dap.leader,
      helper: dap.helper,
    });
    const key = join(dir, 'collector.key');
    expect((await runMesh(['keys', 'new', '--role', 'collector', '--out', key])).code).toBe(0);
    const pack = join(dir, 'pack.json');
    writeFileSync(pack, JSON.stringify({ name: 'p', catalog: ['r1'] }));
    const config = join(dir, 'collector-config.json');
    writeFileSync(config, JSON.stringify({ collector: { pack, key, pollSeconds: 0.2 } }));
    services.push(...(await startAggregators(dir, task, dap)));
    const data = join(dir, 'c');
    const start = () =>
      startServe([
        '--role',
        'collector',
        '--task',
        join(task, 'collector.json'),
        '--config',
        config,
        '--data',
        data,
      ]);
    const client = new DapClient(
      JSON.parse(readFileSync(join(task, 'client.json'), 'utf8')) as ClientTaskFile,
    );

    collector = await start();
    for (let round = 0; round < CRASH_ROUNDS; round++) {
      const up = await client.upload(
        Array.from({ length: PER_ROUND }, () => ({
          measurement: [1, 0, 0, 0, 1],
          timeSeconds: Math.floor(Date.now() / 1000),
        })),
      );
      expect(up.accepted).toBe(PER_ROUND);
      // Somewhere while the batch is aggregated, collected, recorded or deleted.
      await sleep(Math.floor(Math.random() * 1500));
      await collector.kill();
      collector = await start();
    }

    const total = CRASH_ROUNDS * PER_ROUND;
    const counted = async () => {
      const list = (await (
        await fetch(`${collector?.url}/collector/proposals`)
      ).json()) as Proposal[];
      return {
        n: list.length,
        reports: list.reduce((a, p) => a + p.signed.aggregate.report_count, 0),
        hits: list.reduce((a, p) => a + (p.signed.aggregate.hits[0] ?? 0), 0),
      };
    };
    let got = await counted();
    for (let i = 0; i < 240 && got.reports < total; i++) {
      await sleep(500);
      got = await counted();
    }
    // A few more polls: nothing is recorded twice after the last batch.
    await sleep(1500);
    got = await counted();
    expect(got.reports).toBe(total);
    expect(got.hits).toBe(total);
    expect(got.n).toBeGreaterThan(0);
    expect(got.n).toBeLessThanOrEqual(CRASH_ROUNDS);
  }, 600_000);
});
