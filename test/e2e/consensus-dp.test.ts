// Differential privacy through real Leader and Helper processes: each aggregator adds its own noise
// to its aggregate share (either alone noises the aggregate), the aggregate is exact when the task
// has no dp section, and the collector's proposal states the mechanism, the margin it applied and
// the budget the task has spent, kept durably beside its data.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyProposal } from '../../node/consensus/index.js';
import { runMesh } from '../support/run-mesh.js';
import { startServe, type ServeProcess } from '../support/serve-process.js';
import { dapEndpoints, startAggregators } from './reporting-mesh.js';

const services: ServeProcess[] = [];
afterAll(async () => {
  await Promise.all(services.map((s) => s.stop()));
});

const work = mkdtempSync(join(tmpdir(), 'mesh-consensus-dp-'));
// Three rules, one tier slot: 13 entries per report; three organisations' windows.
const REPORTS = [
  [1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1],
  [1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1, 1],
  [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
];
const EXACT = REPORTS.reduce((a, r) => a.map((x, i) => x + (r[i] ?? 0)));

async function mesh(args: string[]): Promise<Record<string, unknown>> {
  const r = await runMesh([...args, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** A task (dp on: Laplace, epsilon 0.5) whose aggregators may drop their dp sections, running. */
async function task(name: string, noised: { leader: boolean; helper: boolean }, submitNow = true) {
  const dir = join(work, name);
  const dap = await dapEndpoints();
  const t = join(dir, 'task');
  await mesh([
    'dap',
    'task',
    'new',
    '--vdaf',
    'Prio3SumVec',
    '--length',
    '13',
    '--max-measurement',
    '1',
    '--min-batch-size',
    '3',
    '--batch-mode',
    'leader_selected',
    '--time-precision',
    '60',
    '--leader',
    dap.leader,
    '--helper',
    dap.helper,
    '--out-dir',
    t,
    // A small batch for the test, under the consent floor on purpose.
    '--below-consent-floor',
    ...(noised.leader || noised.helper ? ['--dp-epsilon', '0.5'] : []),
  ]);
  for (const role of ['leader', 'helper'] as const) {
    if (noised[role]) continue;
    const f = join(t, `${role}.json`);
    const doc = JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
    delete doc.dp;
    writeFileSync(f, JSON.stringify(doc), { mode: 0o600 });
  }
  services.push(...(await startAggregators(dir, t, dap)));
  const jsonl = join(dir, 'm.jsonl');
  writeFileSync(jsonl, REPORTS.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const submit = () =>
    mesh(['dap', 'submit', '--task', join(t, 'client.json'), '--measurements', jsonl]);
  if (submitNow) await submit();
  return { dir, task: t, submit };
}

const collectNext = (t: string) =>
  mesh(['dap', 'collect', '--task', join(t, 'collector.json'), '--next', '--timeout', '120']);

describe('differential privacy at the aggregators, through real processes', () => {
  it('without dp the aggregate is exact; with either aggregator alone noising, it is not', async () => {
    const [none, leaderOnly, helperOnly] = await Promise.all([
      task('none', { leader: false, helper: false }),
      task('leader-only', { leader: true, helper: false }),
      task('helper-only', { leader: false, helper: true }),
    ]);
    const exact = await collectNext(none.task);
    expect(exact.aggregate).toEqual(EXACT);
    expect(exact.dp).toBeUndefined();
    for (const t of [leaderOnly, helperOnly]) {
      const c = await collectNext(t.task);
      const agg = c.aggregate as number[];
      expect(c.report_count).toBe(3);
      // Laplace scale 13/0.5 = 26 on each of 13 counts: all 13 unchanged has probability < 1e-20.
      expect(agg).not.toEqual(EXACT);
      expect(agg.every((x, i) => Math.abs(x - (EXACT[i] ?? 0)) < 26 * 30)).toBe(true);
      expect(c.dp).toMatchObject({
        mechanism: 'discrete-laplace',
        epsilon: 0.5,
        parameter: '26/1',
      });
      expect(c.budget).toMatchObject({ collections: 1, epsilon: 0.5 });
      expect(existsSync(join(t.task, 'collector.json.dp-budget.json'))).toBe(true);
    }
  }, 240_000);

  it("both aggregators noise; the collector's proposal states the noise, the margin and the budget", async () => {
    const t = await task('both', { leader: true, helper: true }, false);
    const key = join(t.dir, 'collector.key');
    const k = await mesh(['keys', 'new', '--role', 'collector', '--out', key]);
    const pack = join(t.dir, 'pack.json');
    writeFileSync(pack, JSON.stringify({ name: 'p', catalog: ['r1', 'r2', 'r3'] }));
    const config = join(t.dir, 'collector-config.json');
    const consensus = { promoteAfterDays: 0, promoteMinReports: 3, promoteMinHits: 2 };
    writeFileSync(
      config,
      JSON.stringify({ collector: { pack, key, pollSeconds: 1, ringSince: 0, consensus } }),
    );
    const data = join(t.dir, 'c');
    const collector = await startServe([
      '--role',
      'collector',
      '--task',
      join(t.task, 'collector.json'),
      '--config',
      config,
      '--data',
      data,
    ]);
    services.push(collector);
    await t.submit();
    let proposals: unknown[] = [];
    for (let i = 0; i < 240 && proposals.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 500));
      proposals = (await (await fetch(`${collector.url}/collector/proposals`)).json()) as unknown[];
    }
    const status = await (await fetch(`${collector.url}/collector/status`)).json();
    expect(proposals, JSON.stringify(status)).toHaveLength(1);
    const body = verifyProposal(proposals[0], k.public as string);
    expect(body.privacy).toMatchObject({
      mechanism: 'discrete-laplace',
      epsilon: '0.5',
      noised_by: 'leader and helper',
      tail_probability: '0.001',
      budget: { collections: 1, epsilon: '0.5', composition: 'basic' },
    });
    const margin = (body.privacy as { margin: number }).margin;
    // Two draws of scale 26 each exceed 26 ln(4000) ~ 215 with probability 1/2000: m = 2 x 215.
    expect(margin).toBe(430);
    const noisy = [
      ...body.aggregate.hits,
      ...body.aggregate.false_positive_marks,
      ...body.aggregate.approvals,
      ...body.aggregate.rejections,
      ...body.aggregate.tiers,
    ];
    expect(noisy).not.toEqual(EXACT);
    expect(noisy.every((x, i) => Math.abs(x - (EXACT[i] ?? 0)) <= 2 * margin)).toBe(true);
    // Three organisations' windows cannot clear a threshold of 2 hits beyond a 430 margin.
    expect(body.proposals).toEqual([]);
    const ledger = JSON.parse(readFileSync(join(data, 'collector', 'dp-budget.json'), 'utf8')) as {
      batches: string[];
    };
    expect(ledger.batches).toHaveLength(1);
  }, 240_000);
});
