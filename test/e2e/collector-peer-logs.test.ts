// Failed peer calls in the warn log (docs/dap.md "Metrics and health"), through real processes: a
// Leader whose Helper answers a DAP problem document (the Helper does not serve the task) and a
// collector whose Leader does the same each log one structured line per peer and answer, naming the
// peer URL, the problem type and status and what happens next, never a token, and held back within
// the window however often the call fails.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DapClient, type ClientTaskFile } from '../../dap/index.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { tempDir } from '../dap/support.js';
import { dapEndpoints, newDapTask } from './reporting-mesh.js';
import { peerFailureLog } from '../../node/roles/dap-peer-log.js';
import { createLogger } from '../../node/log/logger.js';

const running: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const URN = 'urn:ietf:params:ppm:dap:error:';

interface Line {
  level: string;
  msg: string;
  peer?: string;
  call?: string;
  problem?: string;
  status?: number;
  next?: string;
}

const warnings = (p: ServeProcess): Line[] =>
  p
    .stderr()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.msg === 'peer call failed');

async function rejected(leader: ServeProcess): Promise<number> {
  const text = await (await fetch(`${leader.url}/metrics`)).text();
  return Number(/^mesh_dap_reports_rejected_total (\d+)/m.exec(text)?.[1] ?? 0);
}

describe('failed peer calls are logged at warn level', () => {
  it('the Leader names its Helper and the collector its Leader, once per window', async () => {
    const dir = tempDir('peer-logs');
    const dap = await dapEndpoints();
    // Task a is the Leader's; the Helper serves only task b, and the collector collects task b.
    for (const t of ['a', 'b'])
      await newDapTask(join(dir, t), {
        length: 5,
        minBatchSize: 2,
        batchMode: 'leader_selected',
        timePrecision: 60,
        leader: dap.leader,
        helper: dap.helper,
      });
    const read = (t: string, role: string) =>
      JSON.parse(readFileSync(join(dir, t, `${role}.json`), 'utf8')) as Record<string, string>;
    const serve = async (role: string, port: number, task: string) => {
      const p = await startServe([
        ...['--role', `dap-${role}`, '--port', String(port), '--data', join(dir, `d-${role}`)],
        ...['--task', join(dir, task, `${role}.json`)],
      ]);
      running.push(p);
      return p;
    };
    await serve('helper', dap.helperPort, 'b');
    const leader = await serve('leader', dap.leaderPort, 'a');
    const key = join(dir, 'collector.key');
    expect((await runMesh(['keys', 'new', '--role', 'collector', '--out', key])).code).toBe(0);
    const pack = join(dir, 'pack.json');
    writeFileSync(pack, JSON.stringify({ name: 'p', catalog: ['r1'] }));
    const config = join(dir, 'collector-config.json');
    writeFileSync(config, JSON.stringify({ collector: { pack, key, pollSeconds: 0.2 } }));
    const collector = await startServe([
      ...['--role', 'collector', '--task', join(dir, 'b', 'collector.json')],
      ...['--config', config, '--data', join(dir, 'd-collector')],
    ]);
    running.push(collector);

    const client = new DapClient(read('a', 'client') as unknown as ClientTaskFile);
    const up = await client.upload(
      [0, 1].map(() => ({ measurement: [1, 0, 0, 0, 1], timeSeconds: Date.now() / 1000 })),
    );
    expect(up.accepted).toBe(2);
    // Abandoned three times (a job each time), then the reports are dropped.
    for (let i = 0; i < 300 && (await rejected(leader)) < 2; i++) await sleep(100);
    expect(await rejected(leader)).toBe(2);
    // The collector has asked several times by now (every 0.2 s).
    await sleep(1500);

    const taskA = read('a', 'leader').task_id ?? '';
    const taskB = read('b', 'collector').task_id ?? '';
    expect(warnings(leader)).toEqual([
      {
        t: expect.any(String) as unknown,
        level: 'warn',
        msg: 'peer call failed',
        role: 'dap-leader',
        peer: `${dap.helper}tasks/${taskA}/aggregation_jobs`,
        call: 'aggregation_job',
        problem: `${URN}unrecognizedTask`,
        status: 404,
        next: 'job abandoned: its reports wait for another job',
      },
    ]);
    const fromCollector = warnings(collector);
    expect(fromCollector).toHaveLength(1);
    expect(fromCollector[0]).toMatchObject({
      level: 'warn',
      peer: `${dap.leader}tasks/${taskB}/collection_jobs`,
      call: 'collection_job',
      problem: `${URN}unrecognizedTask`,
      next: 'retry in 0.2 s',
    });
    // No secret of either task in any log line.
    const secrets = [read('a', 'leader'), read('b', 'collector')].flatMap((f) =>
      ['aggregator_auth_token', 'collector_auth_token', 'vdaf_verify_key']
        .map((k) => f[k])
        .filter((v): v is string => typeof v === 'string'),
    );
    expect(secrets.length).toBeGreaterThan(1);
    for (const s of secrets)
      for (const p of [leader, collector]) expect(p.stderr()).not.toContain(s);
  }, 120_000);

  it('a window holds back repeats of one peer and answer, and the next line counts them', () => {
    const lines: Record<string, unknown>[] = [];
    let now = 0;
    const log = createLogger({
      level: 'warn',
      write: (l) => lines.push(JSON.parse(l) as Record<string, unknown>),
    });
    const report = peerFailureLog(log, 30_000, () => now);
    const dead = { peer: 'https://h.example/helper/tasks/t/aggregation_jobs', next: 'retry' };
    for (let i = 0; i < 5; i++) report({ ...dead, call: 'aggregation_job', cause: 'refused' });
    // Another answer of the same peer is its own line.
    report({ ...dead, call: 'aggregation_job', status: 500 });
    now = 29_999;
    report({ ...dead, call: 'aggregation_job', cause: 'refused' });
    expect(lines.map((l) => l.held_back)).toEqual([undefined, undefined]);
    now = 30_001;
    report({ ...dead, call: 'aggregation_job', cause: 'refused' });
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatchObject({ level: 'warn', cause: 'refused', held_back: 5 });
  });
});
