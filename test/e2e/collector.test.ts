import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyProposal } from '../../node/consensus/index.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { dapEndpoints, newDapTask, startAggregators } from './reporting-mesh.js';

const services: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
});

describe('collector role: batch -> aggregate -> signed consensus proposal', () => {
  it('collects once the Leader holds min_batch_size reports and signs what it proposes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mesh-collector-'));
    const dap = await dapEndpoints();
    const task = join(dir, 'task');
    await newDapTask(task, {
      length: 13,
      minBatchSize: 3,
      batchMode: 'leader_selected',
      timePrecision: 60,
      leader: dap.leader,
      helper: dap.helper,
    });
    const key = join(dir, 'collector.key');
    const k = await runMesh(['keys', 'new', '--role', 'collector', '--out', key, '--json']);
    const collectorPublic = (JSON.parse(k.stdout) as { public: string }).public;
    const pack = join(dir, 'pack.json');
    writeFileSync(pack, JSON.stringify({ name: 'p', catalog: ['r1', 'r2', 'r3'] }));
    const config = join(dir, 'collector.json');
    writeFileSync(
      config,
      JSON.stringify({
        collector: {
          pack,
          key,
          pollSeconds: 1,
          ring: 'canary',
          ringSince: 0,
          consensus: {
            promoteAfterDays: 0,
            promoteMinReports: 3,
            promoteMinHits: 2,
            demoteMinHits: 1,
            demoteFalsePositiveShare: 0.5,
          },
        },
      }),
    );

    services.push(...(await startAggregators(dir, task, dap)));
    const collector = await startServe([
      '--role',
      'collector',
      '--task',
      join(task, 'collector.json'),
      '--config',
      config,
      '--data',
      join(dir, 'c'),
    ]);
    services.push(collector);

    // r1 hits on every report (two approvals of its escalations: not false positives), r2 on one
    // with a false-positive mark on two, r3 never; one organisation of tier 0 per report.
    //  hits     marks    approved rejected tier
    const reports = [
      [1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1],
      [1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1],
      [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    ];
    const jsonl = join(dir, 'm.jsonl');
    writeFileSync(jsonl, reports.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const sub = await runMesh([
      'dap',
      'submit',
      '--task',
      join(task, 'client.json'),
      '--measurements',
      jsonl,
    ]);
    expect(sub.code, sub.stderr).toBe(0);

    let proposals: unknown[] = [];
    for (let i = 0; i < 180 && proposals.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      proposals = (await (await fetch(`${collector.url}/collector/proposals`)).json()) as unknown[];
    }
    const status = await (await fetch(`${collector.url}/collector/status`)).json();
    expect(proposals, JSON.stringify(status)).toHaveLength(1);
    const body = verifyProposal(proposals[0], collectorPublic);
    expect(body.aggregate).toMatchObject({
      report_count: 3,
      hits: [3, 1, 0],
      false_positive_marks: [0, 2, 0],
      approvals: [2, 0, 0],
      rejections: [0, 0, 0],
      tiers: [3],
    });
    expect(body.note).toContain('organisation-windows');
    expect(body.privacy).toEqual({ mechanism: 'none' });
    expect(body.proposals.map((p) => [p.kind, p.rule])).toEqual([
      ['promote', 'r1'],
      ['demote', 'r2'],
    ]);
    expect(() =>
      verifyProposal(
        { ...(proposals[0] as object), signed: { ...body, pack: 'other' } },
        collectorPublic,
      ),
    ).toThrow();
  }, 180_000);
});
